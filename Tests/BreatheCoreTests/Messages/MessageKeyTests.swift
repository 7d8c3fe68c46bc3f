import Testing

@testable import BreatheCore

@Suite struct MessageKeyTests {
    /// A locale key names its case by one rule, whatever its depth, digits or hyphens.
    @Test(arguments: [
        ("phase.inhale", MessageKey.phaseInhale),
        ("doctor.audio.fix", .doctorAudioFix),
        ("doctor.voicePreference.ok", .doctorVoicePreferenceOk),
        ("error.prefsFile.unusable", .errorPrefsFileUnusable),
        ("error.events.fd", .errorEventsFd),
        ("pattern.4-7-8", .pattern478),
        ("exit.143", .exit143),
        ("weekday.0", .weekday0),
    ])
    func localeKeyNamesItsCase(localeKey: String, key: MessageKey) {
        #expect(MessageKey(localeKey: localeKey) == key)
        #expect(MessageKey.caseName(localeKey: localeKey) == key.rawValue)
    }

    /// Keys that are not messages (help texts, the system's words) name no case.
    @Test(arguments: ["help.start.lang", "helpPage.keys", "system.Connection refused", "phase", "phase.inhale.x"])
    func otherKeysNameNoCase(localeKey: String) {
        #expect(MessageKey(localeKey: localeKey) == nil)
    }
}

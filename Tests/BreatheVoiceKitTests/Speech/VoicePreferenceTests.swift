import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A voice is checked against eSpeak NG's own list when it is saved, and a voice that does not work at use names
/// where it came from, with its documented exit.
@Suite struct VoicePreferenceTests {
    static func refusal(_ voice: String, language: String) -> Message? {
        do {
            try VoicePreference.check(voice, language: language, speech: LiveSpeech.speech)
            return nil
        } catch {
            #expect(error.exitCode == ExitStatus.usage)
            return error.message
        }
    }

    @Test func aVoiceMustBeInstalledAndSpeakItsLanguage() {
        #expect(Self.refusal("en-us", language: "en") == nil)
        #expect(Self.refusal("en-us+f3", language: "en") == nil)
        // A region's voice serves its language's other regions.
        #expect(Self.refusal("es", language: "es-419") == nil)
        #expect(Self.refusal("nosuchvoice", language: "en")?.key == .errorVoiceUnknownNoMatch)
        #expect(Self.refusal("en-us+f33", language: "en")?.key == .errorVoiceVariantUnknown)
        let other = Self.refusal("es", language: "en")
        #expect(other?.key == .errorVoiceOtherLanguage)
        #expect(
            Localizer(language: "en").string(other!)
                == "The voice \"es\" does not speak the language en: breathe-voice voices --lang en lists the installed "
                + "voices that do.")
    }

    @Test func aVoiceThatFailsAtUseNamesWhereItCameFrom() {
        let unknown = BreatheError.usage(Message(.errorVoiceUnknownNoMatch, ["value": .userValue("x")]))
        let english = Localizer(language: "en")
        func explained(_ origin: PreferenceOrigin) -> BreatheError {
            VoicePreference.explain(unknown, origin: origin, language: "en", file: "/home/u/prefs.json")
        }
        #expect(explained(.flag("--voice")).exitCode == ExitStatus.usage)
        #expect(english.string(explained(.flag("--voice")).message).hasPrefix("Option --voice: Unknown voice"))
        #expect(explained(.environment("BREATHE_VOICE_VOICE")).exitCode == ExitStatus.badPreferences)
        #expect(
            english.string(explained(.environment("BREATHE_VOICE_VOICE")).message).hasPrefix(
                "Environment variable BREATHE_VOICE_VOICE: Unknown voice"))
        #expect(explained(.file).exitCode == ExitStatus.badPreferences)
        #expect(
            english.string(explained(.file).message).hasPrefix(
                "Preference voice.en in /home/u/prefs.json: Unknown voice \"x\""))
        #expect(english.string(explained(.file).message).hasSuffix("\"breathe-voice prefs unset voice.en\"."))
        // Any other error, and the language's own voice, stay as they were.
        #expect(explained(.builtIn).message == unknown.message && explained(.builtIn).exitCode == ExitStatus.usage)
        let other = BreatheError.unavailable(Message(.errorSpeechUnavailable))
        let kept = VoicePreference.explain(other, origin: .file, language: "en", file: "f")
        #expect(kept.message == other.message && kept.exitCode == ExitStatus.unavailable)
    }
}

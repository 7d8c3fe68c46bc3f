import BreatheCore

/// How the voice sounds: which eSpeak NG voice, and its rate, pitch and volume.
package struct SpeechSettings: Hashable, Sendable {
    /// An eSpeak NG voice name or language code, such as `en-us`, `en`, `es` or `es-419`.
    package var voice: String
    /// Words per minute, 80–450.
    package var rate: Int
    /// 0–100; 50 is the voice's normal pitch.
    package var pitch: Int
    /// 0–200; 100 is normal.
    package var volume: Int

    /// eSpeak NG's own rate, and the preference's default (`PreferenceRules`, where it is written).
    package static let defaultRate = PreferenceRules.defaultInteger(.rate)

    package init(
        voice: String, rate: Int = defaultRate, pitch: Int = PreferenceRules.defaultInteger(.pitch),
        volume: Int = PreferenceRules.defaultInteger(.volume)
    ) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }
}

/// One installed eSpeak NG voice.
package struct SpeechVoice: Hashable, Sendable {
    /// What `--voice` takes: the voice's language code, such as `es-419`.
    package var code: String
    /// The voice's own name, such as "Spanish (Latin America)".
    package var name: String
    /// Every language the voice speaks, most preferred first.
    package var languages: [String]
    /// The voice's file within eSpeak NG's data, such as `roa/es-419`: what selects it exactly.
    package var identifier: String

    /// True when the voice speaks `language` ("es" matches "es", "es-419", "es-mx").
    package func speaks(_ language: String) -> Bool {
        let wanted = language.lowercased()
        return languages.contains { $0 == wanted || $0.hasPrefix(wanted + "-") }
    }
}

/// The per-language voices (`voice.en`, `voice.es`), kept together in the file's one `voice` member.
extension PreferencesDocument {
    /// The voice saved for `language`, if any.
    package func voice(for language: String) -> String? {
        guard case .voices(let voices)? = values[.voice] else { return nil }
        return voices[language]
    }

    /// Saves `voice` for `language`, keeping every other language's voice (nil removes `language`'s).
    package mutating func setVoice(_ voice: String?, for language: String) {
        var voices: [String: String] = [:]
        if case .voices(let existing)? = values[.voice] { voices = existing }
        voices[language] = voice
        values[.voice] = .voices(voices)
    }

    /// Removes `language`'s voice, and the `voice` member once no language has one.
    package mutating func removeVoice(for language: String) {
        guard case .voices(var voices)? = values[.voice] else { return }
        voices[language] = nil
        values[.voice] = voices.isEmpty ? nil : .voices(voices)
    }
}

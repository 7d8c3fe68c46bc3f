import BreatheCore

/// The values a hand-edited preferences file (`prefs edit`) newly saves, checked by the rules `prefs set` and
/// `patterns add` follow: a voice must be installed for its language, and a pattern's name unique whatever its case.
/// What the file held before is left as it was (a voice uninstalled since is named when it is used).
package enum SavedValues {
    /// Checks a value `prefs set` is about to save for `key` (in `language`, for one kept per language), by the rules
    /// that need the system: a voice must be installed for its language now, not at the next session.
    package static func checkTyped(
        _ value: PreferenceValue, for key: PreferenceKey, language: String, speech: Speech = LiveSpeech.speech
    ) throws(BreatheError) {
        if key == .voice, let voice = value.text {
            try VoicePreference.check(voice, language: language, speech: speech)
        }
    }

    /// Throws the first problem (a usage error naming the preference) of the values `document` holds that `previous`
    /// did not.
    package static func checkNew(
        _ document: PreferencesDocument, since previous: PreferencesDocument?, speech: Speech = LiveSpeech.speech
    ) throws(BreatheError) {
        if case .byLanguage(let voices)? = document.values[.voice] {
            for (language, voice) in voices.sorted(by: { $0.key < $1.key })
            where previous?.text(.voice, for: language) != voice {
                do throws(BreatheError) {
                    try VoicePreference.check(voice, language: language, speech: speech)
                } catch {
                    throw .usage(
                        Message(
                            .errorVoiceInFile, ["key": .text("voice." + language), "problem": .message(error.message)]))
                }
            }
        }
        let before = Set((previous?.customPatterns ?? []).compactMap(\.name))
        var seen: [String: String] = [:]
        for name in document.customPatterns.compactMap(\.name) {
            let folded = name.lowercased()
            if let other = seen[folded], !(before.contains(name) && before.contains(other)) {
                let (new, saved) = before.contains(name) ? (other, name) : (name, other)
                throw .usage(Message(.errorPatternCaseTwin, ["name": .userValue(new), "saved": .userValue(saved)]))
            }
            seen[folded] = name
        }
    }
}

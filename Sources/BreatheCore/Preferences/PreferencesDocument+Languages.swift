/// A preference kept per language (`PreferenceRule.perLanguage`: the voice, `voice.en`, `voice.es`), one text for each
/// language in the file's one member; any other preference, its one value.
extension PreferencesDocument {
    /// The text saved for `language`, if any.
    package func text(_ key: PreferenceKey, for language: String) -> String? {
        guard case .byLanguage(let texts)? = values[key] else { return nil }
        return texts[language]
    }

    /// Saves `value`: for a preference kept per language, as `language`'s, keeping every other language's.
    package mutating func save(_ value: PreferenceValue, for key: PreferenceKey, language: String) {
        guard key.declaration.isPerLanguage, let text = value.text else {
            values[key] = value
            return
        }
        var texts: [String: String] = [:]
        if case .byLanguage(let existing)? = values[key] { texts = existing }
        texts[language] = text
        values[key] = .byLanguage(texts)
    }

    /// Removes the value, or, given a language, only its text of a preference kept per language (and the member once
    /// no language has one).
    package mutating func remove(_ key: PreferenceKey, language: String? = nil) {
        guard key.declaration.isPerLanguage, let language else {
            values[key] = nil
            return
        }
        guard case .byLanguage(var texts)? = values[key] else { return }
        texts[language] = nil
        values[key] = texts.isEmpty ? nil : .byLanguage(texts)
    }
}

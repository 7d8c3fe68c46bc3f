/// What each preference accepts, its default, and how it is read from typed text or from the file.
package struct PreferenceRules: Sendable {
    /// The built-in language codes, for `language` and the per-language voices.
    var languages: [String]

    package init(languages: [String]) {
        self.languages = languages
    }

    /// The newest file version this program reads and the one it writes.
    static let version = 1

    /// A preference's kind, from its row (`PreferenceKey.declaration`).
    static func kind(_ key: PreferenceKey) -> PreferenceKind { key.declaration.kind }

    /// The range of a whole-number preference, or an empty one.
    package static func range(_ key: PreferenceKey) -> ClosedRange<Int> { kind(key).range ?? 0...0 }

    package static var rate: ClosedRange<Int> { range(.rate) }
    static var pitch: ClosedRange<Int> { range(.pitch) }
    static var volume: ClosedRange<Int> { range(.volume) }
    package static var toneVolume: ClosedRange<Int> { range(.toneVolume) }
    /// Custom pattern names: 1 to 32 characters.
    static let nameLength = 1...32

    /// The built-in default of a number preference (rate, pitch, volume, toneVolume): what the options, the audio
    /// choices and `Preferences` fall back to, from its row.
    package static func defaultInteger(_ key: PreferenceKey) -> Int { defaultValue(key)?.integer ?? 0 }

    /// The built-in default of a choice preference, as its type, from its row.
    package static func defaultSetting<Setting: RawRepresentable & CaseIterable>(_ key: PreferenceKey) -> Setting
    where Setting.RawValue == String {
        defaultValue(key)?.text.flatMap(Setting.init(rawValue:)) ?? Setting.allCases.first!
    }

    /// The built-in default of an on/off preference, from its row.
    package static func defaultFlag(_ key: PreferenceKey) -> Bool { defaultValue(key)?.flag ?? false }

    /// The built-in default, from its row (`PreferenceKey.declaration`), or nil where the default depends on something
    /// else (the language's own voice, the locale's language) or where there is none (quiet hours).
    package static func defaultValue(_ key: PreferenceKey) -> PreferenceValue? { key.declaration.defaultValue }

    /// What a key allows, for errors: "a whole number from 80 to 450" (its kind's).
    func allowed(_ key: PreferenceKey) -> Message { Self.kind(key).allowed(self) }

    /// Reads a value typed by the user (`prefs set`, an environment variable, an option), by its kind. Nil means "not
    /// allowed"; the caller words the error with `allowed(key)`. Pattern names are checked against `customPatterns`.
    func parse(_ key: PreferenceKey, _ text: String, customPatterns: [BreathingPattern] = []) -> PreferenceValue? {
        Self.kind(key).parse(text, self, customPatterns: customPatterns)
    }

    /// Reads the value `prefs set` saves for `key`, typed under the name `name` (`rate`, `voice.es`): the value, or
    /// the sentence that refuses it (one changed by commands of its own, or a value its kind does not allow).
    package func typed(
        _ key: PreferenceKey, name: String, _ text: String, customPatterns: [BreathingPattern]
    ) -> Result<PreferenceValue, InputError> {
        if Self.kind(key).isReadOnly { return .failure(InputError(Message(.errorPrefReadOnly, ["key": .text(name)]))) }
        guard let value = parse(key, text, customPatterns: customPatterns) else {
            return .failure(InputError(Preferences.refusal(key: name, value: text, allowed: allowed(key))))
        }
        return .success(value)
    }

    /// An eSpeak NG voice name: letters, digits and `-_+./`, 1 to 64 characters (e.g. en-us, es+f3, gmw/en-GB-x-rp).
    static func isVoiceName(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+./".unicodeScalars.contains($0))
            }
    }

    /// Checks a name for a new custom pattern (`patterns add`); nil when it is fine, else the refusal.
    package static func checkPatternName(_ name: String) -> Message? {
        if let problem = checkSavedPatternName(name) { return problem }
        if BreathingPattern.builtIn(named: name) != nil {
            return Message(.errorPatternBuiltIn, ["name": .userValue(name)])
        }
        return nil
    }

    /// Checks the name of a pattern read from the preferences file: its form only. One saved before a later version
    /// shipped a built-in of that name is kept, and keeps working (see `PatternSpec.resolve`).
    static func checkSavedPatternName(_ name: String) -> Message? {
        let scalars = name.unicodeScalars
        guard nameLength.contains(name.count), let first = scalars.first, first.properties.isAlphabetic,
            scalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_"
            })
        else { return Message(.errorPatternName, ["name": .userValue(name)]) }
        return nil
    }

    /// Reads a value from the file, by its kind. On failure, returns what was wrong, as a sentence about `key`.
    func decode(_ key: PreferenceKey, _ node: JSONNode, customPatterns: [BreathingPattern]) -> Result<
        PreferenceValue, InputError
    > {
        Self.kind(key).decode(node, self, customPatterns: customPatterns)
            ?? .failure(
                InputError(
                    Message(.errorPrefsFileValue, ["key": .text(key.rawValue), "allowed": .message(allowed(key))])))
    }
}

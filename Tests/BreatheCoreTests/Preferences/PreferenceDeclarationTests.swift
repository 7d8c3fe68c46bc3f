import Testing

@testable import BreatheCore

/// The table of preferences (`PreferenceKey.declaration`): every row names what the rest reads from it, and no two rows
/// share an option or a variable.
@Suite struct PreferenceDeclarationTests {
    static let rows = PreferenceKey.allCases.map { ($0, $0.declaration) }

    @Test func optionsAndVariablesAreEachOnesOwn() {
        let options = Self.rows.compactMap(\.1.option)
        let variables = Self.rows.compactMap(\.1.environmentVariable)
        #expect(Set(options).count == options.count, "\(options)")
        #expect(Set(variables).count == variables.count, "\(variables)")
        for (key, row) in Self.rows {
            if let option = row.option { #expect(option.hasPrefix("--") && row.longName == option.dropFirst(2)) }
            if let variable = row.environmentVariable { #expect(variable.hasPrefix("BREATHE_VOICE_"), "\(key)") }
        }
        // Only the saved patterns, changed by `patterns add` and `patterns remove`, have no variable.
        #expect(Self.rows.filter { $0.1.environmentVariable == nil }.map(\.0) == [.customPatterns])
    }

    /// A preference of a shared kind has a default of that kind, allowed by its own rule.
    @Test func aSharedKindsDefaultIsOfItsKind() {
        let rules = PreferenceRules(languages: ["en"])
        for (key, row) in Self.rows {
            guard let kind = row.kind else { continue }
            let value = row.defaultValue
            switch kind {
            case .onOff: #expect(value?.flag != nil, "\(key)")
            case .count(let range): #expect(value?.integer.map(range.contains) == true, "\(key)")
            case .choice(let words): #expect(value?.text.map(words.contains) == true, "\(key)")
            }
            #expect(
                value.map { rules.parse(key, $0.displayText) == $0 } == true, "\(key): \(String(describing: value))")
            #expect(PreferenceRules.kind(key) == kind && PreferenceRules.defaultValue(key) == value)
        }
    }

    /// The option's value name: the one given, else the kind's choices.
    @Test func valueNamesComeFromTheKind() {
        #expect(PreferenceKey.speech.declaration.valueName == "on|off")
        #expect(PreferenceKey.braille.declaration.valueName == "auto|on|off")
        #expect(PreferenceKey.guide.declaration.valueName == "swell|off")
        #expect(PreferenceKey.rate.declaration.valueName == "wpm")
        #expect(PreferenceKey.display.declaration.valueName == "mode")
        #expect(PreferenceKey.toneVolume.declaration.helpKey == "help.option.tone-volume")
        #expect(PreferenceKey.language.declaration.helpKey == "help.option.lang")
        #expect(PreferenceKey.toneVolume.labelKey == "pref.label.toneVolume")
    }
}

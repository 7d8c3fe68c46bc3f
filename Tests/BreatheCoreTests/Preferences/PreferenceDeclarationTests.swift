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
            let value = row.defaultValue
            switch row.kind {
            case .onOff: #expect(value?.flag != nil, "\(key)")
            case .number(let range): #expect(value?.integer.map(range.contains) == true, "\(key)")
            case .choice(let words): #expect(value?.text.map(words.contains) == true, "\(key)")
            case .duration, .rule: continue
            }
            #expect(
                value.map { rules.parse(key, $0.displayText) == $0 } == true, "\(key): \(String(describing: value))")
            #expect(PreferenceRules.defaultValue(key) == value)
        }
    }

    /// Only what no kind describes keeps a rule of its own: the language, the voices, screen-reader mode, the
    /// patterns, quiet hours and the saved patterns. Minutes and the reminder's wait are lengths of time.
    @Test func onlyWhatNoKindDescribesHasARule() {
        let ruled = Self.rows.filter { if case .rule = $0.1.kind { true } else { false } }.map(\.0)
        #expect(
            ruled == [.language, .voice, .screenReader, .defaultPattern, .quietHours, .remindPattern, .customPatterns])
        let durations = Self.rows.filter { if case .duration = $0.1.kind { true } else { false } }.map(\.0)
        #expect(durations == [.defaultMinutes, .remindMinutes, .remindDefer])
    }

    /// Options that come from the row alone are not declared in an options group too, and a switch is one of neither.
    @Test func anOptionComesFromItsRowOrFromAGroup() {
        for (key, row) in Self.rows where row.optionFromRow {
            #expect(row.option != nil && !row.isSwitch, "\(key)")
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

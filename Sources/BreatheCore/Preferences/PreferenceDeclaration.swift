/// Everything said of one preference, in one row of `PreferenceKey.declaration`: what it holds, its default, its
/// option, its environment variable, and where its label and help live. The rules (`PreferenceRules`), the
/// environment and option names `Preferences.resolve` reads, `prefs show`, the options' help and value names, the
/// completions and the man pages all read it from there.
package struct PreferenceDeclaration: Sendable {
    /// What it holds, read, checked and described alike; nil for one read by a rule of its own in `PreferenceRules`
    /// (the language, the voices, the patterns, minutes, quiet hours, the reminder's wait, screen-reader mode).
    var kind: PreferenceRules.Kind?
    /// The built-in default; nil where it depends on something else (the locale's language, the language's own voice)
    /// or where there is none (quiet hours).
    var defaultValue: PreferenceValue?
    /// The command-line option that overrides everything, as `--help` shows it (`--count`); nil: none.
    var option: String?
    /// The environment variable that overrides the file (`BREATHE_VOICE_COUNT`); nil: none.
    var environmentVariable: String?
    /// What the option's value is called in `--help` when the kind does not say it ("wpm" for a number).
    var valueNameGiven: String?
    /// The option's help in the locale files, when not `help.option.<option>`.
    var helpKeyGiven: String?
    /// Whether the option is a switch that takes no value and turns an on/off preference on (`--count`), rather than
    /// an option with a value (`--speech on|off`). The commands derive every switch from the rows (`PreferenceSwitch`).
    package var isSwitch = false

    /// The option's value in `--help`: the one given, else the choices ("on|off", "swell|off").
    package var valueName: String {
        if let valueNameGiven { return valueNameGiven }
        switch kind {
        case .onOff?: return "on|off"
        case .choice(let words)?: return words.joined(separator: "|")
        case .count?, nil: return "value"
        }
    }

    /// The option's help sentence in the locale files: `help.option.<option without its dashes>`.
    package var helpKey: String { helpKeyGiven ?? "help.option." + longName }

    /// The option's name without its dashes, as argument-parser takes it (`count`); empty for none.
    package var longName: String { String((option ?? "").drop { $0 == "-" }) }

    /// On or off, set on the command line by an option with a value (`--speech on|off`), or by none.
    static func onOff(_ value: Bool, option: String? = nil, environment: String) -> PreferenceDeclaration {
        PreferenceDeclaration(
            kind: .onOff, defaultValue: .onOff(value), option: option, environmentVariable: environment)
    }

    /// On or off, turned on on the command line by a switch without a value (`--count`), which `start` and `remind`
    /// take from this row alone.
    static func onOff(_ value: Bool, switch option: String, environment: String) -> PreferenceDeclaration {
        var declaration = onOff(value, option: option, environment: environment)
        declaration.isSwitch = true
        return declaration
    }

    /// A whole number in `range`.
    static func count(
        _ range: ClosedRange<Int>, _ value: Int, option: String, environment: String, valueName: String
    ) -> PreferenceDeclaration {
        PreferenceDeclaration(
            kind: .count(range), defaultValue: .integer(value), option: option, environmentVariable: environment,
            valueNameGiven: valueName)
    }

    /// One of `words`.
    static func choice(
        _ words: [String], _ value: String, option: String?, environment: String, valueName: String? = nil,
        helpKey: String? = nil
    ) -> PreferenceDeclaration {
        PreferenceDeclaration(
            kind: .choice(words), defaultValue: .text(value), option: option, environmentVariable: environment,
            valueNameGiven: valueName, helpKeyGiven: helpKey)
    }

    /// One of a setting's cases.
    static func choice<Setting: RawRepresentable & CaseIterable>(
        _ value: Setting, option: String?, environment: String, valueName: String? = nil
    ) -> PreferenceDeclaration where Setting.RawValue == String {
        choice(
            Setting.allCases.map(\.rawValue), value.rawValue, option: option, environment: environment,
            valueName: valueName)
    }

    /// Read and checked by a rule of its own in `PreferenceRules`.
    static func own(
        _ value: PreferenceValue?, option: String? = nil, environment: String? = nil, valueName: String? = nil,
        helpKey: String? = nil
    ) -> PreferenceDeclaration {
        PreferenceDeclaration(
            kind: nil, defaultValue: value, option: option, environmentVariable: environment, valueNameGiven: valueName,
            helpKeyGiven: helpKey)
    }
}

/// Everything said of one preference, in one row of `PreferenceKey.declaration`: what it holds (its kind, which reads,
/// checks and describes it), its default, its option, its environment variable, and where its label and help live.
/// The rules (`PreferenceRules`), the environment and option names `Preferences.resolve` reads, `prefs show`, the
/// options' help, value names and completions, and the man pages all read it from there.
package struct PreferenceDeclaration: Sendable {
    /// What it holds, read, checked and described alike (`PreferenceKind`).
    var kind: PreferenceKind
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
    /// Whether `start` and `remind` take the option from this row alone (`PreferenceOptions`, after the switches in
    /// `--help`), rather than from a property of an options group, which keeps its own place in `--help` or its own
    /// type (`option:` against `groupOption:` in the rows).
    package var optionFromRow = false

    /// The option's value in `--help`: the one given, else the kind's ("on|off", "swell|off", "value").
    package var valueName: String { valueNameGiven ?? kind.valueName }

    /// What its option's completions offer: its kind's words (none for a number or a length of time).
    package var completionWords: [String] { kind.completionWords }

    /// Whether it is kept per language (`voice.es`): its names take a language after a dot.
    package var isPerLanguage: Bool { kind.isPerLanguage }

    /// How `prefs show` says `value`, as its kind describes it: on and off in words (`words` localizes a sentence),
    /// a wait in words, decimals with the language's separator (`decimals`); nil: what it says when it is not set
    /// ("not set", or the language's own voice), which `prefs get` says too.
    package func shown(
        _ value: PreferenceValue?, words: (Message) -> String, decimals: (String) -> String
    ) -> String {
        guard let value else { return words(Message(kind.unsetMessage)) }
        switch kind.description(of: value) {
        case .message(let message): return words(message)
        case .decimals(let text): return decimals(text)
        case .text(let text): return text
        }
    }

    /// The option's help sentence in the locale files: `help.option.<option without its dashes>`.
    package var helpKey: String { helpKeyGiven ?? "help.option." + longName }

    /// The option's name without its dashes, as argument-parser takes it (`count`); empty for none.
    package var longName: String { String((option ?? "").drop { $0 == "-" }) }

    /// A row of `kind`. Its option, if any, is `option` (taken by `start` and `remind` from the row) or `groupOption`
    /// (a property of an options group in `Commands/Options`).
    static func of(
        _ kind: PreferenceKind, _ value: PreferenceValue?, option: String? = nil, groupOption: String? = nil,
        environment: String?, valueName: String? = nil, helpKey: String? = nil
    ) -> PreferenceDeclaration {
        PreferenceDeclaration(
            kind: kind, defaultValue: value, option: option ?? groupOption, environmentVariable: environment,
            valueNameGiven: valueName, helpKeyGiven: helpKey, optionFromRow: option != nil)
    }

    /// On or off, set on the command line by an option with a value (`--speech on|off`), or by none.
    static func onOff(_ value: Bool, option: String? = nil, groupOption: String? = nil, environment: String)
        -> PreferenceDeclaration
    {
        of(.onOff, .onOff(value), option: option, groupOption: groupOption, environment: environment)
    }

    /// On or off, turned on on the command line by a switch without a value (`--count`), which `start` and `remind`
    /// take from this row alone.
    static func onOff(_ value: Bool, switch option: String, environment: String) -> PreferenceDeclaration {
        var declaration = onOff(value, groupOption: option, environment: environment)
        declaration.isSwitch = true
        return declaration
    }

    /// A whole number in `range`.
    static func number(
        _ range: ClosedRange<Int>, _ value: Int, option: String? = nil, groupOption: String? = nil,
        environment: String, valueName: String
    ) -> PreferenceDeclaration {
        of(
            .number(range), .integer(value), option: option, groupOption: groupOption, environment: environment,
            valueName: valueName)
    }

    /// One of `words`.
    static func choice(
        _ words: [String], _ value: String, option: String? = nil, groupOption: String? = nil, environment: String,
        valueName: String? = nil, helpKey: String? = nil
    ) -> PreferenceDeclaration {
        of(
            .choice(words), .text(value), option: option, groupOption: groupOption, environment: environment,
            valueName: valueName, helpKey: helpKey)
    }

    /// One of a setting's cases.
    static func choice<Setting: RawRepresentable & CaseIterable>(
        _ value: Setting, option: String? = nil, groupOption: String? = nil, environment: String,
        valueName: String? = nil
    ) -> PreferenceDeclaration where Setting.RawValue == String {
        choice(
            Setting.allCases.map(\.rawValue), value.rawValue, option: option, groupOption: groupOption,
            environment: environment, valueName: valueName)
    }

    /// A session's length in minutes (`PreferenceDuration.minutes`), `hundredths` by default.
    static func minutes(
        _ hundredths: Int, groupOption: String? = nil, environment: String, helpKey: String? = nil
    ) -> PreferenceDeclaration {
        of(
            .duration(.minutes), .minutes(hundredths: hundredths), groupOption: groupOption, environment: environment,
            valueName: "minutes", helpKey: helpKey)
    }
}

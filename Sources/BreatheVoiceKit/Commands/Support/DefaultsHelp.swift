import BreatheCore

/// Defaults and ranges as `--help` words them, read from `PreferenceRules` so help, `prefs show` and the user's guide
/// agree.
enum DefaultsHelp {
    /// The built-in default of `key` as `prefs show` prints it ("70", "on", "box", "5").
    static func value(_ key: PreferenceKey) -> String {
        PreferenceRules.defaultValue(key)?.displayText ?? ""
    }

    /// "0 to 100".
    static func range(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound) to \(range.upperBound)"
    }
}

import BreatheCore

/// Which preferences give a command's pattern and length when no option does: `start` and `remind` differ.
protocol SessionDefaults {
    static var patternKey: PreferenceKey { get }
    static var minutesKey: PreferenceKey { get }
    /// Where the command's own help for `--pattern` and `--minutes` lives in the locale files (`help.option.pattern`,
    /// `help.remind.option.pattern`): each names its own preference and default.
    static var helpPrefix: String { get }
}

/// `start`: `defaultPattern` and `defaultMinutes`.
enum StartDefaults: SessionDefaults {
    static var patternKey: PreferenceKey { .defaultPattern }
    static var minutesKey: PreferenceKey { .defaultMinutes }
    static var helpPrefix: String { "help." }
}

/// `remind`: `remind.pattern` and `remind.minutes`.
enum RemindDefaults: SessionDefaults {
    static var patternKey: PreferenceKey { .remindPattern }
    static var minutesKey: PreferenceKey { .remindMinutes }
    static var helpPrefix: String { "help.remind." }
}

import BreatheCore

/// Which preferences give a command's pattern and length when no option does: `start` and `remind` differ. Their rows
/// also give `--pattern`'s and `--minutes`' help (`help.option.pattern`, `help.remind.option.pattern`): each names its
/// own preference and default.
protocol SessionDefaults {
    static var patternKey: PreferenceKey { get }
    static var minutesKey: PreferenceKey { get }
}

/// `start`: `defaultPattern` and `defaultMinutes`.
enum StartDefaults: SessionDefaults {
    static var patternKey: PreferenceKey { .defaultPattern }
    static var minutesKey: PreferenceKey { .defaultMinutes }
}

/// `remind`: `remind.pattern` and `remind.minutes`.
enum RemindDefaults: SessionDefaults {
    static var patternKey: PreferenceKey { .remindPattern }
    static var minutesKey: PreferenceKey { .remindMinutes }
}

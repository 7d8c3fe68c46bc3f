import BreatheCore

/// Which preferences give a command's pattern and length when no option does: `start` and `remind` differ.
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

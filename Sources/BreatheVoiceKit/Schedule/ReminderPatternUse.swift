import BreatheCore

/// Which pattern a scheduled reminder plays: the `--pattern` of its options (its summary, as `schedule add` wrote it),
/// else the `remind.pattern` preference. `doctor` calls a reminder whose pattern is gone a problem, and `patterns
/// remove` refuses to take away one a reminder plays.
///
/// A summary's words are read as the shell reads them (`PatternOption`): a name `schedule add` had to quote, such as
/// `'calmé'`, is the name.
package enum ReminderPatternUse {
    /// The pattern a reminder's options name (`--pattern NAME` or `--pattern=NAME`, the last one given); nil when they
    /// name none.
    static func patternName(inSummary summary: String) -> String? {
        PatternOption.name(in: summary)
    }

    /// The pattern a reminder plays: the one its options name, else `remindPattern`.
    static func pattern(ofSummary summary: String, remindPattern: String) -> String {
        patternName(inSummary: summary) ?? remindPattern
    }

    /// Whether `name` is a pattern no one has any more: neither saved nor built in, nor timings.
    static func isMissing(_ name: String, saved: [BreathingPattern]) -> Bool {
        guard case .failure(let error) = SessionRequest(pattern: name).resolve(saved: saved) else { return false }
        return error.message.key == .errorPatternUnknown
    }

    /// The reminders, of `reminders` (each its number and its summary), that play the saved pattern `name`, in order.
    package static func reminders(
        playing name: String, among reminders: [(id: Int, summary: String)], remindPattern: String
    ) -> [(id: Int, summary: String)] {
        reminders.filter { pattern(ofSummary: $0.summary, remindPattern: remindPattern) == name }
    }
}

/// Which saved pattern a scheduled reminder plays: the `--pattern` of its options (its summary, as `schedule add` wrote
/// it), else the `remind.pattern` preference. `doctor` calls a reminder whose pattern is gone a problem, and `patterns
/// remove` refuses to take away one a reminder plays.
package enum ReminderPatternUse {
    /// The pattern a reminder's options name (`--pattern NAME` or `--pattern=NAME`); nil when they name none.
    package static func patternName(inSummary summary: String) -> String? {
        let words = ShellWord.split(summary)
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--pattern", index + 1 < words.count { found = words[index + 1] }
            if word.hasPrefix("--pattern=") { found = String(word.dropFirst("--pattern=".count)) }
        }
        return found
    }

    /// The pattern a reminder plays: the one its options name, else `remindPattern`.
    package static func pattern(ofSummary summary: String, remindPattern: String) -> String {
        patternName(inSummary: summary) ?? remindPattern
    }

    /// Whether `name` is a pattern no one has any more: neither saved nor built in, nor timings.
    package static func isMissing(_ name: String, saved: [BreathingPattern]) -> Bool {
        guard case .failure(let error) = PatternSpec.resolve(name, saved: saved) else { return false }
        return error.message.key == .errorPatternUnknown
    }

    /// The reminders, of `reminders` (each its number and its summary), that play the saved pattern `name`, in order.
    package static func reminders(
        playing name: String, among reminders: [(id: Int, summary: String)], remindPattern: String
    ) -> [(id: Int, summary: String)] {
        reminders.filter { pattern(ofSummary: $0.summary, remindPattern: remindPattern).trimmingSpaces == name }
    }
}

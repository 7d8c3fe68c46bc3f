/// A daily window in which reminders keep quiet, from `start` up to (not including) `end`, in local time.
///
/// A window whose end is earlier than its start wraps past midnight: 22:00–07:00 covers the night.
package struct QuietHours: Hashable, Sendable {
    package var start: TimeOfDay
    package var end: TimeOfDay

    init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    /// Whether a reminder at `time` falls inside the window. A window that starts and ends at the same minute is empty.
    package func contains(_ time: TimeOfDay) -> Bool {
        if start <= end { return start <= time && time < end }
        return time >= start || time < end
    }

    /// How many minutes a day the window covers.
    var length: Int {
        (end.minutes - start.minutes + TimeOfDay.minutesPerDay) % TimeOfDay.minutesPerDay
    }

    /// What is wrong with the window, if anything, as a problem for `doctor`: an empty window never applies.
    package var problem: Message? {
        guard length == 0 else { return nil }
        return Message(.doctorQuietHoursEmpty, ["time": .text(start.text)])
    }

    /// "22:00-07:00".
    var text: String { start.text + "-" + end.text }

    /// Reads "HH:MM-HH:MM", such as 22:00-07:00.
    package static func parse(_ text: String) -> Result<QuietHours, InputError> {
        let parts = text.trimmingSpaces.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            case .success(let start) = TimeOfDay.parse(String(parts[0])),
            case .success(let end) = TimeOfDay.parse(String(parts[1]))
        else { return .failure(InputError(Message(.errorQuietHoursSyntax, ["value": .userValue(text)]))) }
        return .success(QuietHours(start: start, end: end))
    }
}

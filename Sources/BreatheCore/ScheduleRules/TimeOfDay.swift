/// A local wall-clock time to the minute, such as 09:00 or 18:30, as typed in `--from`, `--to`, `--at` and quiet hours.
package struct TimeOfDay: Hashable, Comparable, Sendable {
    /// Minutes since midnight, 0 to 1439.
    package let minutes: Int

    package init?(minutes: Int) {
        guard (0..<TimeOfDay.minutesPerDay).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    package init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }

    static let minutesPerDay = 1440

    var hour: Int { minutes / 60 }
    var minute: Int { minutes % 60 }

    /// "09:00", zero-padded and 24-hour, the form every command accepts back.
    package var text: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Reads "9:00", "09:00" or "18:30": 24-hour, two-digit minutes. Anything else is an error quoting the input.
    static func parse(_ text: String) -> Result<TimeOfDay, InputError> {
        let trimmed = text.trimmingSpaces
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]),
            let time = TimeOfDay(hour: hour, minute: minute)
        else { return .failure(InputError(Message(.errorTimeSyntax, ["value": .userValue(text)]))) }
        return .success(time)
    }

    package static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutes < rhs.minutes
    }
}

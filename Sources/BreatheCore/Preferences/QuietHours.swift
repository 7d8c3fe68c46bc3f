/// A time of day, to the minute.
public struct ClockTime: Hashable, Sendable, Comparable {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    /// "07:05".
    public var text: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Reads "7:05", "07:05" or "22:00"; hours 0–23, minutes 0–59.
    public static func parse(_ text: String) -> ClockTime? {
        let parts = text.trimmingSpaces.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return ClockTime(hour: hour, minute: minute)
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }
}

/// When reminders keep quiet, in local time. An end before the start wraps past midnight (22:00–07:00).
public struct QuietHours: Hashable, Sendable {
    public var start: ClockTime
    public var end: ClockTime

    public init(start: ClockTime, end: ClockTime) {
        self.start = start
        self.end = end
    }

    /// "22:00-07:00".
    public var text: String { start.text + "-" + end.text }

    /// True when `time` falls inside: from the start (included) to the end (excluded). Equal ends mean never.
    public func contains(_ time: ClockTime) -> Bool {
        if start == end { return false }
        if start < end { return start <= time && time < end }
        return time >= start || time < end
    }

    /// Reads "22:00-07:00".
    public static func parse(_ text: String) -> QuietHours? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = ClockTime.parse(String(parts[0])), let end = ClockTime.parse(String(parts[1]))
        else { return nil }
        return QuietHours(start: start, end: end)
    }
}

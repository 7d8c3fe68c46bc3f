import BreatheCore

/// The local wall-clock time, as a value source that tests replace.
public struct LocalClock: Sendable {
    public var now: @Sendable () -> TimeOfDay

    public init(now: @escaping @Sendable () -> TimeOfDay) {
        self.now = now
    }

    /// The system clock in the local time zone (TZ, else /etc/localtime).
    public static let live = LocalClock {
        var seconds = time(nil)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil,
              let time = TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
        else { return TimeOfDay(minutes: 0)! }
        return time
    }

    /// A clock stopped at `time`.
    public static func fixed(_ time: TimeOfDay) -> LocalClock {
        LocalClock { time }
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The local wall-clock time, as a value source that tests replace.
package struct LocalClock: Sendable {
    package var now: @Sendable () -> TimeOfDay

    package init(now: @escaping @Sendable () -> TimeOfDay) {
        self.now = now
    }

    /// The system clock in the local time zone (TZ, else /etc/localtime).
    package static let live = LocalClock {
        var seconds = time(nil)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil,
            let time = TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
        else { return TimeOfDay(minutes: 0)! }
        return time
    }

    /// A clock stopped at `time`.
    static func fixed(_ time: TimeOfDay) -> LocalClock {
        LocalClock { time }
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calendar time, from one injected source: the history's dates, the preferences' backup names, the age of stale
/// temporary files, quiet hours. The live one reads CLOCK_REALTIME; tests fix it. Local times are in the local time
/// zone (`TZ`, else /etc/localtime), with the UTC offset in force at that instant (DST included).
package struct WallClock: Sendable {
    /// The local date and time now.
    package var now: @Sendable () -> LocalTimestamp

    package init(now: @escaping @Sendable () -> LocalTimestamp) {
        self.now = now
    }

    /// The system's clock.
    package static let live = WallClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return local(epochSeconds: Int(spec.tv_sec))
    }

    /// A clock stopped at `time`.
    static func fixed(_ time: LocalTimestamp) -> WallClock {
        WallClock { time }
    }

    /// A clock stopped at `time` of day, today (local time).
    static func fixed(at time: TimeOfDay) -> WallClock {
        var today = live.now()
        today.hour = time.minutes / 60
        today.minute = time.minutes % 60
        today.second = 0
        return fixed(today)
    }

    /// Seconds since the epoch, now.
    func epochSeconds() -> Int { now().epochSeconds }

    /// The local time of day now, to the minute.
    package func timeOfDay() -> TimeOfDay {
        let now = now()
        return TimeOfDay(hour: now.hour, minute: now.minute) ?? TimeOfDay(minutes: 0)!
    }

    /// The local date and time of an instant, with the offset in force then (DST included).
    static func local(epochSeconds: Int) -> LocalTimestamp {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        tzset()
        localtime_r(&seconds, &parts)
        return LocalTimestamp(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(59, Int(parts.tm_sec)),
            offsetSeconds: Int(parts.tm_gmtoff)
        )
    }

    /// `20240331T091500Z`: for backup names, sortable and free of characters shells or file systems mind.
    static func utcStamp(epochSeconds: Int) -> String {
        let day = epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400
        let seconds = epochSeconds - day * 86_400
        let date = LocalTimestamp.dateText(dayNumber: day).filter { $0 != "-" }
        func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
        return date + "T" + pad(seconds / 3600) + pad(seconds % 3600 / 60) + pad(seconds % 60) + "Z"
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calendar time now, in the local time zone (`TZ`, else /etc/localtime), with its UTC offset.
package enum WallClock {
    /// Seconds since the epoch.
    package static func epochSeconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int(spec.tv_sec)
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

    package static func now() -> LocalTimestamp { local(epochSeconds: epochSeconds()) }
}

extension WallClock {
    /// `20240331T091500Z`: for backup names, sortable and free of characters shells or file systems mind.
    static func utcStamp(epochSeconds: Int) -> String {
        let day = epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400
        let seconds = epochSeconds - day * 86_400
        let date = LocalTimestamp.dateText(dayNumber: day).filter { $0 != "-" }
        func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
        return date + "T" + pad(seconds / 3600) + pad(seconds % 3600 / 60) + pad(seconds % 60) + "Z"
    }
}

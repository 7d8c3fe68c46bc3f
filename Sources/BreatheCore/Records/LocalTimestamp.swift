/// A wall-clock moment as the user lived it: the local date and time, and that place's offset from UTC.
///
/// Stored in the history as ISO 8601 (`2024-03-31T09:15:00+02:00`). The local date is what streaks count, so a session
/// belongs to the calendar day it had where and when it happened, whatever the time zone is later.
package struct LocalTimestamp: Hashable, Sendable, Comparable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    /// Seconds east of UTC.
    var offsetSeconds: Int

    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetSeconds: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offsetSeconds = offsetSeconds
    }

    /// The local calendar day, as a day number (0 = 1970-01-01).
    package var dayNumber: Int { LocalTimestamp.dayNumber(year: year, month: month, day: day) }

    /// Seconds since the Unix epoch: the same instant anywhere.
    package var epochSeconds: Int {
        dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    }

    package static func < (lhs: LocalTimestamp, rhs: LocalTimestamp) -> Bool { lhs.epochSeconds < rhs.epochSeconds }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day number (civil_from_days).
    package static func date(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 = Monday … 6 = Sunday.
    package static func weekday(dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (3).
        ((dayNumber % 7) + 7 + 3) % 7
    }

    /// "2024-03-31".
    package static func dateText(dayNumber: Int) -> String {
        let (year, month, day) = date(dayNumber: dayNumber)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// `2024-03-31T09:15:00+02:00`.
    var iso8601: String {
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offset = abs(offsetSeconds)
        return LocalTimestamp.dateText(dayNumber: dayNumber) + "T" + LocalTimestamp.pad(hour, 2) + ":"
            + LocalTimestamp.pad(minute, 2)
            + ":" + LocalTimestamp.pad(second, 2) + sign + LocalTimestamp.pad(offset / 3600, 2) + ":"
            + LocalTimestamp.pad(offset % 3600 / 60, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS` followed by `Z` or `±HH:MM`; fractions of a second are allowed and dropped.
    package static func parse(_ text: String) -> LocalTimestamp? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// `parse(_:)` over the text's UTF-8 bytes, so that the history's reader need not make a String first.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> LocalTimestamp? {
        guard bytes.count >= 20, let base = bytes.baseAddress else { return nil }
        // Every digit is read, and a byte that is not one marks the text invalid, so the common case has no early exits
        // (`stats` parses two timestamps per history line).
        var notDigit: UInt8 = 0
        @inline(__always) func number(_ from: Int, _ count: Int) -> Int {
            var value = 0
            for offset in from..<(from + count) {
                let digit = base[offset] &- 48
                notDigit |= digit >= 10 ? 1 : 0
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let year = number(0, 4)
        let month = number(5, 2)
        let day = number(8, 2)
        let hour = number(11, 2)
        let minute = number(14, 2)
        let second = number(17, 2)
        guard notDigit == 0, base[4] == 45, base[7] == 45, base[10] == 84 || base[10] == 32, base[13] == 58,
            base[16] == 58,
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        }
        guard index < bytes.count else { return nil }
        let offset: Int
        if bytes[index] == 90, index + 1 == bytes.count {
            offset = 0
        } else if bytes[index] == 43 || bytes[index] == 45, index + 6 == bytes.count, bytes[index + 3] == 58 {
            let hours = number(index + 1, 2)
            let minutes = number(index + 4, 2)
            guard notDigit == 0, hours < 24, minutes < 60 else { return nil }
            offset = (bytes[index] == 45 ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        return LocalTimestamp(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetSeconds: offset)
    }
}

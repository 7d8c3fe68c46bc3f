/// The five time fields of one crontab line: minute, hour, day of month, month, day of week.
struct CronTiming: Hashable, Sendable {
    var minute: String
    var hour: String
    var dayOfMonth: String
    var month: String
    var dayOfWeek: String

    init(minute: String, hour: String, dayOfMonth: String = "*", month: String = "*", dayOfWeek: String = "*") {
        self.minute = minute
        self.hour = hour
        self.dayOfMonth = dayOfMonth
        self.month = month
        self.dayOfWeek = dayOfWeek
    }

    /// "0 9-17/2 * * 1-5".
    var text: String { [minute, hour, dayOfMonth, month, dayOfWeek].joined(separator: " ") }

    /// The fewest crontab lines that fire at exactly `times` (minutes since midnight) on `days`, and at no other time.
    ///
    /// Times are grouped by minute of the hour; minutes that share the same set of hours share a line. Each field is
    /// written as `*`, `*/step`, a single value, `first-last[/step]` for an even run, or a comma list, whichever is exact.
    static func lines(firingAt times: [Int], on days: WeekdaySet) -> [CronTiming] {
        var hoursByMinute: [Int: [Int]] = [:]
        for time in Set(times) where (0..<TimeOfDay.minutesPerDay).contains(time) {
            hoursByMinute[time % 60, default: []].append(time / 60)
        }
        var minutesByHours: [[Int]: [Int]] = [:]
        for (minute, hours) in hoursByMinute { minutesByHours[hours.sorted(), default: []].append(minute) }
        let groups = minutesByHours.map { (hours: $0.key, minutes: $0.value.sorted()) }
            .sorted { ($0.hours[0], $0.minutes[0]) < ($1.hours[0], $1.minutes[0]) }
        return groups.map {
            CronTiming(
                minute: field($0.minutes, upperBound: 60),
                hour: field($0.hours, upperBound: 24),
                dayOfWeek: days.cronField
            )
        }
    }

    /// Writes sorted, distinct `values` from `0..<upperBound` as a cron field that means exactly those values.
    static func field(_ values: [Int], upperBound: Int) -> String {
        if values.count == upperBound { return "*" }
        if values.count == 1 { return String(values[0]) }
        let step = values[1] - values[0]
        let even = zip(values, values.dropFirst()).allSatisfy { $1 - $0 == step }
        if values.count == 2 || !even { return values.map(String.init).joined(separator: ",") }
        // `*/step` is 0, step, 2·step … up to the bound: exact when the run starts at 0 and no further step fits.
        if values[0] == 0, values[values.count - 1] + step >= upperBound { return "*/" + String(step) }
        let range = String(values[0]) + "-" + String(values[values.count - 1])
        return step == 1 ? range : range + "/" + String(step)
    }
}

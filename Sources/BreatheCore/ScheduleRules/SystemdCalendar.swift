/// Crontab time fields written as systemd's `OnCalendar=` expressions, firing at exactly the same minutes.
enum SystemdCalendar {
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// "0 9-17/2 * * 1-5" → "Mon,Tue,Wed,Thu,Fri *-*-* 09..17/2:00:00". Only the forms `CronTiming.lines` writes are
    /// read: `*`, `*/step`, a value, `first-last[/step]` and comma lists; day of month and month stay `*`.
    static func expression(for timing: CronTiming) -> String {
        let days = weekdays(timing.dayOfWeek)
        let time = field(timing.hour) + ":" + field(timing.minute) + ":00"
        return (days.map { $0 + " " } ?? "") + "*-*-* " + time
    }

    /// A cron minute or hour field in systemd's syntax, two digits a value: `*/15` → `00/15`, `9-17/2` → `09..17/2`.
    static func field(_ cron: String) -> String {
        if cron == "*" { return "*" }
        return cron.split(separator: ",").map { part -> String in
            let pieces = part.split(separator: "/", maxSplits: 1)
            let step = pieces.count == 2 ? "/" + pieces[1] : ""
            let range = pieces[0]
            if range == "*" { return "00" + step }
            let bounds = range.split(separator: "-", maxSplits: 1).map { twoDigits(String($0)) }
            return bounds.joined(separator: "..") + step
        }.joined(separator: ",")
    }

    /// The weekday field as names ("Mon,Wed,Fri"), nil for every day.
    static func weekdays(_ cron: String) -> String? {
        if cron == "*" { return nil }
        var days = Set<Int>()
        for part in cron.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1).compactMap { Int($0) }
            guard let first = bounds.first else { continue }
            for day in first...(bounds.last ?? first) { days.insert(day % 7) }
        }
        // Monday first, as people read a week.
        return [1, 2, 3, 4, 5, 6, 0].filter(days.contains).map { weekdayNames[$0] }.joined(separator: ",")
    }

    private static func twoDigits(_ text: String) -> String {
        text.count == 1 ? "0" + text : text
    }
}

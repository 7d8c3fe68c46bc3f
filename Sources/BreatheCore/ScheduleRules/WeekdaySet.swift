/// The days of the week a reminder runs on, as in `--days mon-fri` or `--days sat,sun`.
struct WeekdaySet: Hashable, Sendable {
    /// Bit `d` is day `d` in cron's numbering: 0 Sunday, 1 Monday … 6 Saturday.
    let bits: UInt8

    init(days: some Sequence<Int>) {
        var bits: UInt8 = 0
        for day in days where (0...6).contains(day) { bits |= 1 << UInt8(day) }
        self.bits = bits
    }

    static let everyDay = WeekdaySet(days: 0...6)

    func contains(_ day: Int) -> Bool { (0...6).contains(day) && bits & (1 << UInt8(day)) != 0 }

    var days: [Int] { (0...6).filter(contains) }

    /// The day-of-week field of a crontab line: "*", "1-5", "0,6".
    var cronField: String {
        guard self != .everyDay else { return "*" }
        return WeekdaySet.compress(days) { String($0) }
    }

    /// The canonical text, accepted back by `--days`: "mon-fri", "sat,sun", weeks starting on Monday.
    var text: String {
        guard self != .everyDay else { return "mon-sun" }
        let mondayFirst = [1, 2, 3, 4, 5, 6, 0].filter(contains)
        // Compress over the Monday-first order, where Saturday and Sunday are neighbours.
        let positions = mondayFirst.map { ($0 + 6) % 7 }
        return WeekdaySet.compress(positions) { WeekdaySet.names[($0 + 1) % 7] }
    }

    /// Runs of three or more neighbours become "first-last", the rest stay a comma list.
    private static func compress(_ values: [Int], name: (Int) -> String) -> String {
        var pieces: [String] = []
        var index = 0
        while index < values.count {
            var end = index
            while end + 1 < values.count, values[end + 1] == values[end] + 1 { end += 1 }
            if end - index >= 2 {
                pieces.append(name(values[index]) + "-" + name(values[end]))
            } else {
                for position in index...end { pieces.append(name(values[position])) }
            }
            index = end + 1
        }
        return pieces.joined(separator: ",")
    }

    static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Reads a comma list of days and ranges ("mon-fri", "sat,sun", "fri-mon" wraps), or a group's word ("weekdays",
    /// "weekends", "daily", "*"), in any language `names` holds, short or long, in any case, with or without accents.
    static func parse(_ text: String, names: WeekdayNames = .canonical) -> Result<WeekdaySet, InputError> {
        let error = InputError(Message(.errorDaysSyntax, ["value": .userValue(text)]))
        let lowered = text.trimmingSpaces.lowercased()
        if let group = names.group(lowered) { return .success(group) }
        var days: [Int] = []
        for item in lowered.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
                .map { String($0).trimmingSpaces }
            guard (1...2).contains(ends.count) else { return .failure(error) }
            guard let first = names.day(ends[0]) else { return .failure(error) }
            guard ends.count == 2 else {
                days.append(first)
                continue
            }
            guard let last = names.day(ends[1]) else { return .failure(error) }
            // A range may wrap past Saturday: fri-mon is Friday, Saturday, Sunday, Monday.
            var day = first
            days.append(day)
            while day != last {
                day = (day + 1) % 7
                days.append(day)
            }
        }
        return .success(WeekdaySet(days: days))
    }
}

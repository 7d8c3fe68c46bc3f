/// How often a reminder repeats, in whole minutes (cron's smallest step), from 1 minute to 24 hours.
struct ReminderInterval: Hashable, Sendable {
    let minutes: Int

    init?(minutes: Int) {
        guard ReminderInterval.allowed.contains(minutes) else { return nil }
        self.minutes = minutes
    }

    static let allowed = 1...TimeOfDay.minutesPerDay

    /// "45m", "2h", "90m": whole hours in hours, anything else in minutes. Accepted back by `--every`.
    var text: String {
        minutes % 60 == 0 ? String(minutes / 60) + "h" : String(minutes) + "m"
    }

    /// The interval in words, for messages.
    var message: Message { Message.duration(tenths: minutes * 600) }

    /// Reads "45m", "45min", "2h", "1h30m" (case-insensitive). Seconds and bare numbers are refused: cron counts minutes.
    static func parse(_ text: String) -> Result<ReminderInterval, InputError> {
        let syntax = InputError(Message(.errorIntervalSyntax, ["value": .userValue(text)]))
        var rest = Substring(text.trimmingSpaces.lowercased())
        var total = 0
        var sawUnit = false
        var lastUnit: Character?
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCIIDigit }
            guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return .failure(syntax) }
            rest = rest.dropFirst(digits.count)
            let unit: Character
            if rest.hasPrefix("min") {
                unit = "m"
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("h") || rest.hasPrefix("m") {
                unit = rest.first!
                rest = rest.dropFirst()
            } else {
                return .failure(syntax)
            }
            // Hours, then minutes, each at most once: "1h30m", never "30m1h" or "1h2h".
            guard lastUnit == nil || (lastUnit == "h" && unit == "m") else { return .failure(syntax) }
            lastUnit = unit
            sawUnit = true
            total += unit == "h" ? value * 60 : value
        }
        guard sawUnit else { return .failure(syntax) }
        guard let interval = ReminderInterval(minutes: total) else {
            return .failure(InputError(Message(.errorIntervalRange, ["value": .userValue(text)])))
        }
        return .success(interval)
    }
}

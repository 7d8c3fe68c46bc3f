/// How long a reminder waits while a call or a recording is in progress before it gives up and is skipped
/// (`remind --defer`, the `remind.defer` preference): whole seconds, from 0 (never wait) to 24 hours.
package struct ReminderDefer: Hashable, Sendable {
    package let seconds: Int

    init?(seconds: Int) {
        guard ReminderDefer.allowed.contains(seconds) else { return nil }
        self.seconds = seconds
    }

    static let allowed = 0...(24 * 3600)

    /// 15 minutes.
    package static let standard = ReminderDefer(seconds: 15 * 60)!

    /// 0: a reminder plays at once, whatever is going on.
    package var waits: Bool { seconds > 0 }

    /// "15m", "90s" → "1m30s", "1h", "0": accepted back by `--defer`, and what the preferences file keeps.
    var text: String {
        guard seconds > 0 else { return "0" }
        let parts = [(seconds / 3600, "h"), (seconds % 3600 / 60, "m"), (seconds % 60, "s")]
        return parts.filter { $0.0 > 0 }.map { String($0.0) + $0.1 }.joined()
    }

    /// The wait in words, for messages ("15 minutes").
    package var message: Message { Message.duration(tenths: seconds * 10) }

    /// Reads "0", "90s", "15m", "15min", "1h", "1h30m", "2m30s" (case-insensitive): hours, minutes and seconds, each
    /// at most once and in that order. A bare number other than 0 is refused: its unit would be a guess.
    package static func parse(_ text: String) -> Result<ReminderDefer, InputError> {
        let syntax = InputError(Message(.errorDeferSyntax, ["value": .userValue(text)]))
        let trimmed = text.trimmingSpaces.lowercased()
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "0" }) { return .success(ReminderDefer(seconds: 0)!) }
        var rest = Substring(trimmed)
        var total = 0
        var lastUnit = 0
        guard !rest.isEmpty else { return .failure(syntax) }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCIIDigit }
            guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return .failure(syntax) }
            rest = rest.dropFirst(digits.count)
            let unit: Int
            if rest.hasPrefix("min") {
                unit = 60
                rest = rest.dropFirst(3)
            } else if let first = rest.first, let size = ["h": 3600, "m": 60, "s": 1][first] {
                unit = size
                rest = rest.dropFirst()
            } else {
                return .failure(syntax)
            }
            // Larger units first, each once: "1h30m", never "30m1h" or "1m2m".
            guard lastUnit == 0 || unit < lastUnit else { return .failure(syntax) }
            lastUnit = unit
            total += value * unit
        }
        guard let wait = ReminderDefer(seconds: total) else {
            return .failure(InputError(Message(.errorDeferRange, ["value": .userValue(text)])))
        }
        return .success(wait)
    }
}

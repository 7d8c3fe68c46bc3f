/// A preference that is a length of time: how typed, how kept in the file, how described.
enum PreferenceDuration: Sendable {
    /// A session's length in minutes, up to two decimals (`--minutes`: 0.1 to 1440), a number in the file.
    case minutes
    /// A reminder's wait: "0", "90s", "15m", "1h30m" (`ReminderDefer`), kept in the file as typed back.
    case wait

    var allowed: Message {
        switch self {
        case .minutes: NumberField.minutes.rangeMessage
        case .wait: Message(.allowedDefer)
        }
    }

    func parse(_ typed: String) -> PreferenceValue? {
        let text = typed.trimmingSpaces
        switch self {
        case .minutes:
            guard case .success(let hundredths) = NumberField.minutes.parse(text) else { return nil }
            return .minutes(hundredths: hundredths)
        case .wait:
            guard case .success(let wait) = ReminderDefer.parse(text) else { return nil }
            return .text(wait.text)
        }
    }

    func decode(_ node: JSONNode) -> PreferenceValue? {
        switch self {
        case .minutes:
            guard case .number(let text) = node.value else { return nil }
            return parse(text)
        case .wait: return node.value.string.flatMap(parse)
        }
    }

    /// A wait in words ("15 minutes": "15m" would be read "fifteen m"); nil for minutes, said as a number.
    func words(_ value: PreferenceValue) -> Message? {
        guard case .wait = self, let text = value.text else { return nil }
        return try? ReminderDefer.parse(text).get().message
    }
}

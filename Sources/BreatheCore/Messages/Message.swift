/// A user-facing sentence before it is put into words: a key into the locale files and its arguments.
///
/// Core speaks only in messages; the Kit's localizer turns them into English or Spanish text.
package struct Message: Hashable, Sendable {
    package var key: MessageKey
    package var arguments: [String: MessageArgument]

    package init(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}

/// A value placed into a message's `{placeholder}`.
package enum MessageArgument: Hashable, Sendable {
    /// A whole number, written with the locale's digits.
    case integer(Int)
    /// A number of seconds in tenths, written with the locale's decimal separator.
    case tenths(Int)
    /// Text shown exactly as given: names and lists the program itself makes.
    case text(String)
    /// A value the user typed or wrote (an option's value, a preference, a name), echoed back: cut to its first
    /// `userValueLimit` characters and "…", with every control character (a newline, ESC…) shown as "�", so that a
    /// megabyte or a newline still gives one short line. The sentence around it puts it in quotes.
    case userValue(String)
    /// The C library's or libpulse's own English words for a failure ("Connection refused"), translated when the
    /// language has a `system.<text>` sentence for them, else shown as the system said them.
    case systemText(String)
    /// Text whose decimal points are written with the locale's separator: timings "5.5-5.5" read "5,5-5,5" in Spanish.
    case decimals(String)
    /// A pattern's timings ("4-7-8", "5.5-5.5") in a sentence: the locale's decimal separator, and its timings
    /// separator between the phases ("4, 7, 8"), so that no voice reads the hyphen as a minus.
    case timings(String)
    /// Another message, put into words first.
    case message(Message)

    /// The number a plural form is chosen by, if this argument is a number.
    package var pluralValue: (whole: Int, isWhole: Bool)? {
        switch self {
        case .integer(let value): (value, true)
        case .tenths(let value): (value / 10, value % 10 == 0)
        case .text, .userValue, .decimals, .timings, .systemText, .message: nil
        }
    }
}

extension MessageArgument {
    /// The longest piece of a user's value put into a sentence.
    static let userValueLimit = 40

    /// A user's value as a sentence shows it: control characters (C0, DEL, C1, line and paragraph separators) made
    /// "�", then cut to `userValueLimit` characters and "…".
    package static func shown(userValue value: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        let clean = String(scalars)
        return clean.count > userValueLimit ? String(clean.prefix(userValueLimit)) + "…" : clean
    }
}

extension Message {
    /// "4 seconds", "5.5 seconds", "1 second".
    package static func seconds(tenths: Int) -> Message {
        Message(.unitSeconds, ["n": .tenths(tenths)])
    }

    /// A length of time in the largest sensible units: "45 seconds", "2 minutes", "1 minute 20 seconds", "1 hour 5 minutes".
    package static func duration(tenths: Int) -> Message {
        if tenths < 600 { return seconds(tenths: tenths) }
        let totalSeconds = (tenths + 5) / 10
        let hours = totalSeconds / 3600
        let minutes = (totalSeconds % 3600) / 60
        let seconds = totalSeconds % 60
        if hours > 0 {
            let hourPart = Message(.unitHours, ["n": .integer(hours)])
            guard minutes > 0 else { return hourPart }
            return Message(
                .durationPair,
                ["first": .message(hourPart), "second": .message(Message(.unitMinutes, ["n": .integer(minutes)]))])
        }
        let minutePart = Message(.unitMinutes, ["n": .integer(minutes)])
        guard seconds > 0 else { return minutePart }
        return Message(
            .durationPair,
            ["first": .message(minutePart), "second": .message(Message(.unitSeconds, ["n": .integer(seconds)]))])
    }

    /// "1 cycle", "10 cycles".
    package static func cycles(_ count: Int) -> Message {
        Message(.unitCycles, ["n": .integer(count)])
    }
}

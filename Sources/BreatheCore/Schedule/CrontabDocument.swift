/// A user's crontab, split around the one block of lines that `breathe-voice schedule` manages.
///
/// Everything outside the block is kept as bytes and given back byte for byte: comments, environment lines, other
/// jobs, CRLF line ends, a missing final newline, even bytes that are not UTF-8. When the block is appended to text
/// that lacks a final newline, one is added before it, and the BEGIN line says so, so that removing the block
/// removes that newline too.
public struct CrontabDocument: Hashable, Sendable {
    /// The bytes before the block (without a newline the block added), or the whole crontab when it has no block.
    public private(set) var before: [UInt8]
    /// The reminders inside the block, in order.
    public private(set) var reminders: [ScheduledReminder]
    /// The bytes after the block's END line.
    public private(set) var after: [UInt8]

    static let beginPrefix = "# BEGIN breathe-voice reminders"
    static let beginLine = beginPrefix + ", managed by \"breathe-voice schedule\": change them with it"
    static let separatorNote = " (a newline was added before this line)"
    static let endLine = "# END breathe-voice reminders"
    static let reminderPrefix = "# breathe-voice reminder "

    /// Finds the block. A BEGIN line without its END line is refused rather than guessed at.
    public static func parse(_ bytes: [UInt8]) -> Result<CrontabDocument, InputError> {
        let lines = Line.split(bytes)
        guard let beginIndex = lines.firstIndex(where: { $0.text(in: bytes).hasPrefix(beginPrefix) }) else {
            return .success(CrontabDocument(before: bytes, reminders: [], after: []))
        }
        guard let endIndex = lines[beginIndex...].firstIndex(where: { $0.text(in: bytes) == endLine }) else {
            return .failure(InputError(Message(.errorCrontabBlockOpen)))
        }
        var before = Array(bytes[..<lines[beginIndex].start])
        if lines[beginIndex].text(in: bytes).hasSuffix(separatorNote), before.last == newline {
            before.removeLast()
        }
        var reminders: [ScheduledReminder] = []
        for line in lines[(beginIndex + 1)..<endIndex] {
            let text = line.text(in: bytes)
            if text.hasPrefix(reminderPrefix) {
                let rest = text.dropFirst(reminderPrefix.count)
                let number = rest.prefix { $0.isASCIIDigit }
                let summary = rest.dropFirst(number.count).drop { $0 == ":" || $0 == " " }
                reminders.append(ScheduledReminder(id: Int(number) ?? 0, summary: String(summary), lines: []))
            } else if !text.trimmingSpaces.isEmpty {
                // A line someone added by hand inside the block is kept, under an unnumbered reminder.
                if reminders.isEmpty { reminders.append(ScheduledReminder(id: 0, summary: "", lines: [])) }
                reminders[reminders.count - 1].lines.append(text)
            }
        }
        return .success(CrontabDocument(before: before, reminders: reminders, after: Array(bytes[lines[endIndex].end...])))
    }

    /// The crontab text to install. With no reminders left, the block is gone and the text is what it was before.
    public var bytes: [UInt8] {
        guard !reminders.isEmpty else {
            // A newline the block added is dropped only when nothing follows, so no two lines are ever joined.
            if !after.isEmpty, !before.isEmpty, before.last != CrontabDocument.newline { return before + [CrontabDocument.newline] + after }
            return before + after
        }
        let separated = !before.isEmpty && before.last != CrontabDocument.newline
        var block = [CrontabDocument.beginLine + (separated ? CrontabDocument.separatorNote : "")]
        for reminder in reminders {
            block.append(CrontabDocument.reminderPrefix + String(reminder.id) + ": " + reminder.summary)
            block += reminder.lines
        }
        block.append(CrontabDocument.endLine)
        let text = block.map { $0 + "\n" }.joined()
        return before + (separated ? [CrontabDocument.newline] : []) + Array(text.utf8) + after
    }

    /// Adds a reminder with the next free number (after `otherIDs` too: the systemd timers' numbers) and returns it.
    public mutating func add(summary: String, lines: [String], after otherIDs: [Int] = []) -> ScheduledReminder {
        let id = ((reminders.map(\.id) + otherIDs).max() ?? 0) + 1
        let reminder = ScheduledReminder(id: id, summary: summary.singleLine, lines: lines.map(\.singleLine))
        reminders.append(reminder)
        return reminder
    }

    /// Removes the reminder numbered `id`, if there is one.
    public mutating func remove(id: Int) -> ScheduledReminder? {
        guard let index = reminders.firstIndex(where: { $0.id == id }) else { return nil }
        return reminders.remove(at: index)
    }

    /// Removes every reminder, and with them the block.
    public mutating func removeAll() -> [ScheduledReminder] {
        defer { reminders = [] }
        return reminders
    }

    static let newline = UInt8(ascii: "\n")

    /// One line of the crontab: where it starts, where its text ends and where the next line starts.
    struct Line {
        var start: Int
        var contentEnd: Int
        var end: Int

        static func split(_ bytes: [UInt8]) -> [Line] {
            var lines: [Line] = []
            var start = 0
            while start < bytes.count {
                let newlineIndex = bytes[start...].firstIndex(of: CrontabDocument.newline)
                let contentEnd = newlineIndex ?? bytes.count
                lines.append(Line(start: start, contentEnd: contentEnd, end: newlineIndex.map { $0 + 1 } ?? bytes.count))
                start = lines[lines.count - 1].end
            }
            return lines
        }

        /// The line's text without its line end (a CR before the LF included).
        func text(in bytes: [UInt8]) -> String {
            var content = bytes[start..<contentEnd]
            if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
            return String(decoding: content, as: UTF8.self)
        }
    }
}

/// One reminder in the crontab block: its number, the request it came from and its crontab lines.
public struct ScheduledReminder: Hashable, Sendable {
    /// The number `schedule remove` takes; 0 for lines added to the block by hand.
    public var id: Int
    /// The `schedule add` options it was made from.
    public var summary: String
    /// Whole crontab lines: five time fields, then the command.
    public var lines: [String]

    public init(id: Int, summary: String, lines: [String]) {
        self.id = id
        self.summary = summary
        self.lines = lines
    }

    /// The five time fields of each line, such as "0 9-17/2 * * 1-5".
    public var timings: [String] {
        lines.map { $0.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).prefix(5).joined(separator: " ") }
    }

    /// The command of each line, after the time fields.
    public var commands: [String] {
        lines.map { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            return fields.count == 6 ? String(fields[5]) : ""
        }
    }

    /// The program each line runs: the first word of its command that is not a `NAME=value` setting.
    public var programs: [String] {
        commands.compactMap { command in
            ShellWord.split(command).first { word in
                guard let equals = word.firstIndex(of: "="), !word.hasPrefix("/") else { return true }
                return !word[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
        }
    }
}

extension String {
    /// The text with line breaks turned into spaces, so that it stays one crontab line.
    var singleLine: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}

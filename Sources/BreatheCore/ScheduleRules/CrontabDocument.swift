/// A user's crontab, split around the blocks of lines that `breathe-voice schedule` manages.
///
/// Everything outside the blocks is kept as bytes and given back byte for byte: comments, environment lines, other
/// jobs, CRLF line ends, a missing final newline, even bytes that are not UTF-8. When the block is appended to text
/// that lacks a final newline, one is added before it, and the BEGIN line says so, so that removing the block
/// removes that newline too.
///
/// A crontab may hold more than one block (two edits merged by hand, a block pasted twice): the reminders of all of
/// them are read, and writing the crontab back gathers them into one block where the first one was. A line inside a
/// block that is not one of ours (a job or comment someone added by hand) is never taken for a reminder: it stays
/// where it was, outside the block when the crontab is written back.
package struct CrontabDocument: Hashable, Sendable {
    /// The bytes before the first block (without a newline the block added), or the whole crontab when it has no block.
    private(set) var before: [UInt8]
    /// The reminders inside the blocks, in order.
    package private(set) var reminders: [ScheduledReminder]
    /// The bytes after the first block's END line: the lines of the blocks that are not ours, and everything between
    /// and after the blocks.
    private(set) var after: [UInt8]

    static let beginPrefix = "# BEGIN breathe-voice reminders"
    static let beginLine = beginPrefix + ", managed by \"breathe-voice schedule\": change them with it"
    static let separatorNote = " (a newline was added before this line)"
    static let endLine = "# END breathe-voice reminders"
    static let reminderPrefix = "# breathe-voice reminder "

    /// Finds the blocks. A BEGIN line without its END line is refused rather than guessed at.
    package static func parse(_ bytes: [UInt8]) -> Result<CrontabDocument, InputError> {
        let lines = Line.split(bytes)
        var blocks: [(begin: Int, end: Int)] = []
        var index = 0
        while index < lines.count {
            guard lines[index].text(in: bytes).hasPrefix(beginPrefix) else {
                index += 1
                continue
            }
            guard let endIndex = lines[index...].firstIndex(where: { $0.text(in: bytes) == endLine }) else {
                return .failure(InputError(Message(.errorCrontabBlockOpen)))
            }
            blocks.append((index, endIndex))
            index = endIndex + 1
        }
        guard let first = blocks.first else {
            return .success(CrontabDocument(before: bytes, reminders: [], after: []))
        }
        var before = Array(bytes[..<lines[first.begin].start])
        if lines[first.begin].text(in: bytes).hasSuffix(separatorNote), before.last == newline {
            before.removeLast()
        }
        var reminders: [ScheduledReminder] = []
        var after: [UInt8] = []
        for (number, block) in blocks.enumerated() {
            if number > 0 { after += bytes[lines[blocks[number - 1].end].end..<lines[block.begin].start] }
            // The reminder whose lines follow, while they are ours.
            var current: Int?
            for line in lines[(block.begin + 1)..<block.end] {
                let text = line.text(in: bytes)
                if text.hasPrefix(reminderPrefix) {
                    let rest = text.dropFirst(reminderPrefix.count)
                    let number = rest.prefix { $0.isASCIIDigit }
                    if let id = Int(number), id > 0, rest.dropFirst(number.count).hasPrefix(":") {
                        let summary = rest.dropFirst(number.count).drop { $0 == ":" || $0 == " " }
                        reminders.append(ScheduledReminder(id: id, summary: String(summary), lines: []))
                        current = reminders.count - 1
                        continue
                    }
                } else if let current, isReminderLine(text) {
                    reminders[current].lines.append(text)
                    continue
                }
                // Not ours: kept as it was, and it ends the reminder above it.
                after += bytes[line.start..<line.end]
                current = nil
            }
        }
        after += bytes[lines[blocks[blocks.count - 1].end].end...]
        return .success(CrontabDocument(before: before, reminders: reminders, after: after))
    }

    /// Whether a line is one `schedule add` writes: five time fields, then any `NAME=value` settings, then a program
    /// and `remind`.
    static func isReminderLine(_ text: String) -> Bool {
        let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6, !fields[0].hasPrefix("#"), !fields[0].hasPrefix("@") else { return false }
        let words = ShellWord.split(String(fields[5])).drop(while: ScheduledReminder.isSetting)
        return words.dropFirst().first == "remind"
    }

    /// The crontab text to install. With no reminders left, the block is gone and the text is what it was before.
    package var bytes: [UInt8] {
        guard !reminders.isEmpty else {
            // A newline the block added is dropped only when nothing follows, so no two lines are ever joined.
            if !after.isEmpty, !before.isEmpty, before.last != CrontabDocument.newline {
                return before + [CrontabDocument.newline] + after
            }
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
    package mutating func add(summary: String, lines: [String], after otherIDs: [Int] = []) -> ScheduledReminder {
        let id = ((reminders.map(\.id) + otherIDs).max() ?? 0) + 1
        let reminder = ScheduledReminder(id: id, summary: summary.singleLine, lines: lines.map(\.singleLine))
        reminders.append(reminder)
        return reminder
    }

    /// Removes the reminder numbered `id`, if there is one (and any copy of it that a second block held).
    package mutating func remove(id: Int) -> ScheduledReminder? {
        guard let index = reminders.firstIndex(where: { $0.id == id }) else { return nil }
        defer { reminders.removeAll { $0.id == id } }
        return reminders[index]
    }

    /// Makes every reminder that names `old` with `--pattern` name `new`, in its summary and its lines; returns the
    /// reminders changed, as they now are.
    package mutating func renamePattern(_ old: String, to new: String) -> [ScheduledReminder] {
        var changed: [ScheduledReminder] = []
        for index in reminders.indices {
            var reminder = reminders[index]
            let summary = PatternOption.renaming(old, to: new, in: reminder.summary, quote: ShellWord.quote)
            let lines = reminder.lines.map {
                PatternOption.renaming(old, to: new, in: $0, quote: ShellWord.cronQuote)
            }
            guard summary != nil || lines.contains(where: { $0 != nil }) else { continue }
            reminder.summary = summary ?? reminder.summary
            reminder.lines = zip(reminder.lines, lines).map { $1 ?? $0 }
            reminders[index] = reminder
            changed.append(reminder)
        }
        return changed
    }

    /// Removes every reminder, and with them the block.
    package mutating func removeAll() -> [ScheduledReminder] {
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
                lines.append(
                    Line(start: start, contentEnd: contentEnd, end: newlineIndex.map { $0 + 1 } ?? bytes.count))
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
package struct ScheduledReminder: Hashable, Sendable {
    /// The number `schedule remove` takes.
    package var id: Int
    /// The `schedule add` options it was made from.
    package var summary: String
    /// Whole crontab lines: five time fields, then the command.
    package var lines: [String]

    init(id: Int, summary: String, lines: [String]) {
        self.id = id
        self.summary = summary
        self.lines = lines
    }

    /// The five time fields of each line, such as "0 9-17/2 * * 1-5".
    package var timings: [String] {
        lines.map {
            $0.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).prefix(5).joined(separator: " ")
        }
    }

    /// The command of each line, after the time fields.
    var commands: [String] {
        lines.map { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            return fields.count == 6 ? String(fields[5]) : ""
        }
    }

    /// The program each line runs: the first word of its command that is not a `NAME=value` setting.
    package var programs: [String] {
        commands.compactMap { command in
            ShellWord.split(command).first { !Self.isSetting($0) }
        }
    }

    /// Whether a word of a command is a `NAME=value` setting rather than the program.
    static func isSetting(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), !word.hasPrefix("/") else { return false }
        return word[..<equals].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension String {
    /// The text with line breaks turned into spaces, so that it stays one crontab line.
    var singleLine: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}

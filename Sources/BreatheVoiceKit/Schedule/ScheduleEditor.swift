import BreatheCore

/// `schedule add`, `list` and `remove`: reads the crontab, changes the breathe-voice block, installs the result, and
/// says what it did in the user's language. Every line it returns is one sentence or one crontab line.
public struct ScheduleEditor: Sendable {
    public var crontab: CrontabProgram
    public var localizer: Localizer

    public init(crontab: CrontabProgram, localizer: Localizer) {
        self.crontab = crontab
        self.localizer = localizer
    }

    /// One line per scheduled reminder, or one line saying there are none.
    public func list() throws(BreatheError) -> [String] {
        let document = try read()
        guard !document.reminders.isEmpty else { return [localizer.string(Message(.scheduleNone))] }
        return document.reminders.map { describe(.scheduleEntry, $0) }
    }

    /// `schedule list --json`: one document, version 1, every reminder with its crontab times and lines.
    public func listJSON() throws(BreatheError) -> String {
        let document = try read()
        return JSONWriter.pretty(.object([
            ("version", JSONNode(.number("1"))),
            ("reminders", JSONNode(.array(document.reminders.map { reminder in
                JSONNode(.object([
                    ("id", JSONNode(.number(String(reminder.id)))),
                    ("via", JSONNode(.string("cron"))),
                    ("summary", JSONNode(.string(reminder.summary))),
                    ("times", JSONNode(.array(reminder.timings.map { JSONNode(.string($0)) }))),
                    ("lines", JSONNode(.array(reminder.lines.map { JSONNode(.string($0)) }))),
                ]))
            }))),
        ]))
    }

    /// Adds `schedule` as a new reminder that runs `program remind …`. With `dryRun`, only shows the change.
    public func add(_ schedule: ReminderSchedule, program: String, userID: UInt32, dryRun: Bool) throws(BreatheError) -> [String] {
        let original = try crontab.read()
        var document = try parse(original)
        let reminder = document.add(summary: schedule.summary, lines: schedule.crontabLines(program: program, userID: userID))
        return try apply(document, over: original, dryRun: dryRun, report: describe(.scheduleAdded, reminder))
    }

    /// Removes reminder `id`, or every reminder when `id` is nil. With `dryRun`, only shows the change.
    public func remove(id: Int?, dryRun: Bool) throws(BreatheError) -> [String] {
        let original = try crontab.read()
        var document = try parse(original)
        let removed: [ScheduledReminder]
        if let id {
            guard let reminder = document.remove(id: id) else {
                throw .usage(Message(.errorScheduleUnknownId, ["id": .integer(id)]))
            }
            removed = [reminder]
        } else {
            removed = document.removeAll()
        }
        guard !removed.isEmpty else { return [localizer.string(Message(.scheduleNone))] }
        return try apply(document, over: original, dryRun: dryRun, report: removed.map { describe(.scheduleRemoved, $0) })
    }

    private func apply(_ document: CrontabDocument, over original: [UInt8], dryRun: Bool, report: [String]) throws(BreatheError) -> [String] {
        let changed = document.bytes
        guard dryRun else {
            try crontab.install(changed)
            return report
        }
        return [localizer.string(Message(.scheduleDryRun))] + CrontabChange.lines(from: original, to: changed)
    }

    private func apply(_ document: CrontabDocument, over original: [UInt8], dryRun: Bool, report: String) throws(BreatheError) -> [String] {
        try apply(document, over: original, dryRun: dryRun, report: [report])
    }

    private func read() throws(BreatheError) -> CrontabDocument {
        try parse(try crontab.read())
    }

    private func parse(_ bytes: [UInt8]) throws(BreatheError) -> CrontabDocument {
        switch CrontabDocument.parse(bytes) {
        case .success(let document): return document
        case .failure(let error): throw .badData(error.message)
        }
    }

    private func describe(_ key: MessageKey, _ reminder: ScheduledReminder) -> String {
        localizer.string(Message(key, [
            "id": .integer(reminder.id),
            "summary": .text(reminder.summary),
            "times": .text(reminder.timings.joined(separator: "; ")),
        ]))
    }
}

/// The lines that differ between two crontabs, as "- old" and "+ new": the common head and tail are left out.
public enum CrontabChange {
    public static func lines(from old: [UInt8], to new: [UInt8]) -> [String] {
        let before = textLines(old), after = textLines(new)
        var head = 0
        while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
        var tail = 0
        while tail < before.count - head, tail < after.count - head,
              before[before.count - 1 - tail] == after[after.count - 1 - tail] { tail += 1 }
        return before[head..<(before.count - tail)].map { "- " + $0 } + after[head..<(after.count - tail)].map { "+ " + $0 }
    }

    private static func textLines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }
}

import BreatheCore
import BreatheSystem

/// `schedule add`, `list` and `remove`: reads the crontab, changes the breathe-voice block, installs the result, and
/// says what it did in the user's language. A change holds the crontab lock (`FileLock.crontab`) from its read to its
/// write; the command takes none. Every line it returns is one sentence or one crontab line.
package struct ScheduleEditor: Sendable {
    var crontab: CrontabProgram
    var localizer: Localizer
    /// The systemd user timers, when `schedule` handles them too.
    var systemd: SystemdTimers?
    /// The environment `schedule add` runs in: the XDG folders it sets go into each new reminder
    /// (`ReminderEnvironment`), so that the reminder reads the files this shell reads.
    var environment: [String: String]

    package init(
        crontab: CrontabProgram, localizer: Localizer, systemd: SystemdTimers? = nil,
        environment: [String: String] = [:]
    ) {
        self.crontab = crontab
        self.localizer = localizer
        self.systemd = systemd
        self.environment = environment
    }

    /// One line per scheduled reminder, cron and systemd in the order of their numbers, or one line saying there are none.
    /// Each says its times in words; `cron` gives the options as typed and cron's own time fields (or systemd's
    /// `OnCalendar=`) instead.
    package func list(cron showsCron: Bool = false) throws(BreatheError) -> [String] {
        let (cron, timers) = try everyReminder()
        guard !cron.isEmpty || !timers.isEmpty else { return [localizer.string(Message(.scheduleNone))] }
        let lines =
            cron.map {
                (id: $0.id, line: showsCron ? describe(.scheduleEntry, $0) : inWords(.scheduleEntryWords, $0))
            }
            + timers.map {
                (
                    id: $0.id,
                    line: showsCron
                        ? describe(.scheduleEntrySystemd, $0) : inWords(.scheduleEntryWordsSystemd, $0)
                )
            }
        return lines.sorted { $0.id < $1.id }.map(\.line)
    }

    /// The crontab's reminders and the systemd timers. With timers installed, a crontab that cannot be read (no cron
    /// installed) counts as empty; without any, its error is the answer.
    private func everyReminder() throws(BreatheError) -> (cron: [ScheduledReminder], systemd: [SystemdReminderUnits]) {
        let timers = systemd?.installed() ?? []
        do {
            return (try read().reminders, timers)
        } catch {
            if timers.isEmpty { throw error }
            return ([], timers)
        }
    }

    /// Every reminder number in use, in the crontab (when it can be read) and among the timers: new numbers never clash.
    private func usedIDs() -> [Int] {
        ((try? read())?.reminders.map(\.id) ?? []) + (systemd?.installed().map(\.id) ?? [])
    }

    /// Adds `schedule` as a systemd user timer and service, then enables the timer when a user manager answers (else
    /// says what to run). With `dryRun`, shows the files and writes nothing.
    package func addSystemd(_ schedule: ReminderSchedule, program: String, userID: UInt32, dryRun: Bool)
        throws(BreatheError) -> [String]
    {
        guard let systemd else { return [] }
        let lock = try FileLock.crontab()
        defer { withExtendedLifetime(lock) {} }
        try Self.checkProgram(program)
        guard SystemdReminderUnits.accepts(program: program) else {
            throw .cannotCreate(Message(.errorScheduleProgramSystemd, ["path": .text(program)]))
        }
        let units = SystemdReminderUnits(id: (usedIDs().max() ?? 0) + 1, schedule: schedule)
        let service = units.service(
            program: program, remindArguments: schedule.remindArguments, userID: userID, environment: environment)
        if dryRun {
            var lines = [localizer.string(Message(.scheduleDryRunSystemd))]
            for (path, text) in [(systemd.servicePath(units), service), (systemd.timerPath(units), units.timer)] {
                lines.append(path + ":")
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
            }
            return lines
        }
        try systemd.write(units, service: service)
        var lines = [inWords(.scheduleAddedWordsSystemd, units)]
        if systemd.systemctl(["daemon-reload"]), systemd.systemctl(["enable", "--now", units.timerName]) {
            lines.append(localizer.string(Message(.scheduleSystemdStarted, ["timer": .text(units.timerName)])))
        } else {
            lines.append(localizer.string(Message(.scheduleSystemdManual, ["timer": .text(units.timerName)])))
        }
        return lines
    }

    /// Stops and deletes one timer and its service.
    private func removeSystemd(_ units: SystemdReminderUnits, from systemd: SystemdTimers) {
        _ = systemd.systemctl(["disable", "--now", units.timerName])
        systemd.delete(units)
        _ = systemd.systemctl(["daemon-reload"])
    }

    /// `schedule list --json`: one document, version 1, every reminder with its times: crontab time fields and lines,
    /// or `OnCalendar=` expressions and unit files.
    package func listJSON() throws(BreatheError) -> String {
        let (cron, timers) = try everyReminder()
        func strings(_ values: [String]) -> JSONNode { JSONNode(.array(values.map { JSONNode(.string($0)) })) }
        func entry(_ id: Int, _ via: String, _ summary: String, times: [String], lines: [String], files: [String]) -> (
            Int, JSONNode
        ) {
            (
                id,
                JSONNode(
                    .object([
                        ("id", JSONNode(.number(String(id)))), ("via", JSONNode(.string(via))),
                        ("summary", JSONNode(.string(summary))),
                        ("times", strings(times)), ("lines", strings(lines)), ("files", strings(files)),
                    ]))
            )
        }
        let entries =
            cron.map { entry($0.id, "cron", $0.summary, times: $0.timings, lines: $0.lines, files: []) }
            + timers.map { units in
                entry(
                    units.id, "systemd", units.summary, times: units.calendars, lines: [],
                    files: systemd.map { [$0.timerPath(units), $0.servicePath(units)] } ?? [])
            }
        return JSONWriter.pretty(
            .object([
                ("version", JSONNode(.number("1"))),
                ("reminders", JSONNode(.array(entries.sorted { $0.0 < $1.0 }.map(\.1)))),
            ]))
    }

    /// Adds `schedule` as a new reminder that runs `program remind …`. With `dryRun`, only shows the change.
    package func add(_ schedule: ReminderSchedule, program: String, userID: UInt32, dryRun: Bool) throws(BreatheError)
        -> [String]
    {
        // The crontab (and the timers) are read, changed and written under the crontab lock: another `schedule` or
        // `patterns rename` waits for this one.
        let lock = try FileLock.crontab()
        defer { withExtendedLifetime(lock) {} }
        try Self.checkProgram(program)
        let original = try crontab.read()
        var document = try parse(original)
        let reminder = document.add(
            summary: schedule.summary,
            lines: schedule.crontabLines(program: program, userID: userID, environment: environment),
            after: systemd?.installed().map(\.id) ?? [])
        return try apply(document, over: original, dryRun: dryRun, report: inWords(.scheduleAddedWords, reminder))
    }

    /// Refuses a program path that no crontab line or unit can hold: cron would read a newline in it as the line's
    /// end, systemd would split the unit there, and a tab or a CR would not come back as it was (73, with the fix).
    static func checkProgram(_ program: String) throws(BreatheError) {
        guard ShellWord.fitsOnOneLine(program) else {
            throw .cannotCreate(Message(.errorScheduleProgram, ["path": .text(ShellWord.shownOnOneLine(program))]))
        }
    }

    /// Removes reminder `id`, or every reminder when `id` is nil. With `dryRun`, only shows the change.
    package func remove(id: Int?, dryRun: Bool) throws(BreatheError) -> [String] {
        let lock = try FileLock.crontab()
        defer { withExtendedLifetime(lock) {} }
        let timers = systemd?.installed() ?? []
        if let systemd, let id, let units = timers.first(where: { $0.id == id }) {
            if dryRun {
                return [
                    localizer.string(Message(.scheduleDryRunSystemdRemove)), systemd.timerPath(units),
                    systemd.servicePath(units),
                ]
            }
            removeSystemd(units, from: systemd)
            return [inWords(.scheduleRemovedWords, units)]
        }
        if let systemd, id == nil, !timers.isEmpty {
            if dryRun {
                return [localizer.string(Message(.scheduleDryRunSystemdRemove))]
                    + timers.flatMap { [systemd.timerPath($0), systemd.servicePath($0)] }
            }
            for units in timers { removeSystemd(units, from: systemd) }
            let removed = timers.map { inWords(.scheduleRemovedWords, $0) }
            // The crontab's reminders go too, when there is a crontab to read.
            guard let cron = try? remove(id: nil, dryRun: false, fromCrontabOnly: true) else { return removed }
            return removed + cron
        }
        return try remove(id: id, dryRun: dryRun, fromCrontabOnly: true)
    }

    private func remove(id: Int?, dryRun: Bool, fromCrontabOnly: Bool) throws(BreatheError) -> [String] {
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
        return try apply(
            document, over: original, dryRun: dryRun, report: removed.map { inWords(.scheduleRemovedWords, $0) })
    }

    private func apply(_ document: CrontabDocument, over original: [UInt8], dryRun: Bool, report: [String])
        throws(BreatheError) -> [String]
    {
        let changed = document.bytes
        guard dryRun else {
            try crontab.install(changed)
            return report
        }
        return [localizer.string(Message(.scheduleDryRun))] + CrontabChange.lines(from: original, to: changed)
    }

    private func apply(_ document: CrontabDocument, over original: [UInt8], dryRun: Bool, report: String)
        throws(BreatheError) -> [String]
    {
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

    /// A reminder's line with its times in words (`ScheduleWords`), from the options it was saved with; one whose
    /// options were edited by hand into something else is shown with its crontab times or calendars instead.
    private func inWords(_ key: MessageKey, _ reminder: ScheduledReminder) -> String {
        guard let words = ScheduleWords.message(summary: reminder.summary, dayName: localizer.dayName) else {
            return describe(Self.withTimes[key] ?? .scheduleEntry, reminder)
        }
        return localizer.string(Message(key, ["id": .integer(reminder.id), "when": .message(words)]))
    }

    private func inWords(_ key: MessageKey, _ units: SystemdReminderUnits) -> String {
        guard let words = ScheduleWords.message(summary: units.summary, dayName: localizer.dayName) else {
            return describe(Self.withTimes[key] ?? .scheduleEntrySystemd, units)
        }
        return localizer.string(
            Message(key, ["id": .integer(units.id), "when": .message(words), "timer": .text(units.timerName)]))
    }

    /// Each line in words, and the same line with the options and times as cron or systemd has them.
    private static let withTimes: [MessageKey: MessageKey] = [
        .scheduleEntryWords: .scheduleEntry, .scheduleAddedWords: .scheduleAdded,
        .scheduleRemovedWords: .scheduleRemoved,
        .scheduleEntryWordsSystemd: .scheduleEntrySystemd, .scheduleAddedWordsSystemd: .scheduleAddedSystemd,
    ]

    private func describe(_ key: MessageKey, _ units: SystemdReminderUnits) -> String {
        localizer.string(
            Message(
                key,
                [
                    "id": .integer(units.id),
                    "summary": .text(units.summary),
                    "timer": .text(units.timerName),
                    "times": .text(units.calendars.joined(separator: "; ")),
                ]))
    }

    private func describe(_ key: MessageKey, _ reminder: ScheduledReminder) -> String {
        localizer.string(
            Message(
                key,
                [
                    "id": .integer(reminder.id),
                    "summary": .text(reminder.summary),
                    "times": .text(reminder.timings.joined(separator: "; ")),
                ]))
    }
}

/// The lines that differ between two crontabs, as "- old" and "+ new": the common head and tail are left out.
enum CrontabChange {
    static func lines(from old: [UInt8], to new: [UInt8]) -> [String] {
        let before = textLines(old)
        let after = textLines(new)
        var head = 0
        while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
        var tail = 0
        while tail < before.count - head, tail < after.count - head,
            before[before.count - 1 - tail] == after[after.count - 1 - tail]
        { tail += 1 }
        return before[head..<(before.count - tail)].map { "- " + $0 }
            + after[head..<(after.count - tail)].map { "+ " + $0 }
    }

    private static func textLines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }
}

import BreatheCore
import BreatheSystem

/// The sentences of `history` and `stats`.
package struct HistoryListing {
    let localizer: Localizer

    package init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// One session, one line.
    package func line(_ record: SessionRecord) -> String {
        let pattern = pattern(name: record.patternName, kind: record.patternKind)
        var arguments: [String: MessageArgument] = [
            "start": .text(localizer.moment(record.start)),
            "pattern": .message(.patternName(pattern)),
            "timings": .timings(record.timings),
            "done": .integer(record.actualCycles),
            "cycles": .message(.cycles(record.plannedCycles)),
            "duration": .message(.duration(tenths: record.actualTenths)),
            "status": .message(Message(statusKey(record.status))),
        ]
        var key = MessageKey.historyRow
        if let row = HistoryListing.reminderRow(status: record.status, reason: record.reason) {
            // A reminder that never ran (or was declined as it began): no cycles or time to speak of, but why.
            key = row
            let reason = record.reason ?? .other
            if row == .historyRowSkipped, let activity = reason.message { arguments["activity"] = .message(activity) }
            if row == .historyRowFailed, let cause = reason.message { arguments["cause"] = .message(cause) }
        } else if let before = record.moodBefore, let after = record.moodAfter {
            arguments["before"] = .integer(before)
            arguments["after"] = .integer(after)
            key = .historyRowMood
        } else if let after = record.moodAfter {
            // The mood given at the question, without one before.
            arguments["after"] = .integer(after)
            key = .historyRowMoodAfter
        }
        return PlainText.line(localizer.string(Message(key, arguments)))
    }

    /// The row of a reminder that was skipped, declined or failed; nil for a session's own row. A failed reminder
    /// says why (`other` when its record does not), a skipped one what was in progress or that it was declined.
    static func reminderRow(status: SessionRecord.Status, reason: SessionRecord.Reason?) -> MessageKey? {
        switch (status, reason) {
        case (.skipped, .user?), (.failed, .user?): return .historyRowDeclined
        case (.failed, _): return .historyRowFailed
        case (.skipped, .call?), (.skipped, .recording?): return .historyRowSkipped
        // Skipped for a reason a reminder fails for: said as a failure is.
        case (.skipped, _?): return .historyRowFailed
        case (.skipped, nil), (.completed, _), (.stopped, _), (.interrupted, _): return nil
        }
    }

    /// The pattern a row names: a built-in by its title, a saved one by its name, typed timings as a custom pattern.
    func pattern(name: String?, kind: SessionRecord.PatternKind) -> BreathingPattern {
        let name = kind == .timings ? nil : name
        let title = kind == .builtIn ? name.flatMap { BreathingPattern.builtIn(named: $0)?.title } : nil
        return BreathingPattern(name: name, phases: [], title: title)
    }

    func statusKey(_ status: SessionRecord.Status) -> MessageKey {
        switch status {
        case .completed: .statusCompleted
        case .stopped: .statusStopped
        case .interrupted: .statusInterrupted
        case .skipped: .statusSkipped
        case .failed: .statusFailed
        }
    }

    /// The `stats` report: plain sentences, one per line; the streak and the last 7 days as of the stats' `today`.
    package func stats(_ stats: SessionStats) -> String {
        var lines: [Message] = []
        guard stats.sessions > 0 else {
            // What `history` lists, none of it breathed (stopped in the opening, skipped reminders), or nothing at all.
            let none =
                stats.recorded > 0
                ? Message(.statsNoneBreathed, ["n": .integer(stats.recorded)]) : Message(.historyEmpty)
            return PlainText.line(localizer.string(none))
        }
        lines.append(
            Message(
                .statsTotal,
                [
                    "sessions": .message(Message(.unitSessions, ["n": .integer(stats.sessions)])),
                    "duration": .message(.duration(tenths: stats.tenths)),
                ]))
        lines.append(
            Message(
                .statsStreak,
                [
                    "current": .message(Message(.unitDays, ["n": .integer(stats.currentStreak)])),
                    "longest": .message(Message(.unitDays, ["n": .integer(stats.longestStreak)])),
                ]))
        for entry in stats.lastSevenDays {
            let weekday = Message(MessageKey(localeKey: "weekday.\(LocalTimestamp.weekday(dayNumber: entry.day))")!)
            let date = MessageArgument.text(localizer.date(dayNumber: entry.day))
            if entry.sessions == 0 {
                lines.append(Message(.statsDayNone, ["weekday": .message(weekday), "date": date]))
            } else {
                lines.append(
                    Message(
                        .statsDay,
                        [
                            "weekday": .message(weekday), "date": date,
                            "sessions": .message(Message(.unitSessions, ["n": .integer(entry.sessions)])),
                            "duration": .message(.duration(tenths: entry.tenths)),
                        ]))
            }
        }
        if let change = stats.averageMoodChangeTenths {
            lines.append(
                Message(
                    .statsMood,
                    [
                        "change": .text((change > 0 ? "+" : "") + localizer.number(tenths: change)),
                        "sessions": .message(Message(.unitSessions, ["n": .integer(stats.moodSessions)])),
                    ]))
        }
        if let after = stats.averageMoodAfterTenths {
            lines.append(
                Message(
                    .statsMoodAfter,
                    [
                        "mood": .text(localizer.number(tenths: after)),
                        "sessions": .message(Message(.unitSessions, ["n": .integer(stats.moodAfterSessions)])),
                    ]))
        } else if stats.averageMoodChangeTenths == nil {
            lines.append(Message(.statsMoodNone))
        }
        let patterns = stats.topPatterns().map {
            localizer.string(
                Message(.statsPatternItem, ["name": .text(patternLabel($0.label)), "n": .integer($0.sessions)]))
        }
        lines.append(Message(.statsPatterns, ["list": .text(patterns.joined(separator: ", "))]))
        let badges = stats.badges.map { localizer.string($0.title) }
        lines.append(
            badges.isEmpty
                ? Message(.statsNoBadges) : Message(.statsBadges, ["list": .text(badges.joined(separator: ", "))]))
        return lines.map { PlainText.line(localizer.string($0)) }.joined()
    }

    /// A pattern as `stats` names it: a built-in's name in the user's language, timings with its decimal separator.
    func patternLabel(_ label: String) -> String {
        if let title = BreathingPattern.builtIn(named: label)?.title { return localizer.string(Message(title)) }
        if let first = label.first, first.isNumber {
            return localizer.string(Message(.statsPatternCustom, ["timings": .timings(label)]))
        }
        return label
    }

    /// `stats --json`: one document, version 1.
    package func statsJSON(_ stats: SessionStats) -> String {
        func number(_ value: Int) -> JSONNode { JSONNode(.number(String(value))) }
        let days = stats.lastSevenDays.map {
            JSONNode(
                .object([
                    ("date", JSONNode(.string(LocalTimestamp.dateText(dayNumber: $0.day)))),
                    ("sessions", number($0.sessions)), ("seconds", JSONNode(JSONWriter.tenths($0.tenths))),
                ]))
        }
        let members: [(key: String, node: JSONNode)] = [
            ("version", number(1)),
            ("sessions", number(stats.sessions)),
            ("seconds", JSONNode(JSONWriter.tenths(stats.tenths))),
            ("currentStreak", number(stats.currentStreak)),
            ("longestStreak", number(stats.longestStreak)),
            ("lastSevenDays", JSONNode(.array(days))),
            ("averageMoodChange", JSONNode(stats.averageMoodChangeTenths.map(JSONWriter.tenths) ?? .null)),
            ("moodSessions", number(stats.moodSessions)),
            ("averageMoodAfter", JSONNode(stats.averageMoodAfterTenths.map(JSONWriter.tenths) ?? .null)),
            ("moodAfterSessions", number(stats.moodAfterSessions)),
            (
                "topPatterns",
                JSONNode(
                    .array(
                        stats.topPatterns().map {
                            JSONNode(
                                .object([("name", JSONNode(.string($0.label))), ("sessions", number($0.sessions))]))
                        }))
            ),
            ("badges", JSONNode(.array(stats.badges.map { JSONNode(.string($0.rawValue)) }))),
        ]
        return JSONWriter.pretty(.object(members))
    }
}

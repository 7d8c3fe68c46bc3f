/// A reminder's times in words, for a person and a screen reader rather than for cron: "every 45 minutes from 09:00 to
/// 18:00, Monday to Friday", "at 12:30, Saturday and Sunday", "every day at 08:00 and 20:00". The sentences come from
/// the locale files, the day names from the language (`dayName`, cron's numbering: 0 Sunday … 6 Saturday); cron's own
/// syntax is for `schedule list --cron`, `--json` and `--dry-run`.
package enum ScheduleWords {
    /// The whole schedule: when in the day, then on which days (nothing more when it is every day).
    static func message(_ schedule: ReminderSchedule, dayName: (Int) -> String) -> Message {
        let everyDay = schedule.days == .everyDay
        let when = timing(schedule.timing, everyDay: everyDay)
        guard !everyDay else { return when }
        return Message(.scheduleWordsOnDays, ["when": .message(when), "days": days(schedule.days, dayName)])
    }

    /// The words with the options `remind` is given, when there are any: "…, with --pattern box".
    static func message(_ schedule: ReminderSchedule, options: String, dayName: (Int) -> String) -> Message {
        let words = message(schedule, dayName: dayName)
        guard !options.isEmpty else { return words }
        return Message(.scheduleWordsWithOptions, ["when": .message(words), "options": .text(options)])
    }

    /// The words for a reminder as it was saved: its summary, the canonical options `schedule add` wrote ("--every 2h
    /// --from 09:00 --to 18:00 --days mon-fri --pattern box"): the timing options, then what `remind` is given, kept
    /// as written. nil when the summary is not one this program writes (edited by hand): the caller shows cron's times.
    package static func message(summary: String, dayName: (Int) -> String) -> Message? {
        var rest = Substring(summary)
        var every: String?
        var from: String?
        var to: String?
        var days: String?
        var at: [String] = []
        while true {
            let words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard words.count >= 2 else { break }
            let value = String(words[1])
            switch words[0] {
            case "--every": every = value
            case "--from": from = value
            case "--to": to = value
            case "--days": days = value
            case "--at": at.append(value)
            default: break
            }
            guard ["--every", "--from", "--to", "--days", "--at"].contains(words[0]) else { break }
            rest = words.count == 3 ? words[2] : ""
        }
        guard
            case .success(let schedule) = ReminderSchedule.make(
                every: every, at: at, from: from, to: to, days: days, session: SessionRequest(), remindArguments: [])
        else { return nil }
        return message(schedule, options: String(rest).trimmingSpaces, dayName: dayName)
    }

    /// When in the day. Every 24 hours is once, at midnight.
    static func timing(_ timing: ReminderSchedule.Timing, everyDay: Bool) -> Message {
        switch timing {
        case .every(let interval) where interval.minutes == TimeOfDay.minutesPerDay:
            return self.timing(.daily([TimeOfDay(minutes: 0)!]), everyDay: everyDay)
        case .every(let interval):
            return every(interval)
        case .window(let interval, let from, let to):
            return Message(
                .scheduleWordsWindow,
                [
                    "every": .message(every(interval)), "from": clock(from, .scheduleWordsFromTime),
                    "to": clock(to, .scheduleWordsToTime),
                ])
        case .daily(let times):
            let list = self.list(times.sorted().map { clock($0, .scheduleWordsAtTime) })
            return Message(everyDay ? .scheduleWordsAtDaily : .scheduleWordsAt, ["times": list])
        }
    }

    /// A time as the sentence around it says it, chosen by its hour as a plural is by its number: Spanish "a la 01:00"
    /// beside "a las 13:00", Portuguese "à 01:00" beside "às 02:00"; English and French "01:00" alone.
    static func clock(_ time: TimeOfDay, _ key: MessageKey) -> MessageArgument {
        .message(Message(key, ["time": .text(time.text), "n": .integer(time.hour)]))
    }

    /// "every 45 minutes", "every hour", "every 3 hours"; an interval of hours and minutes in minutes ("every 90
    /// minutes"), as a clock is read.
    static func every(_ interval: ReminderInterval) -> Message {
        interval.minutes % 60 == 0
            ? Message(.scheduleWordsEveryHours, ["n": .integer(interval.minutes / 60)])
            : Message(.scheduleWordsEveryMinutes, ["n": .integer(interval.minutes)])
    }

    /// The days, in a week that starts on Monday: three or more in a row as a range ("Monday to Friday"), the others
    /// named ("Saturday and Sunday"), the pieces joined as a list.
    static func days(_ days: WeekdaySet, _ dayName: (Int) -> String) -> MessageArgument {
        let positions = [1, 2, 3, 4, 5, 6, 0].filter(days.contains).map { ($0 + 6) % 7 }
        func name(_ position: Int) -> MessageArgument { .text(dayName((position + 1) % 7)) }
        var pieces: [MessageArgument] = []
        var index = 0
        while index < positions.count {
            var end = index
            while end + 1 < positions.count, positions[end + 1] == positions[end] + 1 { end += 1 }
            if end - index >= 2 {
                pieces.append(
                    .message(
                        Message(
                            .scheduleWordsDayRange, ["first": name(positions[index]), "last": name(positions[end])])))
            } else {
                pieces += positions[index...end].map(name)
            }
            index = end + 1
        }
        return list(pieces)
    }

    /// "a", "a and b", "a, b and c": the last two joined by the language's "and", the ones before by commas.
    static func list(_ items: [MessageArgument]) -> MessageArgument {
        guard var head = items.first else { return .text("") }
        guard items.count > 1 else { return head }
        for item in items.dropFirst().dropLast() {
            head = .message(Message(.scheduleWordsComma, ["first": head, "second": item]))
        }
        return .message(Message(.scheduleWordsAnd, ["list": head, "last": items[items.count - 1]]))
    }
}

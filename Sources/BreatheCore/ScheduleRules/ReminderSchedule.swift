/// A checked `schedule add` request: when reminders fire, on which days, and what `remind` is asked to do.
package struct ReminderSchedule: Hashable, Sendable {
    /// When in the day the reminders fire.
    enum Timing: Hashable, Sendable {
        /// Every interval through the whole day, starting at midnight.
        case every(ReminderInterval)
        /// Every interval from `from` to `to` inclusive, the same day.
        case window(ReminderInterval, from: TimeOfDay, to: TimeOfDay)
        /// Once a day at each of these times.
        case daily([TimeOfDay])
    }

    var timing: Timing
    var days: WeekdaySet
    /// The options handed to `breathe-voice remind`, in order.
    package var remindArguments: [String]

    init(timing: Timing, days: WeekdaySet = .everyDay, remindArguments: [String] = []) {
        self.timing = timing
        self.days = days
        self.remindArguments = remindArguments
    }

    /// The minutes since midnight at which a reminder fires.
    var times: [Int] {
        switch timing {
        case .every(let interval): Array(stride(from: 0, to: TimeOfDay.minutesPerDay, by: interval.minutes))
        case .window(let interval, let from, let to):
            Array(stride(from: from.minutes, through: to.minutes, by: interval.minutes))
        case .daily(let times): times.map(\.minutes).sorted()
        }
    }

    /// The crontab time fields, one per line.
    var cronTimings: [CronTiming] { CronTiming.lines(firingAt: times, on: days) }

    /// The whole crontab lines: the time fields, then `program remind …` with the user's runtime directory set, so
    /// that the reminder finds the sound server although cron sets no `XDG_RUNTIME_DIR`, and the XDG folders that
    /// `environment` (the shell's, where `schedule add` runs) sets, so that it reads the same files as the shell
    /// (`ReminderEnvironment`).
    package func crontabLines(program: String, userID: UInt32, environment: [String: String] = [:]) -> [String] {
        let command =
            ReminderEnvironment(userID: userID, shell: environment).cronWords + " "
            + ShellWord.cronCommand([program, "remind"] + remindArguments)
        return cronTimings.map { $0.text + " " + command }
    }

    /// The request in its canonical option form, such as "--every 2h --from 09:00 --to 18:00 --days mon-fri".
    package var summary: String {
        var words: [String] = []
        switch timing {
        case .every(let interval): words += ["--every", interval.text]
        case .window(let interval, let from, let to):
            words += ["--every", interval.text, "--from", from.text, "--to", to.text]
        case .daily(let times): for time in times { words += ["--at", time.text] }
        }
        if days != .everyDay { words += ["--days", days.text] }
        return (words + remindArguments.map(ShellWord.quote)).joined(separator: " ")
    }

    /// Checks a request as typed. An interval that does not divide the day cannot repeat exactly through it, so without
    /// a window it is refused with the nearest intervals that do. Within a window every interval is exact: the times are
    /// listed, and grouping them by minute never needs more than 24 lines.
    package static func make(
        every: String?, at: [String], from: String?, to: String?, days: String?, dayNames: WeekdayNames = .canonical,
        session: SessionRequest, remindArguments: [String]
    ) -> Result<ReminderSchedule, InputError> {
        do throws(InputError) {
            var dayset = WeekdaySet.everyDay
            if let days { dayset = try WeekdaySet.parse(days, names: dayNames).get() }
            let days = dayset
            guard days.bits != 0 else { throw InputError(Message(.errorDaysSyntax, ["value": .text("")])) }
            // The session options are checked now, so that cron never runs a reminder that cannot start.
            _ = try session.resolve().get()
            let timing: Timing
            switch (every, at.isEmpty) {
            case (nil, true): throw InputError(Message(.errorScheduleWhat))
            case (.some, false): throw InputError(Message(.errorScheduleEveryAndAt))
            case (nil, false):
                guard from == nil, to == nil else { throw InputError(Message(.errorScheduleAtWindow)) }
                var times: [TimeOfDay] = []
                for text in at { times.append(try TimeOfDay.parse(text).get()) }
                timing = .daily(Array(Set(times)).sorted())
            case (let every?, true):
                let interval = try ReminderInterval.parse(every).get()
                if from == nil, to == nil {
                    guard TimeOfDay.minutesPerDay % interval.minutes == 0 else {
                        throw InputError(
                            Message(
                                .errorIntervalInexact,
                                [
                                    "interval": .message(interval.message),
                                    "suggestion": .message(
                                        suggestion(near: interval) { TimeOfDay.minutesPerDay % $0 == 0 }),
                                ]))
                    }
                    timing = .every(interval)
                } else {
                    var start = TimeOfDay(minutes: 0)!
                    var end = TimeOfDay(minutes: TimeOfDay.minutesPerDay - 1)!
                    if let from { start = try TimeOfDay.parse(from).get() }
                    if let to { end = try TimeOfDay.parse(to).get() }
                    guard start < end else {
                        throw InputError(
                            Message(.errorScheduleWindowOrder, ["from": .text(start.text), "to": .text(end.text)]))
                    }
                    timing = .window(interval, from: start, to: end)
                }
            }
            return .success(ReminderSchedule(timing: timing, days: days, remindArguments: remindArguments))
        } catch {
            return .failure(error)
        }
    }

    /// "--every 48m or --every 1h": the nearest intervals on either side that `works`.
    static func suggestion(near interval: ReminderInterval, works: (Int) -> Bool) -> Message {
        let lower = stride(from: interval.minutes - 1, through: ReminderInterval.allowed.lowerBound, by: -1).first(
            where: works)
        let higher = (interval.minutes + 1...ReminderInterval.allowed.upperBound).first(where: works)
        let texts = [lower, higher].compactMap { $0.flatMap(ReminderInterval.init(minutes:))?.text }
        if texts.count == 2 {
            return Message(.scheduleSuggestTwo, ["first": .text(texts[0]), "second": .text(texts[1])])
        }
        return Message(.scheduleSuggestOne, ["first": .text(texts.first ?? "1m")])
    }
}

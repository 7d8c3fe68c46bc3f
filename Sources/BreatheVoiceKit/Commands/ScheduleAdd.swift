import ArgumentParser
import BreatheCore

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule add`: one new reminder.
    struct Add: PreferencesCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a reminder: every DURATION (within --from/--to) or daily --at HH:MM.",
            discussion: """
                DURATION is minutes or hours: 45m, 90m, 2h, 1h30m. Without --from and --to, the interval must divide the \
                day evenly (45m, 90m, 2h do; 50m does not), so that cron repeats it exactly; otherwise a nearby interval is \
                suggested. --from and --to are included: --every 2h --from 09:00 --to 18:00 runs at 09:00, 11:00 … 17:00. \
                --days takes mon-fri, sat,sun, mon,wed,fri, weekdays or weekends.
                """
        )

        @Option(help: ArgumentHelp("Repeat every DURATION: 45m, 2h, 1h30m.", valueName: "duration"))
        var every: String?

        @Option(help: ArgumentHelp("Once a day at this time (repeatable).", valueName: "HH:MM"))
        var at: [String] = []

        @Option(help: ArgumentHelp("With --every: the first reminder of the day.", valueName: "HH:MM"))
        var from: String?

        @Option(help: ArgumentHelp("With --every: no reminder after this time.", valueName: "HH:MM"))
        var to: String?

        @Option(help: ArgumentHelp("The days: mon-fri, sat,sun, weekdays… (default: every day).", valueName: "days"))
        var days: String?

        @Option(help: ArgumentHelp("The pattern each reminder breathes (passed to remind).", valueName: "name|timings"))
        var pattern: String?

        @Option(
            help: ArgumentHelp(
                "How many minutes each reminder lasts (passed to remind; default \(DefaultsHelp.value(.remindMinutes)), the remind.minutes preference).",
                valueName: "minutes"))
        var minutes: String?

        @Flag(help: "Let reminders run as text when no sound is available (passed to remind).")
        var allowSilent = false

        @Option(
            help: ArgumentHelp(
                "cron (a line in your crontab) or systemd (a user timer in ~/.config/systemd/user); default \(DefaultsHelp.value(.scheduleVia)), the scheduleVia preference.",
                valueName: "cron|systemd"
            ))
        var via: String?

        @Flag(help: "Show what would change (crontab lines or systemd unit files), and change nothing.")
        var dryRun = false

        @OptionGroup var language: LanguageOption

        private var schedule: ReminderSchedule?
        private var localizer: Localizer?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            self.localizer = localizer
            // Every value that reaches the crontab line or the unit fits on one line of it.
            let given =
                [("--every", every), ("--from", from), ("--to", to), ("--days", days)]
                + at.map { ("--at", $0) } + [("--pattern", pattern), ("--minutes", minutes)]
            for case (let option, let value?) in given where !ShellWord.fitsOnOneLine(value) {
                throw ValidationError(
                    localizer.string(
                        Message(.errorScheduleControl, ["option": .text(option), "value": .userValue(value)])))
            }
            var remindArguments: [String] = []
            if let pattern { remindArguments += ["--pattern", pattern] }
            if let minutes {
                // A number, written back the way remind reads it: never the text as typed.
                switch NumberField.minutes.parse(minutes) {
                case .success(let hundredths):
                    remindArguments += ["--minutes", PreferenceValue.hundredthsText(hundredths)]
                case .failure(let error): throw ValidationError(localizer.string(error.message))
                }
            }
            if let code = language.language { remindArguments += ["--lang", code] }
            if allowSilent { remindArguments.append("--allow-silent") }
            // The session options are checked in run(), after the preferences are loaded, as remind checks them: a
            // saved pattern is a pattern too.
            switch ReminderSchedule.make(
                every: every, at: at, from: from, to: to, days: days, dayNames: .everyLanguage,
                session: SessionRequest(), remindArguments: remindArguments
            ) {
            case .success(let schedule): self.schedule = schedule
            case .failure(let error): throw ValidationError(localizer.string(error.message))
            }
        }

        /// Options that override preferences.
        var preferenceFlags: [PreferenceKey: String] { via.map { [.scheduleVia: $0] } ?? [:] }

        func run(_ loaded: LoadedPreferences) throws {
            guard let schedule, let localizer else { throw CommandFailure(code: ExitStatus.usage) }
            let program = ExecutablePath.current ?? CommandLine.arguments[0]
            // Every value that goes into the crontab line or the unit is checked by the code remind checks it with
            // (--lang with the preferences, --pattern and --minutes with the saved patterns and the remind.*
            // preferences), so that cron never runs a reminder that cannot start.
            _ = try loaded.catching { () throws(BreatheError) in
                try SessionSetup.plan(
                    SessionRequest(pattern: pattern, minutes: minutes), loaded.preferences, reminder: true)
            }
            try CommandFailure.catching(localizer) { () throws(BreatheError) in
                let editor = BreatheVoice.Schedule.editor(localizer: localizer)
                let lock = try FileLock.crontab()
                defer { withExtendedLifetime(lock) {} }
                let lines =
                    loaded.preferences.scheduleVia == "systemd"
                    ? try editor.addSystemd(schedule, program: program, userID: ProcessIdentity.userID, dryRun: dryRun)
                    : try editor.add(schedule, program: program, userID: ProcessIdentity.userID, dryRun: dryRun)
                BreatheVoice.Schedule.print(lines)
            }
        }
    }
}

extension BreatheVoice.Schedule.Add {
    enum CodingKeys: CodingKey {
        case every, at, from, to, days, pattern, minutes, allowSilent, via, dryRun, language
    }
}

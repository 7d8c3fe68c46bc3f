import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule add`: one new reminder.
    struct Add: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "add",
                abstract: HelpText.english("help.schedule.add.abstract"),
                discussion: HelpText.english("help.schedule.add.discussion")
            )
        }

        @Option(help: ArgumentHelp(HelpText.english("help.option.every"), valueName: "duration"))
        var every: String?

        @Option(help: ArgumentHelp(HelpText.english("help.option.at"), valueName: "HH:MM"))
        var at: [String] = []

        @Option(help: ArgumentHelp(HelpText.english("help.option.from"), valueName: "HH:MM"))
        var from: String?

        @Option(help: ArgumentHelp(HelpText.english("help.option.to"), valueName: "HH:MM"))
        var to: String?

        @Option(help: ArgumentHelp(HelpText.english("help.option.days"), valueName: "days"))
        var days: String?

        @Option(help: ArgumentHelp(HelpText.english("help.schedule.add.option.pattern"), valueName: "name|timings"))
        var pattern: String?

        @Option(
            help: ArgumentHelp(
                HelpText.english("help.schedule.add.option.minutes"),
                valueName: "minutes"))
        var minutes: String?

        @Flag(help: .english("help.schedule.add.option.allow-silent"))
        var allowSilent = false

        @Option(name: .preference(.scheduleVia), help: .preference(.scheduleVia))
        var via: String?

        @Flag(help: .english("help.option.dry-run"))
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

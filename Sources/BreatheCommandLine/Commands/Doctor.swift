import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice doctor`: what works and what to fix, one line per check.
    struct Doctor: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "doctor",
                abstract: HelpText.english("help.doctor.abstract"),
                discussion: HelpText.english("help.doctor.discussion")
            )
        }

        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.doctor.option.json")) var json =
            false

        func run() throws {
            let localizer = try language.resolve()
            let environment = ProcessEnvironment.current
            // speech-dispatcher is checked when the preferences (or their environment variables) choose it.
            // Preferences a reminder could not read stop it before anything else (exit 78): a problem, said first.
            var preferences: Preferences?
            var unreadable: [DoctorCheck] = []
            do {
                preferences = try LoadedPreferences.load(language: language).preferences
            } catch let failure as CommandFailure {
                unreadable = [DoctorChecks.preferencesProblem(failure.line ?? "", localizer: localizer)]
            }
            // A reminder's sound, voice and connection, as `remind` would have them with these preferences.
            let needsServer = preferences?.makesSound ?? true
            let voice = preferences.flatMap { $0.flag(.speech) && $0.speechVia == .espeak ? $0.voice : nil }
            let connection = ReminderConnection.live(environment: environment)
            let crontab = CrontabProgram.live(environment: environment)
            let timers = SystemdTimers.live(environment: environment)
            let checks = DoctorChecks.standard(
                environment: environment, crontab: crontab, quietHours: preferences?.quietHours,
                speechDispatcher: preferences.map { $0.speechVia == .speechd || $0.screenReader == .speak } ?? false,
                voice: voice, timers: timers, answers: { _ in connection.answers }
            )
            // A reminder whose pattern is gone fails every time; the last one that failed, and why.
            let scheduled = ScheduledReminders.all(crontab: crontab, timers: timers)
            let patterns = preferences.map {
                [
                    DoctorChecks.reminderPatterns(
                        scheduled, saved: $0.customPatterns, remindPattern: $0.remindPattern)
                ]
            }
            // A reminder that reads other folders than this shell: what doctor says here is not what it does.
            let folders = DoctorChecks.reminderFolders(
                ScheduledReminders.settings(crontab: crontab, timers: timers), environment: environment)
            let last = DoctorChecks.lastReminder(store: HistoryStore(), localizer: localizer)
            // What a reminder would do right now, last.
            let wait = preferences?.remindDefer ?? .standard
            let reminder = DoctorChecks.reminderNow(
                quietHours: preferences?.quietHours, wait: wait,
                lockDirectory: SessionLock.directory(environment: environment), needsServer: needsServer,
                allowsSilence: DoctorChecks.everyReminderAllowsSilence(crontab: crontab, timers: timers),
                connect: { connection.problem }
            ) { () throws(BreatheError) in
                try ReminderDeferral.live(wait: wait, environment: environment).activityNow()
            }
            var output = FileDescriptorSink.standardOutput
            let findings = (unreadable + checks + (patterns ?? []) + [folders, last, reminder]).flatMap { check in
                check.run().map { (check: check.name, finding: $0) }
            }
            if json {
                output.write(DoctorReport.json(findings, localizer: localizer))
            } else {
                for (_, finding) in findings { output.write(PlainText.line(finding.line(localizer))) }
            }
            if findings.contains(where: { $0.finding.isProblem }) { throw CommandFailure(code: 1) }
        }
    }
}

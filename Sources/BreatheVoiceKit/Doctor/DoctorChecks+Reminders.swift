import BreatheCore
import BreatheSystem

/// The checks that stand where a scheduled reminder would fail before a sound is made: the voice it speaks with, and
/// what starts it (a running cron daemon for the crontab's reminders, an active timer for each systemd one).
extension DoctorChecks {
    /// The preferences could not be read (`line`, the error every command that reads them prints): a reminder would
    /// stop there too.
    package static func preferencesProblem(_ line: String, localizer: Localizer) -> DoctorCheck {
        let prefix = localizer.string(Message(.errorPrefix, ["message": .text("")]))
        let reason = line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line
        return DoctorCheck(name: "preferences") {
            [
                .problem(
                    Message(.doctorPreferencesUnusable, ["reason": .text(reason)]), fix: Message(.doctorPreferencesFix))
            ]
        }
    }

    /// The saved voice (`prefs set voice`) is one eSpeak NG has, checked as a reminder's session checks it
    /// (`CheckedVoice`); `check` gives nil for a known voice, else the error the session would stop with.
    static func voicePreference(
        _ voice: String?,
        check: @escaping @Sendable (String) -> BreatheError? = { name in
            do throws(BreatheError) {
                _ = try CheckedVoice(name: name).identifier(LiveSpeech.speech)
                return nil
            } catch {
                return error
            }
        }
    ) -> DoctorCheck {
        DoctorCheck(name: "voice") {
            guard let voice else { return [] }
            guard let error = check(voice) else {
                return [.ok(Message(.doctorVoicePreferenceOk, ["voice": .userValue(voice)]))]
            }
            return [
                .problem(
                    Message(
                        .doctorVoicePreferenceUnknown, ["voice": .userValue(voice), "reason": .message(error.message)]),
                    fix: Message(.doctorVoicePreferenceFix))
            ]
        }
    }

    /// True when reminders are scheduled and each was given `--allow-silent`: without a sound server, each would keep
    /// only its record, and exit 0.
    package static func everyReminderAllowsSilence(crontab: CrontabProgram, timers: SystemdTimers?) -> Bool {
        let cron = (try? crontab.read()).flatMap { try? CrontabDocument.parse($0).get() }?.reminders.map(\.summary)
        let summaries = (cron ?? []) + (timers?.installed().map(\.summary) ?? [])
        return !summaries.isEmpty
            && summaries.allSatisfy { $0.split(separator: " ").contains("--allow-silent") }
    }

    /// Something will start the scheduled reminders: a cron daemon running (`daemon`, looked for only when the crontab
    /// holds reminders), and each systemd timer active (`isActive`, `systemctl --user is-active`). No line when nothing
    /// is scheduled.
    static func reminderStarter(
        crontab: CrontabProgram, timers: SystemdTimers?,
        daemon: @escaping @Sendable () -> CronDaemon.Finding = { CronDaemon.find() }
    ) -> DoctorCheck {
        DoctorCheck(name: "scheduler") {
            var findings: [DoctorFinding] = []
            let cronReminders = (try? crontab.read()).flatMap { try? CrontabDocument.parse($0).get() }?.reminders ?? []
            if !cronReminders.isEmpty {
                switch daemon() {
                case .running(let name, let pid):
                    findings.append(.ok(Message(.doctorCronRunning, ["name": .text(name), "pid": .integer(pid)])))
                case .notRunning:
                    findings.append(
                        .problem(
                            Message(.doctorCronNotRunning),
                            fix: Message(.doctorCronFix)))
                case .hidden:
                    findings.append(.ok(Message(.doctorCronHidden)))
                }
            }
            guard let timers else { return findings }
            for units in timers.installed() {
                let arguments: [String: MessageArgument] = ["id": .integer(units.id), "timer": .text(units.timerName)]
                if timers.systemctl(["is-active", "--quiet", units.timerName]) {
                    findings.append(.ok(Message(.doctorTimerActive, arguments)))
                } else {
                    findings.append(
                        .problem(Message(.doctorTimerInactive, arguments), fix: Message(.doctorTimerFix, arguments)))
                }
            }
            return findings
        }
    }
}

extension DoctorChecks {
    /// Each scheduled reminder whose pattern (its `--pattern`, else `remind.pattern`) is no longer saved: a problem,
    /// since it fails every time. No line for a reminder whose pattern is there.
    package static func reminderPatterns(
        _ reminders: [(id: Int, summary: String)], saved: [BreathingPattern], remindPattern: String
    ) -> DoctorCheck {
        DoctorCheck(name: "reminder-patterns") {
            reminders.compactMap { reminder in
                let name = ReminderPatternUse.pattern(ofSummary: reminder.summary, remindPattern: remindPattern)
                guard ReminderPatternUse.isMissing(name, saved: saved) else { return nil }
                let arguments: [String: MessageArgument] = ["id": .integer(reminder.id), "name": .userValue(name)]
                return .problem(
                    Message(.doctorReminderPatternMissing, arguments),
                    fix: Message(.doctorReminderPatternFix, arguments))
            }
        }
    }

    /// Each scheduled reminder that reads its preferences or its history in another folder than this shell does: its
    /// line or service sets other XDG folders, or none where the shell sets them (as reminders scheduled by earlier
    /// versions do). A problem, since what `doctor`, `history` and `prefs` say here is then not what the reminder does. No
    /// line for a reminder that reads the same folders.
    package static func reminderFolders(
        _ reminders: [(id: Int, settings: [String: String])], environment: [String: String]
    ) -> DoctorCheck {
        DoctorCheck(name: "reminder-folders") {
            let shell = XDGDirectories(environment: environment)
            return reminders.compactMap { reminder in
                var its = reminder.settings.filter { $0.key.hasPrefix("XDG_") }
                its["HOME"] = shell.home
                let folders = XDGDirectories(environment: its)
                let differing = [
                    ("XDG_CONFIG_HOME", folders.configHome, shell.configHome),
                    ("XDG_STATE_HOME", folders.stateHome, shell.stateHome),
                ].first { $0.1 != $0.2 }
                guard let (variable, theirs, ours) = differing else { return nil }
                let arguments: [String: MessageArgument] = [
                    "id": .integer(reminder.id), "variable": .text(variable),
                    "reminder": .text(ShellWord.shownOnOneLine(theirs)),
                    "shell": .text(ShellWord.shownOnOneLine(ours)),
                ]
                return .problem(
                    Message(.doctorReminderFolders, arguments), fix: Message(.doctorReminderFoldersFix, arguments))
            }
        }
    }

    /// When the newest reminder in the history failed, when and why, as a note: it is past, and what would make the
    /// next one fail is each other check's to say. No line when the newest reminder did not fail, or none ran.
    package static func lastReminder(store: HistoryStore, localizer: Localizer) -> DoctorCheck {
        var last: SessionRecord?
        try? store.forEachOfNewest(1, where: { $0.source == .cron }) {
            last = $0
            return false
        }
        let failed = last.flatMap { record -> Message? in
            guard record.status == .failed else { return nil }
            let cause = (record.reason ?? .other).message ?? Message(.historyCauseOther)
            return Message(
                .doctorReminderLastFailed, ["start": .text(localizer.moment(record.start)), "cause": .message(cause)])
        }
        return DoctorCheck(name: "last-reminder") { failed.map { [.note($0)] } ?? [] }
    }
}

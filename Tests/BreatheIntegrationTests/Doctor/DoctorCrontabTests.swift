import Foundation
import Synchronization
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The doctor's checks of the scheduled reminders, against a crontab program that runs (`FakeCrontab`, a child
/// process): the programs they run, and what starts them (a cron daemon or each systemd timer).
@Suite struct DoctorCrontabTests {
    static let english = Localizer(language: "en")

    static func folder() throws -> URL {
        URL(fileURLWithPath: try TestFolder.make("breathe-voice-doctor"))
    }

    static func lines(_ check: DoctorCheck) -> [String] { check.run().map { $0.line(english) } }

    @Test func scheduledProgramsMustExist() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        var document = try CrontabDocument.parse([]).get()
        _ = document.add(summary: "--every 1h", lines: ["0 * * * * XDG_RUNTIME_DIR=/run/user/1 /bin/sh remind"])
        _ = document.add(
            summary: "--at 12:00", lines: ["0 12 * * * XDG_RUNTIME_DIR=/run/user/1 /gone/breathe-voice remind"])
        try fake.set(Data(document.bytes))
        let check = DoctorChecks.scheduledPrograms(
            crontab: .live(environment: ["BREATHE_VOICE_CRONTAB": fake.script.path]))
        #expect(
            Self.lines(check) == [
                "ok: reminder 1 runs /bin/sh, which exists",
                "problem: reminder 2 runs /gone/breathe-voice, which is missing or cannot be run — fix: run breathe-voice schedule remove 2, then add the reminder again with this binary",
            ])
    }

    @Test func noScheduleAndNoCrontab() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        #expect(
            Self.lines(
                DoctorChecks.scheduledPrograms(crontab: .live(environment: ["BREATHE_VOICE_CRONTAB": fake.script.path]))
            )
                == ["ok: no reminders are scheduled"])
        let missing = DoctorChecks.scheduledPrograms(crontab: .live(environment: ["PATH": "/nonexistent"])).run()
        #expect(missing.count == 1 && missing[0].isProblem)
    }

    /// With reminders in the crontab a cron daemon must run; each systemd timer must be active. Nothing scheduled: no
    /// line at all.
    @Test func somethingStartsTheScheduledReminders() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let crontab = CrontabProgram.live(environment: ["BREATHE_VOICE_CRONTAB": fake.script.path])
        let none = DoctorChecks.reminderStarter(crontab: crontab, timers: nil) {
            Issue.record("looked for cron with nothing scheduled")
            return .notRunning
        }
        #expect(Self.lines(none).isEmpty)
        var document = try CrontabDocument.parse([]).get()
        _ = document.add(summary: "--every 1h", lines: ["0 * * * * XDG_RUNTIME_DIR=/run/user/1 /bin/sh remind"])
        try fake.set(Data(document.bytes))
        func lines(_ finding: CronDaemon.Finding, timers: SystemdTimers? = nil) -> [String] {
            Self.lines(DoctorChecks.reminderStarter(crontab: crontab, timers: timers) { finding })
        }
        #expect(
            lines(.running(name: "cron", pid: 412)) == [
                "ok: a cron daemon is running (cron, process 412), so the crontab's reminders will start"
            ])
        #expect(
            lines(.notRunning) == [
                "problem: reminders are in the crontab, but no cron daemon is running, so none of them will play — fix: start it, and at every boot: sudo systemctl enable --now cron (the service is crond on Fedora, cronie on Arch)"
            ])
        #expect(
            lines(.hidden) == [
                "ok: cannot tell whether a cron daemon is running: /proc hides other users' processes"
            ])
        // Two systemd timers, one active.
        let units = try Self.folder()
        for id in [2, 3] {
            let reminder = SystemdReminderUnits(
                id: id,
                schedule: try ReminderSchedule.make(
                    every: nil, at: ["12:00"], from: nil, to: nil, days: nil, session: SessionRequest(),
                    remindArguments: []
                ).get())
            try Data(reminder.timer.utf8).write(to: units.appendingPathComponent(reminder.timerName))
        }
        let asked = Mutex<[[String]]>([])
        let timers = SystemdTimers(folder: units.path) { arguments in
            asked.withLock { $0.append(arguments) }
            return arguments.last == "breathe-voice-remind-2.timer"
        }
        #expect(
            lines(.running(name: "crond", pid: 1), timers: timers) == [
                "ok: a cron daemon is running (crond, process 1), so the crontab's reminders will start",
                "ok: reminder 2's timer breathe-voice-remind-2.timer is active",
                "problem: reminder 3's timer breathe-voice-remind-3.timer is not active, so it will not play — fix: run systemctl --user daemon-reload, then systemctl --user enable --now breathe-voice-remind-3.timer",
            ])
        #expect(
            asked.withLock { $0 } == [
                ["is-active", "--quiet", "breathe-voice-remind-2.timer"],
                ["is-active", "--quiet", "breathe-voice-remind-3.timer"],
            ])
    }
}

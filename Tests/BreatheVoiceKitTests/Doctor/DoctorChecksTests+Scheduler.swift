import Foundation
import Synchronization
import Testing

@testable import BreatheCore
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// What starts the scheduled reminders: a cron daemon (found in /proc) or each systemd timer.
extension DoctorChecksTests {
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

    /// The cron daemon is found by its process name in /proc, whoever runs it; /proc that shows no other user's process
    /// cannot say none runs.
    @Test func theCronDaemonIsFoundInProc() throws {
        func proc(_ processes: [(pid: Int, comm: String)]) throws -> String {
            let root = try Self.folder()
            for process in processes {
                let folder = root.appendingPathComponent(String(process.pid))
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data((process.comm + "\n").utf8).write(to: folder.appendingPathComponent("comm"))
            }
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("self"), withIntermediateDirectories: true)
            return root.path
        }
        let own = getuid()
        // Folders the test makes are its own: as another user, every one is "another user's".
        let other = own &+ 1
        #expect(
            CronDaemon.find(processRoot: try proc([(1, "systemd"), (77, "crond"), (900, "bash")]), ownUserID: other)
                == .running(name: "crond", pid: 77))
        #expect(
            CronDaemon.find(processRoot: try proc([(5, "cron"), (3, "fcron")]), ownUserID: other)
                == .running(name: "fcron", pid: 3))
        #expect(
            CronDaemon.find(processRoot: try proc([(1, "init"), (2, "cronjob"), (3, "anacron")]), ownUserID: other)
                == .notRunning)
        #expect(
            CronDaemon.find(processRoot: try proc([(10, "bash")]), ownUserID: own) == (own == 0 ? .notRunning : .hidden)
        )
        #expect(CronDaemon.find(processRoot: "/nonexistent/proc", ownUserID: other) == .hidden)
    }
}

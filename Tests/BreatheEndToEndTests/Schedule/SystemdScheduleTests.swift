import Foundation
import Testing

@testable import BreatheTestSupport

/// `schedule add --via systemd`: user timers that fire when the crontab lines would, checked by systemd's own tools;
/// `schedule list` and `remove` handle both kinds, and the two kinds never share a reminder number.
@Suite struct SystemdScheduleTests {
    /// A home with a fake crontab and a fake systemctl that logs its arguments (and fails when told to).
    struct Setup {
        let crontab: FakeCrontab
        let home: TemporaryHome
        var systemctl: URL { home.root.appendingPathComponent("systemctl") }
        var log: URL { home.root.appendingPathComponent("systemctl.log") }
        var unitFolder: URL { home.root.appendingPathComponent("config/systemd/user") }

        init(managerAnswers: Bool = true) throws {
            crontab = try FakeCrontab()
            home = try TemporaryHome()
            try """
            #!/bin/sh
            echo "$*" >> '\(log.path)'
            exit \(managerAnswers ? 0 : 1)

            """.write(to: systemctl, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: systemctl.path)
        }

        func run(_ arguments: [String]) throws -> BinaryRun {
            try BinaryRun.run(arguments, environment: environment)
        }

        /// The home's, with the fake crontab and systemctl.
        var environment: [String: String?] {
            home.environment.merging([
                "BREATHE_VOICE_CRONTAB": crontab.script.path, "BREATHE_VOICE_SYSTEMCTL": systemctl.path,
                "LC_ALL": "C",
                "LANG": nil, "BREATHE_VOICE_SCHEDULE_VIA": nil,
            ]) { _, new in new }
        }

        var calls: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func unitText(_ name: String) throws -> String {
            try String(contentsOf: unitFolder.appendingPathComponent(name), encoding: .utf8)
        }

        func remove() {
            try? FileManager.default.removeItem(at: crontab.folder)
            try? FileManager.default.removeItem(at: home.root)
        }
    }

    static func tool(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let run = try BinaryRun.run(
            arguments, environment: environment, freshHome: false, executable: URL(fileURLWithPath: "/usr/bin/env"),
            errorsInOutput: true)
        return (run.status, run.stdout)
    }

    @Test func addWritesUnitsThatSystemdAcceptsAndEnablesTheTimer() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let add = try setup.run([
            "schedule", "add", "--every", "2h", "--from", "09:00", "--to", "18:00", "--days", "mon-fri",
            "--pattern", "4-7-8", "--via", "systemd",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdoutLines == [
                "Added reminder 1: every 2 hours from 09:00 to 18:00, Monday to Friday, with --pattern 4-7-8, by the systemd timer breathe-voice-remind-1.timer.",
                "Enabled and started breathe-voice-remind-1.timer (systemctl --user enable --now).",
            ])
        #expect(setup.calls == ["--user daemon-reload", "--user enable --now breathe-voice-remind-1.timer"])
        #expect(setup.crontab.text == nil, "the crontab is left alone")
        let service = try setup.unitText("breathe-voice-remind-1.service")
        let binary = BinaryRun.binary.resolvingSymlinksInPath().path
        #expect(service.contains("\nExecStart=\(binary) remind --pattern 4-7-8\n"))
        #expect(service.contains("\nEnvironment=XDG_RUNTIME_DIR=/run/user/\(getuid())\n"))
        // systemd's own check of both files (the man page named in Documentation= is not installed in a build tree).
        let verify = try Self.tool([
            "systemd-analyze", "verify", "--man=no",
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.timer").path,
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.service").path,
        ])
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.isEmpty, "\(verify.output)")
    }

    @Test func withoutAUserManagerItSaysWhatToRun() throws {
        let setup = try Setup(managerAnswers: false)
        defer { setup.remove() }
        let add = try setup.run(["schedule", "add", "--at", "12:30", "--via", "systemd"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdoutLines.last
                == "No systemd user manager answered: run systemctl --user daemon-reload, then systemctl --user enable --now breathe-voice-remind-1.timer."
        )
        #expect(
            FileManager.default.fileExists(
                atPath: setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.timer").path))
    }

    @Test func thePreferenceChoosesSystemdAndADryRunWritesNothing() throws {
        let setup = try Setup()
        defer { setup.remove() }
        #expect(try setup.run(["prefs", "set", "scheduleVia", "systemd"]).status == 0)
        let dry = try setup.run(["schedule", "add", "--every", "45m", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdoutLines.first == "Dry run, nothing is written. These files would be written:")
        #expect(dry.stdoutLines.contains("  OnCalendar=*-*-* 00/3:00,45:00"))
        #expect(!FileManager.default.fileExists(atPath: setup.unitFolder.path))
        #expect(setup.calls.isEmpty)
        let add = try setup.run(["schedule", "add", "--every", "45m"])
        #expect(
            add.stdoutLines.first
                == "Added reminder 1: every 45 minutes, by the systemd timer breathe-voice-remind-1.timer.",
            "\(add.stdoutLines)")
        let bad = try setup.run(["schedule", "add", "--every", "1h", "--via", "anacron"])
        #expect(bad.status == 64)
        #expect(bad.stderrLines.count == 1)
    }

    @Test func listAndRemoveHandleBothKindsWithNumbersThatNeverClash() throws {
        let setup = try Setup()
        defer { setup.remove() }
        #expect(try setup.run(["schedule", "add", "--at", "08:00"]).status == 0)
        #expect(try setup.run(["schedule", "add", "--at", "12:30", "--via", "systemd"]).status == 0)
        let third = try setup.run(["schedule", "add", "--at", "18:00"])
        #expect(third.stdoutLines == ["Added reminder 3: every day at 18:00."])
        #expect(
            try setup.run(["schedule", "add", "--at", "21:00", "--via", "systemd"]).stdoutLines.first?.hasPrefix(
                "Added reminder 4: ") == true)
        let words = try setup.run(["schedule", "list"])
        #expect(
            words.stdoutLines == [
                "Reminder 1: every day at 08:00.",
                "Reminder 2: every day at 12:30, by the systemd timer breathe-voice-remind-2.timer.",
                "Reminder 3: every day at 18:00.",
                "Reminder 4: every day at 21:00, by the systemd timer breathe-voice-remind-4.timer.",
            ])
        // Cron's own syntax (and systemd's) on request.
        let list = try setup.run(["schedule", "list", "--cron"])
        #expect(
            list.stdoutLines == [
                "Reminder 1 (--at 08:00): crontab times 0 8 * * *.",
                "Reminder 2 (--at 12:30): systemd timer breathe-voice-remind-2.timer, OnCalendar *-*-* 12:30:00.",
                "Reminder 3 (--at 18:00): crontab times 0 18 * * *.",
                "Reminder 4 (--at 21:00): systemd timer breathe-voice-remind-4.timer, OnCalendar *-*-* 21:00:00.",
            ])
        let json =
            try JSONSerialization.jsonObject(with: try setup.run(["schedule", "list", "--json"]).standardOutput)
            as? [String: Any]
        let reminders = try #require(json?["reminders"] as? [[String: Any]])
        #expect(reminders.map { $0["via"] as? String } == ["cron", "systemd", "cron", "systemd"])
        #expect(reminders.allSatisfy { Set($0.keys) == ["id", "via", "summary", "times", "lines", "files"] })

        let removeTimer = try setup.run(["schedule", "remove", "2"])
        #expect(removeTimer.stdoutLines == ["Removed reminder 2: every day at 12:30."])
        #expect(setup.calls.suffix(2) == ["--user disable --now breathe-voice-remind-2.timer", "--user daemon-reload"])
        #expect(
            !FileManager.default.fileExists(
                atPath: setup.unitFolder.appendingPathComponent("breathe-voice-remind-2.timer").path))
        #expect(
            !FileManager.default.fileExists(
                atPath: setup.unitFolder.appendingPathComponent("breathe-voice-remind-2.service").path))
        #expect(try setup.run(["schedule", "remove", "3"]).stdoutLines == ["Removed reminder 3: every day at 18:00."])
        // A new reminder never takes the number of a timer still installed.
        #expect(
            try setup.run(["schedule", "add", "--at", "07:00"]).stdoutLines.first?.hasPrefix("Added reminder 5: ")
                == true)

        let all = try setup.run(["schedule", "remove", "--all"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(
            Set(all.stdoutLines) == [
                "Removed reminder 4: every day at 21:00.", "Removed reminder 1: every day at 08:00.",
                "Removed reminder 5: every day at 07:00.",
            ])
        #expect(try setup.run(["schedule", "list"]).stdoutLines == ["No reminders are scheduled."])
    }

    // MARK: - Same times as cron

    /// The minutes a crontab line's five fields fire at, evaluated here independently of the program.
    struct CronLine {
        var minutes: Set<Int>, hours: Set<Int>, weekdays: Set<Int>

        init(_ fields: [Substring]) {
            func values(_ field: Substring, _ range: ClosedRange<Int>) -> Set<Int> {
                var result = Set<Int>()
                for part in field.split(separator: ",") {
                    let pieces = part.split(separator: "/")
                    let step = pieces.count == 2 ? Int(pieces[1])! : 1
                    let bounds: ClosedRange<Int>
                    if pieces[0] == "*" {
                        bounds = range
                    } else {
                        let ends = pieces[0].split(separator: "-").map { Int($0)! }
                        bounds =
                            ends[0]...(ends.count == 2 ? ends[1] : (pieces.count == 2 ? range.upperBound : ends[0]))
                    }
                    for value in stride(from: bounds.lowerBound, through: bounds.upperBound, by: step) {
                        result.insert(value)
                    }
                }
                return result
            }
            minutes = values(fields[0], 0...59)
            hours = values(fields[1], 0...23)
            weekdays = Set(values(fields[4], 0...6).map { $0 % 7 })
        }

        func fires(minute: Int, hour: Int, weekday: Int) -> Bool {
            minutes.contains(minute) && hours.contains(hour) && weekdays.contains(weekday)
        }
    }

    /// The next `count` firing times after `base` (seconds since 1970, UTC) of any of the lines, as "YYYY-MM-DD HH:MM:SS".
    static func cronTimes(_ lines: [CronLine], after base: Int, count: Int) -> [String] {
        var result: [String] = []
        var time = (base / 60 + 1) * 60
        while result.count < count {
            let date = Date(timeIntervalSince1970: TimeInterval(time))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.hour, .minute, .weekday], from: date)
            if lines.contains(where: { $0.fires(minute: parts.minute!, hour: parts.hour!, weekday: parts.weekday! - 1) }
            ) {
                let formatter = DateFormatter()
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
                result.append(formatter.string(from: date))
            }
            time += 60
        }
        return result
    }

    /// `systemd-analyze calendar`'s next times for every expression, merged, the first `count`.
    static func systemdTimes(_ expressions: [String], base: String, count: Int) throws -> [String] {
        let run = try tool(
            ["systemd-analyze", "calendar", "--iterations", String(count), "--base-time", base] + expressions,
            environment: ["TZ": "UTC", "LC_ALL": "C"])
        #expect(run.status == 0, "\(run.output)")
        let times = run.output.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("Next elapse:") || line.contains("Iter. #") else { return nil }
            // "    Next elapse: Mon 2026-01-05 10:00:00 UTC"
            let words = line.split(separator: " ")
            guard words.count >= 4 else { return nil }
            return words[words.count - 3] + " " + words[words.count - 2]
        }
        return Array(Set(times).sorted().prefix(count))
    }

    @Test(arguments: [
        ["--every", "2h", "--from", "09:00", "--to", "18:00", "--days", "mon-fri"],
        ["--every", "45m"],
        ["--every", "90m", "--days", "weekends"],
        ["--every", "20m", "--from", "08:10", "--to", "11:50", "--days", "mon,wed,fri"],
        ["--every", "1h30m", "--from", "07:15", "--to", "22:00", "--days", "fri-mon"],
        ["--at", "12:30", "--at", "07:05", "--days", "sat,sun"],
        ["--every", "15m"],
        ["--every", "3h", "--from", "06:40", "--to", "23:59"],
    ])
    func timersFireWhenTheCrontabLinesWould(request: [String]) throws {
        let setup = try Setup()
        defer { setup.remove() }
        let cron = try setup.run(["schedule", "add"] + request + ["--dry-run"])
        #expect(cron.status == 0, "\(cron.stderr)")
        let cronLines = cron.stdoutLines.filter { $0.hasPrefix("+ ") && !$0.hasPrefix("+ #") }
            .map {
                CronLine($0.dropFirst(2).split(separator: " ", omittingEmptySubsequences: true).prefix(5).map { $0 })
            }
        try #require(!cronLines.isEmpty)
        #expect(try setup.run(["schedule", "add"] + request + ["--via", "systemd"]).status == 0)
        // Every generated pair passes systemd's own check, not only the first test's.
        let verify = try Self.tool([
            "systemd-analyze", "verify", "--man=no",
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.timer").path,
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.service").path,
        ])
        #expect(verify.status == 0 && verify.output.isEmpty, "\(request): \(verify.output)")
        let timer = try setup.unitText("breathe-voice-remind-1.timer")
        let calendars = timer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map {
            String($0.dropFirst("OnCalendar=".count))
        }
        #expect(calendars.count == cronLines.count)
        // Monday 2026-01-05 00:00 UTC, and a Saturday evening, so that weekdays, weekends and midnight all come up.
        for (base, seconds) in [("2026-01-05 00:00:00 UTC", 1_767_571_200), ("2026-01-10 20:07:00 UTC", 1_768_075_620)]
        {
            let expected = Self.cronTimes(cronLines, after: seconds, count: 40)
            let actual = try Self.systemdTimes(calendars, base: base, count: 40)
            #expect(actual == expected, "\(request) from \(base)")
        }
    }
}

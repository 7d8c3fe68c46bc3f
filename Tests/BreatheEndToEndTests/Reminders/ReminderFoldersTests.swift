import Foundation
import Testing

@testable import BreatheTestSupport

/// A reminder reads the files the shell that scheduled it reads (issue 50): the XDG folders set there go into the
/// crontab line, quoted so that cron and the shell give them back whole, and the line, run as cron runs it (`sh -c`
/// with cron's few variables), finds the shell's saved pattern, records into the history the shell's `history` reads,
/// keeps the quiet hours set there, and does what `doctor`, run in that shell, says it would.
@Suite struct ReminderFoldersTests {
    /// Runs a crontab line's command as cron does: `\%` made `%`, then `sh -c`, with only cron's variables (and a
    /// sound server that is not there, so that the reminder fails at once rather than play).
    ///
    /// The line's runtime folder, the user's `/run/user/<uid>`, is swapped for one of the test's own: a reminder takes
    /// the session lock there, and another test's reminder running meanwhile would find it taken and step aside.
    static func runAsCron(_ line: Substring, home: TemporaryHome) throws -> BinaryRun {
        let command = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)[5]
        let runtime = home.root.path + "/run"
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let isolated = command.replacingOccurrences(
            of: "XDG_RUNTIME_DIR=/run/user/\(getuid()) ", with: "XDG_RUNTIME_DIR=" + runtime + " ")
        #expect(isolated != String(command), "the line names no runtime folder: \(line)")
        return try BinaryRun.run(
            ["-c", isolated.replacingOccurrences(of: "\\%", with: "%")],
            environment: [
                "HOME": home.root.path, "LOGNAME": "breathe", "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh",
                "PULSE_SERVER": "unix:" + home.root.path + "/no-server",
            ],
            clearEnvironment: true, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test(arguments: ["folders", "it's 100% \"odd\" $HOME \\ añejo"])
    func theRemindersLineReadsTheShellsFolders(name: String) throws {
        let home = try TemporaryHome()
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let base = home.root.path + "/" + name
        let shell: [String: String?] = [
            "XDG_CONFIG_HOME": base + "/config", "XDG_STATE_HOME": base + "/state", "XDG_CACHE_HOME": base + "/cache",
            "BREATHE_VOICE_CRONTAB": fake.script.path, "LC_ALL": "C", "LANG": nil,
            "PULSE_SERVER": "unix:" + home.root.path + "/no-server",
        ]
        // A relative folder is not a folder the XDG rules take: the shell reads the default, and so will the reminder.
        let relative = try home.run(
            ["schedule", "add", "--at", "09:00", "--dry-run"],
            environment: shell.merging(["XDG_CACHE_HOME": "cache"]) { $1 })
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(relative.stdout.contains("XDG_STATE_HOME=") && !relative.stdout.contains("XDG_CACHE_HOME="))

        #expect(try home.run(["patterns", "add", "calm", "1-1"], environment: shell).status == 0)
        let add = try home.run(["schedule", "add", "--at", "14:00", "--pattern", "calm"], environment: shell)
        #expect(add.status == 0, "\(add.stderr)")
        let lines = (fake.text ?? "").split(separator: "\n").filter { !$0.hasPrefix("#") }
        try #require(lines.count == 1, "\(fake.text ?? "")")

        // No sound server: the reminder fails, as it should, and leaves its trace where the shell looks.
        let failed = try Self.runAsCron(lines[0], home: home)
        #expect(failed.status == 69, "\(lines[0]): \(failed.stderr)")
        let history = try home.run(["history", "--lang", "en"], environment: shell)
        #expect(history.stdoutLines.count == 1, "\(history.stdout)")
        #expect(history.stdoutLines.first?.hasSuffix(": reminder failed: no sound server answered.") == true)
        let csv = try home.run(["history", "export", "--format", "csv"], environment: shell)
        #expect(csv.stdout.contains(",calm,"), "the saved pattern was found: \(csv.stdout)")
        // Nothing went to the default folders the shell does not read.
        for folder in [".config", ".local", ".cache"] {
            #expect(!FileManager.default.fileExists(atPath: home.root.path + "/" + folder), "\(folder) was made")
        }

        // Quiet hours set in the shell: doctor says the reminder would keep quiet, and it does.
        #expect(try home.run(["prefs", "set", "quietHours", "00:00-23:59"], environment: shell).status == 0)
        let doctor = try home.run(["doctor", "--lang", "en"], environment: shell)
        #expect(
            doctor.stdoutLines.contains("ok: a reminder now would do nothing: quiet hours from 00:00 to 23:59"),
            "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("reads its files"), "\(doctor.stdout)")
        let quiet = try Self.runAsCron(lines[0], home: home)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        // Kept quiet, in silence as under cron: no second failure (the sound server is still not there), no record.
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(try home.run(["history"], environment: shell).stdoutLines.count == 1)
    }

    /// The timer's service sets the same folders, one `Environment=` line each, quoted as systemd reads them back
    /// (`%` doubled for its specifiers, `"` and `\` escaped inside quotes), and systemd takes the files.
    @Test func theServiceSetsTheShellsFoldersToo() throws {
        let setup = try SystemdScheduleTests.Setup()
        defer { setup.remove() }
        let odd = setup.home.root.path + "/it's 100% \"odd\" $HOME \\ añejo"
        let environment = setup.environment.merging(["XDG_STATE_HOME": odd + "/state", "XDG_CACHE_HOME": nil]) { $1 }
        let add = try BinaryRun.run(["schedule", "add", "--at", "14:00", "--via", "systemd"], environment: environment)
        #expect(add.status == 0, "\(add.stderr)")
        let service = try setup.unitText("breathe-voice-remind-1.service")
        let lines = service.split(separator: "\n").filter { $0.hasPrefix("Environment=") }
        let escaped = odd.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        #expect(
            lines == [
                "Environment=XDG_RUNTIME_DIR=/run/user/\(getuid())",
                "Environment=XDG_CONFIG_HOME=\(setup.home.root.path)/config",
                "Environment=\"XDG_STATE_HOME=\(escaped)/state\"",
            ], "\(service)")
        let verify = try SystemdScheduleTests.tool([
            "systemd-analyze", "verify", "--man=no",
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.timer").path,
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.service").path,
        ])
        #expect(verify.status == 0 && verify.output.isEmpty, "\(verify.output)")
    }

    /// A reminder scheduled where no XDG folder was set (or by an earlier version) reads the default folders: doctor,
    /// run in a shell that sets them, says so and how to mend it; scheduled again from that shell, it is fine.
    @Test func doctorSaysWhenAReminderReadsOtherFolders() throws {
        let home = try TemporaryHome()
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let base = home.root.path + "/elsewhere"
        let shell: [String: String?] = [
            "XDG_CONFIG_HOME": base + "/config", "XDG_STATE_HOME": base + "/state", "XDG_CACHE_HOME": nil,
            "BREATHE_VOICE_CRONTAB": fake.script.path, "BREATHE_VOICE_SYSTEMCTL": "/bin/true", "LC_ALL": "C",
            "LANG": nil,
        ]
        let plain = shell.merging(["XDG_CONFIG_HOME": nil, "XDG_STATE_HOME": nil]) { $1 }
        #expect(try home.run(["schedule", "add", "--at", "14:00"], environment: plain).status == 0)
        #expect(try home.run(["doctor", "--json"], environment: plain).stdout.contains("reminder-folders") == false)

        let doctor = try home.run(["doctor", "--lang", "en"], environment: shell)
        #expect(doctor.status == 1)
        #expect(
            doctor.stdoutLines.contains(
                "problem: reminder 1 reads its files in \(home.root.path)/.config (XDG_CONFIG_HOME), this shell in "
                    + "\(base)/config: it keeps other preferences and quiet hours, or records into another history, than "
                    + "the ones doctor and history read here — fix: remove reminder 1 with breathe-voice schedule remove 1 "
                    + "and add it again from this shell: it then reads the same folders"), "\(doctor.stdout)")
        let spanish = try home.run(["doctor", "--lang", "es"], environment: shell)
        #expect(spanish.stdoutLines.contains { $0.hasPrefix("problema: el recordatorio 1 lee sus archivos en ") })
        let report = try home.run(["doctor", "--json"], environment: shell)
        #expect(report.stdout.contains(#""check": "reminder-folders""#), "\(report.stdout)")

        #expect(try home.run(["schedule", "remove", "1"], environment: shell).status == 0)
        #expect(try home.run(["schedule", "add", "--at", "14:00", "--via", "systemd"], environment: shell).status == 0)
        let mended = try home.run(["doctor", "--json"], environment: shell)
        #expect(!mended.stdout.contains("reminder-folders"), "\(mended.stdout)")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

extension SystemdScheduleTests {
    // MARK: - Issue 29, item 5: only values that fit on one line reach the crontab line or the unit

    /// The binary under another name (a hard link, else a copy), in a folder of `home` named `folder`.
    static func binary(in home: TemporaryHome, folder: String) throws -> URL {
        let directory = home.root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("breathe-voice")
        if link(BinaryRun.binary.resolvingSymlinksInPath().path, copy.path) != 0 {
            try FileManager.default.copyItem(at: BinaryRun.binary.resolvingSymlinksInPath(), to: copy)
        }
        return copy
    }

    @Test(arguments: [
        ["--at", "12:00", "--minutes", "2\n"],
        ["--at", "12:00", "--minutes", "2\t"],
        ["--at", "12:00\n"],
        ["--at", "12:00", "--at", "\r13:00"],
        ["--every", "2h\n"],
        ["--every", "2h", "--from", "09:00\u{1B}", "--to", "17:00"],
        ["--at", "12:00", "--days", "mon\u{2028}"],
        ["--at", "12:00", "--pattern", "4-7-8\n"],
    ])
    func aValueWithAControlCharacterIsAUsageErrorForCronAndSystemd(request: [String]) throws {
        let setup = try Setup()
        defer { setup.remove() }
        for via in ["cron", "systemd"] {
            let add = try setup.run(["schedule", "add"] + request + ["--via", via, "--lang", "en"])
            #expect(add.status == 64, "\(via) \(request): \(add.stderr)")
            #expect(add.stderrLines.count == 1, "\(via) \(request): \(add.stderr)")
            #expect(add.stdout.isEmpty)
        }
        #expect(setup.crontab.text == nil, "the crontab was written")
        #expect(!FileManager.default.fileExists(atPath: setup.unitFolder.path), "a unit was written")
        #expect(setup.calls.isEmpty)
    }

    @Test(arguments: ["new\nline", "tab\there", "carriage\rreturn", "escape\u{1B}[0m"])
    func aProgramPathThatCannotBeWrittenIsRefusedWithTheFix(folder: String) throws {
        let setup = try Setup()
        defer { setup.remove() }
        let program = try Self.binary(in: setup.home, folder: folder)
        for via in ["cron", "systemd"] {
            for dryRun in [false, true] {
                let run = try BinaryRun.run(
                    ["schedule", "add", "--at", "12:00", "--via", via, "--lang", "en"] + (dryRun ? ["--dry-run"] : []),
                    environment: setup.environment, executable: program)
                #expect(run.status == 73, "\(via): \(run.stderr)")
                #expect(run.stderrLines.count == 1, "\(via): \(run.stderr)")
                #expect(run.stderr.contains("holds a control character"), "\(run.stderr)")
                #expect(run.stderr.contains("move breathe-voice to a folder"), "\(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
        }
        #expect(setup.crontab.text == nil, "the crontab was written")
        #expect(!FileManager.default.fileExists(atPath: setup.unitFolder.path), "a unit was written")
    }

    /// Folders that every quoting rule must carry through: spaces, both quotes, a backslash, `%` (a systemd specifier,
    /// a cron line's end), `$` (a systemd variable), non-ASCII letters. systemd takes no quote or backslash in an
    /// executable's path: that is refused for systemd with the way out (cron), and written into the crontab.
    @Test(arguments: ["my tools", "it's \"here\"", "back\\slash", "100% $HOME ${X}", "añejo ünïcode"])
    func hostileButWritableValuesGiveUnitsSystemdAcceptsAndTheSameWords(folder: String) throws {
        let setup = try Setup()
        defer { setup.remove() }
        let program = try Self.binary(in: setup.home, folder: folder)
        let request = [
            "schedule", "add", "--every", "2h", "--from", " 09:00", "--to", "17:00", "--minutes", "2,50",
            "--pattern", "4-7-8", "--lang", "es", "--allow-silent",
        ]
        let add = try BinaryRun.run(
            request + ["--via", "systemd"], environment: setup.environment, executable: program)
        if folder.contains(where: { $0 == "'" || $0 == "\"" || $0 == "\\" }) {
            #expect(add.status == 73, "\(add.stderr)")
            #expect(add.stderrLines.count == 1)
            #expect(add.stderr.contains("--via cron"), "\(add.stderr)")
            #expect(!FileManager.default.fileExists(atPath: setup.unitFolder.path), "a unit was written")
        } else {
            #expect(add.status == 0, "\(add.stderr)")
            let timer = setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.timer")
            let service = setup.unitFolder.appendingPathComponent("breathe-voice-remind-1.service")
            // verify also checks that ExecStart='s program exists: its path came through whole.
            let verify = try Self.tool(["systemd-analyze", "verify", "--man=no", timer.path, service.path])
            #expect(verify.status == 0 && verify.output.isEmpty, "\(folder): \(verify.output)")
            let text = try setup.unitText("breathe-voice-remind-1.service")
            #expect(text.contains(" remind --pattern 4-7-8 --minutes 2.5 --lang es --allow-silent\n"), "\(text)")
        }
        // The same request as a crontab line: one line, whose words the shell (after cron's `\%`) reads back whole.
        let cron = try BinaryRun.run(request + ["--via", "cron"], environment: setup.environment, executable: program)
        #expect(cron.status == 0, "\(cron.stderr)")
        let lines = (setup.crontab.text ?? "").split(separator: "\n").filter { !$0.hasPrefix("#") }
        try #require(lines.count == 1, "\(setup.crontab.text ?? "")")
        let command = lines[0].split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)[5]
        let words = try Self.tool([
            "sh", "-c", "set -- " + command.replacingOccurrences(of: "\\%", with: "%") + "; printf '%s\\n' \"$@\"",
        ])
        #expect(
            words.output.split(separator: "\n").map(String.init)
                == [
                    "XDG_RUNTIME_DIR=/run/user/\(getuid())", "XDG_CONFIG_HOME=" + setup.home.root.path + "/config",
                    "XDG_STATE_HOME=" + setup.home.root.path + "/state",
                    "XDG_CACHE_HOME=" + setup.home.root.path + "/cache", program.path, "remind", "--pattern", "4-7-8",
                    "--minutes", "2.5", "--lang", "es", "--allow-silent",
                ], "\(lines[0])")
    }
}

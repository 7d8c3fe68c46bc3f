import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 12, tried as a hostile user and a hostile machine would: one test per numbered defect, each against the built
/// binary in its own home (with its own runtime folder). Never replaces or changes a system file: the victims are files
/// the test made itself.
@Suite struct FaultInjectionTests {
    static let victimBytes = Data("a victim's file: must never change\n".utf8)

    /// A file outside the program's folders that a planted link points at.
    static func victim(in home: TemporaryHome) throws -> URL {
        let url = home.root.appendingPathComponent("victim.txt")
        try victimBytes.write(to: url)
        return url
    }

    static func makeFolder(_ url: URL, mode: Int = 0o700) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, mode_t(mode))
    }

    static let quickReminder = [
        "remind", "--allow-silent", "--speech", "off", "--tones", "off", "--plain", "--lang", "en",
        "--pattern", "1-1", "--cycles", "1",
    ]
    static let quickSession = ["--pattern", "1-1", "--cycles", "1", "--no-audio", "--plain", "--lang", "en"]

    // MARK: 1. The session lock never follows a link.

    @Test func defect01SessionLockLinkIsRefusedAndTheVictimUntouched() throws {
        let home = try TemporaryHome()
        let victim = try Self.victim(in: home)
        try Self.makeFolder(home.lockFile.deletingLastPathComponent())
        try FileManager.default.createSymbolicLink(at: home.lockFile, withDestinationURL: victim)
        let remind = try home.run(Self.quickReminder)
        #expect(remind.status == 73)
        #expect(remind.stderrLines.count == 1)
        #expect(remind.stderr.contains("symbolic link"))
        _ = try home.run(Self.quickSession)
        #expect(try Data(contentsOf: victim) == Self.victimBytes)
    }

    // MARK: 2. The history never follows a link.

    @Test func defect02HistoryLinkIsRefusedAndTheVictimUntouched() throws {
        let home = try TemporaryHome()
        let victim = try Self.victim(in: home)
        try Self.makeFolder(home.historyFile.deletingLastPathComponent())
        try FileManager.default.createSymbolicLink(at: home.historyFile, withDestinationURL: victim)
        for arguments in [
            Self.quickSession, ["history", "clear", "--yes", "--lang", "en"], ["history", "--lang", "en"],
            ["stats", "--lang", "en"],
        ] {
            let run = try home.run(arguments)
            #expect(run.status == 73 || run.status == 74, "\(arguments)")
            #expect(run.stderr.contains("symbolic link"), "\(arguments): \(run.stderr)")
            #expect(try Data(contentsOf: victim) == Self.victimBytes, "\(arguments)")
        }
    }

    // MARK: 3. Folders that others own or may write in are refused.

    @Test(arguments: ["config/breathe-voice", "state/breathe-voice", "run/breathe-voice"])
    func defect03OpenFoldersAreRefused(folder: String) throws {
        let home = try TemporaryHome()
        let url = home.root.appendingPathComponent(folder)
        try Self.makeFolder(url, mode: 0o777)
        let command =
            folder.hasPrefix("config")
            ? ["prefs", "set", "rate", "200", "--lang", "en"]
            : folder.hasPrefix("state")
                ? ["history", "--lang", "en"]
                : Self.quickReminder
        let run = try home.run(command)
        #expect(run.status == 73)
        #expect(
            run.stderrLines == [
                "breathe-voice: Other users can write in the folder \(url.path), so breathe-voice will not use it: make it private with chmod 700 \(url.path)."
            ])
        // Nothing was written into it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.isEmpty)
    }

    @Test func defect03NewFoldersArePrivate() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "200"]).status == 0)
        #expect(try home.run(Self.quickSession).status == 0)
        for folder in ["config/breathe-voice", "state/breathe-voice", "run/breathe-voice"] {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: home.root.appendingPathComponent(folder).path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0, "\(folder)")
        }
    }

    // MARK: 11. Preferences that are a FIFO, an endless device or huge are answered at once.

    @Test(arguments: ["fifo", "zero", "urandom", "huge"])
    func defect11PreferencesThatCannotEndAreRefusedWithinTwoSeconds(kind: String) throws {
        let home = try TemporaryHome()
        let path = home.preferencesFile.path
        try Self.makeFolder(home.preferencesFile.deletingLastPathComponent())
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "zero": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        case "urandom": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/urandom")
        default:
            try Data(("{\"version\": 1, \"x\": \"" + String(repeating: "a", count: 2 << 20) + "\"}").utf8).write(
                to: home.preferencesFile)
        }
        // Before the fix a FIFO hung for ever and /dev/zero grew memory without end; now the answer takes milliseconds.
        // The bound only tells an answer from a hang, generously, so that a loaded machine never fails it.
        let started = Date()
        let run = try home.run(["prefs", "show", "--lang", "en"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(run.status == 78)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("prefs reset"))
    }

    @Test func defect11HundredThousandUnknownKeysGiveOneWarningQuickly() throws {
        let home = try TemporaryHome()
        try Self.makeFolder(home.preferencesFile.deletingLastPathComponent())
        // Compact, so that the file stays under the 1 MiB cap.
        func write(_ count: Int) throws {
            let keys = (0..<count).map { "\"\($0)\":0" }.joined(separator: ",")
            try Data(("{\"version\":1," + keys + "}").utf8).write(to: home.preferencesFile)
        }
        func timed(_ count: Int) throws -> (BinaryRun, TimeInterval) {
            try write(count)
            let started = Date()
            let run = try home.run(["prefs", "get", "rate", "--lang", "en"])
            return (run, Date().timeIntervalSince(started))
        }
        // Linear, not quadratic: ten times the keys takes far less than a hundred times as long. (The quadratic reader
        // took over 10 s for 100 000 keys.) A ratio, not a wall-clock bound, so that the machine's load cancels out.
        let (_, tenThousand) = try timed(10_000)
        let (run, hundredThousand) = try timed(100_000)
        #expect(
            hundredThousand < 30 * tenThousand + 1, "10 000 keys: \(tenThousand) s, 100 000 keys: \(hundredThousand) s")
        #expect(run.status == 0)
        #expect(run.stdoutLines == ["175"])
        #expect(
            run.stderrLines == [
                "Warning: preferences \(home.preferencesFile.path): 100000 unknown preferences are ignored, the first \"0\" at line 1, column 18."
            ])
    }

    // MARK: 17. A preferences path that cannot be a file is a bad preferences file (78) with the fix.

    @Test(arguments: ["folder", "unreadable", "loop", "dangling"])
    func defect17PreferencesPathThatIsNoFileIs78(kind: String) throws {
        let home = try TemporaryHome()
        let path = home.preferencesFile.path
        try Self.makeFolder(home.preferencesFile.deletingLastPathComponent())
        switch kind {
        case "folder": try Self.makeFolder(home.preferencesFile)
        case "unreadable":
            try Data("{\"version\": 1}".utf8).write(to: home.preferencesFile)
            chmod(path, 0)
        case "loop": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        default:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: home.root.path + "/nowhere")
        }
        for language in ["en", "es"] {
            let run = try home.run(["prefs", "show", "--lang", language])
            // Root reads a file whatever its mode: then the file is simply used.
            if kind == "unreadable" && geteuid() == 0 {
                #expect(run.status == 0)
                continue
            }
            #expect(run.status == 78, "\(kind) \(language)")
            #expect(run.stderrLines.count == 1)
            #expect(run.stderr.contains("prefs reset"))
        }
        if kind != "unreadable" {
            // The way out works: reset moves it aside, and the next command runs on defaults.
            #expect(try home.run(["prefs", "reset", "--lang", "en"]).status == 0)
            #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["175"])
        }
    }

    // MARK: 5. Concurrent changes are all kept.

    /// Starts every command at once in `home` and waits for them all.
    static func runConcurrently(_ commands: [[String]], home: TemporaryHome, environment: [String: String?] = [:])
        throws -> [FaultRun]
    {
        let started = try commands.map {
            try FaultRun.start($0, home: home, environment: environment, standardOutput: .path("capture"))
        }
        return started.map(FaultRun.finish)
    }

    static func savedPatterns(_ json: [String: Any]) -> [String] {
        (json["patterns"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "saved" }.compactMap {
            $0["name"] as? String
        }
    }

    @Test func defect05TwentyConcurrentPreferenceWritersAllKeepTheirChange() throws {
        let home = try TemporaryHome()
        let patterns = (0..<17).map { ["patterns", "add", "p\($0)", "4-\($0 + 1)", "--lang", "en"] }
        let settings = [
            ["prefs", "set", "rate", "222"], ["prefs", "set", "pitch", "61"], ["prefs", "set", "volume", "77"],
        ]
        let runs = try Self.runConcurrently(patterns + settings, home: home)
        for run in runs { #expect(run.ending == .exited(0), "\(run.stderr)") }
        let listed = try home.run(["patterns", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: listed.standardOutput) as? [String: Any])
        let saved = Self.savedPatterns(json)
        #expect(Set(saved) == Set((0..<17).map { "p\($0)" }), "\(saved)")
        #expect(try home.run(["prefs", "get", "rate"]).stdoutLines == ["222"])
        #expect(try home.run(["prefs", "get", "pitch"]).stdoutLines == ["61"])
        #expect(try home.run(["prefs", "get", "volume"]).stdoutLines == ["77"])
    }

    @Test func defect05TwentyConcurrentPatternRemovalsAllHappen() throws {
        let home = try TemporaryHome()
        for index in 0..<20 { #expect(try home.run(["patterns", "add", "r\(index)", "4-4"]).status == 0) }
        let runs = try Self.runConcurrently((0..<20).map { ["patterns", "remove", "r\($0)"] }, home: home)
        for run in runs { #expect(run.ending == .exited(0), "\(run.stderr)") }
        let listed = try home.run(["patterns", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: listed.standardOutput) as? [String: Any])
        #expect(Self.savedPatterns(json).isEmpty)
    }

    @Test func defect05TwentyConcurrentScheduleAddsAllStay() throws {
        let home = try TemporaryHome()
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let environment: [String: String?] = ["BREATHE_VOICE_CRONTAB": fake.script.path, "LC_ALL": "C", "LANG": nil]
        let commands = (0..<20).map { ["schedule", "add", "--at", String(format: "%02d:%02d", $0, $0)] }
        let runs = try Self.runConcurrently(commands, home: home, environment: environment)
        for run in runs { #expect(run.ending == .exited(0), "\(run.stderr)") }
        let text = fake.text ?? ""
        for index in 0..<20 {
            #expect(text.contains("\(index) \(index) * * * "), "the reminder at \(index):\(index) was lost")
        }
        let list = try FaultRun.run(["schedule", "list"], home: home, environment: environment)
        #expect(list.stdout.split(separator: "\n").filter { $0.hasPrefix("Reminder") }.count == 20, "\(list.stdout)")
    }

    // MARK: 6. Every write to standard output is checked.

    static let everyCommand: [[String]] = [
        ["patterns"], ["prefs", "show"], ["prefs", "get", "rate"], ["history"], ["stats"],
        ["history", "export", "--format", "csv"],
        ["schedule", "list"], ["--help"], ["--version"], ["voices"], ["doctor"], quickSession,
        ["--pattern", "1-1", "--cycles", "1", "--no-audio", "--events", "json", "--display", "quiet", "--lang", "en"],
        ["patterns", "add", "calm", "4-4"], ["prefs", "set", "rate", "200"],
    ]

    @Test(arguments: ["/dev/full", "closed"])
    func defect06EveryCommandReportsAFailedStandardOutput(target: String) throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        for command in Self.everyCommand {
            let home = try TemporaryHome()
            // One session in the history, so that history, stats and export have something to write.
            #expect(try home.run(Self.quickSession).status == 0)
            let run = try FaultRun.run(
                command + (command.contains("--lang") ? [] : ["--lang", "en"]), home: home,
                environment: ["BREATHE_VOICE_CRONTAB": fake.script.path, "PULSE_SERVER": "unix:/nonexistent"],
                standardOutput: target == "closed" ? .closed : .path("/dev/full")
            )
            #expect(run.ending == .exited(74), "\(command) to \(target): \(run.ending) \(run.stderr)")
            #expect(
                run.stderrLines.last?.hasPrefix("breathe-voice: Cannot write standard output: ") == true,
                "\(command): \(run.stderr)")
        }
    }

    /// `--version` reads no preferences and no locale before it prints; the error about a failed write is still in the
    /// user's language, found only when it is needed.
    @Test func versionToAFullDiskFailsInTheUsersLanguage() throws {
        let home = try TemporaryHome()
        let run = try FaultRun.run(
            ["--version"], home: home, environment: ["BREATHE_VOICE_LANG": "es"], standardOutput: .path("/dev/full"))
        #expect(run.ending == .exited(74), "\(run.ending) \(run.stderr)")
        #expect(
            run.stderrLines.last?.hasPrefix("breathe-voice: No se puede escribir en la salida estándar: ") == true,
            "\(run.stderr)")
    }

    // MARK: 7. A reader that goes away ends the output quietly, and the session is still recorded.

    @Test func defect07ClosedPipeIsQuietExitZeroAndTheSessionIsRecorded() throws {
        let home = try TemporaryHome()
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let started = try FaultRun.start(
            Self.quickSession + ["--cycles", "2"], home: home, standardOutput: .descriptor(ends[1]))
        close(ends[1])
        // The reader goes away at once, before the first line (as `| head -c0` would).
        close(ends[0])
        let run = FaultRun.finish(started)
        #expect(run.ending == .exited(0), "\(run.ending) \(run.stderr)")
        #expect(run.stderr.isEmpty)
        let history = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// History exports to odd places (4), signals at any moment of a run (9), file size limits (8, 9), an unwritable history
/// (10) and a failed event stream, each against the built binary in its own home, as in
/// `FaultInjectionTests`. Signals are placed by a seeded delay; only outcomes are asserted, never timings.
extension FaultInjectionTests {
    /// The names in `folder` that look like our temporary files (`.NAME.tmp-…`).
    static func temporaries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".tmp-") }
    }

    /// Every line of the history, or none when there is no file.
    static func historyLines(_ home: TemporaryHome) -> [String] {
        guard let text = try? String(contentsOf: home.historyFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// True when the WAV's header tells its real length.
    static func headerIsTruthful(_ path: String) throws -> Bool {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let wav = try WavFile(data)
        let riff = data.count >= 8 ? Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16 | Int(data[7]) << 24 : -1
        return wav.declaredDataBytes == data.count - 44 && riff == data.count - 8
    }

    // MARK: 4. history export --output: devices in place, links refused, folders never created.

    static func homeWithOneSession() throws -> TemporaryHome {
        let home = try TemporaryHome()
        #expect(try home.run(Self.quickSession).status == 0)
        return home
    }

    @Test func defect04ExportToDevNullKeepsTheDevice() throws {
        let home = try Self.homeWithOneSession()
        let run = try home.run(["history", "export", "--format", "csv", "--output", "/dev/null", "--lang", "en"])
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(lstat("/dev/null", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a character device")
    }

    @Test func defect04ExportToAFIFOWritesThroughIt() throws {
        let home = try Self.homeWithOneSession()
        let fifo = home.root.appendingPathComponent("export.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // A reader has the FIFO open before the export starts (a FIFO nobody reads is refused, never waited for).
        let reader = try FIFOReader(fifo)
        let run = try home.run(["history", "export", "--format", "csv", "--output", fifo, "--lang", "en"])
        let received = reader.finish()
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasPrefix("id,start,end,"), "\(text)")
        // CSV lines end in CRLF (RFC 4180): the header and the one session.
        #expect(received.filter { $0 == 0x0A }.count == 2, "\(text)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    @Test func defect04ExportThroughASymbolicLinkIsRefused() throws {
        let home = try Self.homeWithOneSession()
        let victim = try Self.victim(in: home)
        let link = home.root.appendingPathComponent("export.csv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let run = try home.run(["history", "export", "--format", "csv", "--output", link.path, "--lang", "en"])
        #expect(run.status == 73)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(try Data(contentsOf: victim) == Self.victimBytes)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == victim.path)
        #expect(Self.temporaries(in: home.root.path).isEmpty)
    }

    @Test func defect04ExportIntoAMissingFolderIs73AndCreatesNothing() throws {
        let home = try Self.homeWithOneSession()
        let missing = home.root.appendingPathComponent("nope")
        let run = try home.run([
            "history", "export", "--format", "json", "--output", missing.path + "/deeper/x.json", "--lang", "en",
        ])
        #expect(run.status == 73)
        #expect(
            run.stderrLines == [
                "breathe-voice: Cannot create \(missing.path)/deeper/x.json: No such file or directory."
            ])
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func defect04ExportIntoTmpWorksAndReplacesAFileWhole() throws {
        let home = try Self.homeWithOneSession()
        // /tmp is writable by everyone: it is the user's choice, not one of our folders, so it is not refused.
        let target = "/tmp/breathe-voice-export-" + UUID().uuidString + ".csv"
        defer { unlink(target) }
        try Data("old contents\n".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        let run = try home.run(["history", "export", "--format", "csv", "--output", target, "--lang", "en"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines == ["Exported 1 session to \(target)."])
        let text = try String(contentsOfFile: target, encoding: .utf8)
        #expect(text.hasPrefix("id,start,end,"))
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? Int) == 0o640, "the replaced file lost its mode")
        let name = URL(fileURLWithPath: target).lastPathComponent
        #expect(Self.temporaries(in: "/tmp").filter { $0.contains(name) }.isEmpty)
    }

    // MARK: 9. Signals at any moment, from the first instant the program runs: the documented exit, and a record.

    /// Waits until the program runs code past the dynamic loader, or has ended: it has taken SIGINT (blocked or caught,
    /// see CEarlySignals), or the Swift runtime has installed its SIGQUIT handler (which it does before `main`, so a
    /// program that takes SIGINT only later is caught out too). Before that only the loader runs, where no program can
    /// act on a signal.
    /// Returns once a temporary file is in `folder` (the render has begun to write), or `pid` has ended, or after
    /// 10 s.
    static func waitForATemporary(in folder: String, of pid: pid_t) {
        Waiting.until(timeout: 10, every: 0.0005) {
            guard temporaries(in: folder).isEmpty,
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            else { return true }
            return status.contains("State:\tZ")
        }
    }

    static func waitUntilSignalsAreTaken(_ pid: pid_t) {
        let bit = UInt64(1) << UInt64(SIGINT - 1)
        let runtime = UInt64(1) << UInt64(SIGQUIT - 1)
        // Looked at without a pause (the processor yielded between looks): the signal must come at the first instant.
        Waiting.until(timeout: 60, every: 0) {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
            if status.contains("State:\tZ") { return true }
            var fields: [String: UInt64] = [:]
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2 {
                    fields[String(parts[0])] = UInt64(parts[1].trimmingCharacters(in: .whitespaces), radix: 16)
                }
            }
            return ((fields["SigBlk"] ?? 0) | (fields["SigCgt"] ?? 0)) & bit != 0
                || (fields["SigCgt"] ?? 0) & runtime != 0
        }
    }

    @Test(arguments: ["text", "wav"])
    func defect09SignalsAtAnyMomentGiveTheDocumentedExitAndARecord(mode: String) throws {
        var random = SplitMix(state: mode == "text" ? 12 : 912)
        let signals: [(number: Int32, code: Int32)] = [
            (SIGINT, 130), (SIGTERM, 143), (SIGHUP, 0), (SIGQUIT, 131), (SIGUSR1, 138), (SIGUSR2, 140),
        ]
        for index in 0..<20 {
            let home = try TemporaryHome()
            let (number, code) = signals[index % signals.count]
            let wav = home.root.appendingPathComponent("out.wav").path
            let arguments =
                mode == "text"
                ? Self.quickSession
                : ["--pattern", "1-1", "--cycles", "2", "--plain", "--lang", "en", "--output", wav]
            // The first run of each signal gets it the instant the program runs code of its own; the rest anywhere
            // in the session (a text session lasts about 5 s; a render well under one).
            let delay = index < signals.count ? 0 : UInt32(random.next() % (mode == "text" ? 5_000_000 : 400_000))
            // Backtraces on, whatever the test runner's environment says: the runtime's SIGQUIT handler marks the
            // moment the program's own code starts (see waitUntilSignalsAreTaken).
            let started = try FaultRun.start(
                arguments, home: home, environment: ["SWIFT_BACKTRACE": "enable=yes"],
                standardOutput: .path("capture"))
            Self.waitUntilSignalsAreTaken(started.pid)
            Waiting.pause(seconds: Double(delay) / 1e6, because: "a seeded moment in the session to signal")
            kill(started.pid, number)
            let run = FaultRun.finish(started)
            let context =
                "\(mode) run \(index): signal \(number) after \(delay) µs: \(run.ending)\n\(run.stdout)\(run.stderr)"
            // The documented code, or 0 when the run was already over when the signal came.
            #expect(run.ending == .exited(code) || run.ending == .exited(0) && delay > 0, "\(context)")
            if run.ending == .exited(0) && code != 0 { #expect(run.stdout.contains("Session complete"), "\(context)") }
            let records = Self.historyLines(home)
            #expect(records.count <= 1, "\(context)")
            if mode == "wav" {
                // A rendered file is not a breathing session: never recorded.
                #expect(records.isEmpty, "a render was recorded: \(context)")
            } else if run.stdout.contains("Breathe in") {
                #expect(records.count == 1, "something was breathed but not recorded: \(context)")
            }
            if mode == "wav" {
                #expect(Self.temporaries(in: home.root.path).isEmpty, "a temporary WAV was left: \(context)")
                if FileManager.default.fileExists(atPath: wav) {
                    #expect(try Self.headerIsTruthful(wav), "\(context)")
                    #expect(run.stdout.contains("Session complete"), "a partial WAV was kept: \(context)")
                }
            }
        }
    }

    // MARK: 9. A render never leaves a partial WAV or a temporary file.

    static let render = ["--pattern", "4-4", "--cycles", "3", "--plain", "--lang", "en"]

    @Test func defect09RenderOverAFileSizeLimitIs74AndLeavesNoFile() throws {
        let home = try TemporaryHome()
        let wav = home.root.appendingPathComponent("out.wav").path
        let run = try FaultRun.run(Self.render + ["--output", wav], home: home, prefix: ["prlimit", "--fsize=60000"])
        #expect(run.ending == .exited(74), "\(run.ending) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: wav))
        #expect(Self.temporaries(in: home.root.path).isEmpty)
        // An existing file stays as it was.
        try Self.victimBytes.write(to: URL(fileURLWithPath: wav))
        let again = try FaultRun.run(
            Self.render + ["--output", wav], home: home, prefix: ["prlimit", "--fsize=60000"])
        #expect(again.ending == .exited(74))
        #expect(try Data(contentsOf: URL(fileURLWithPath: wav)) == Self.victimBytes)
        #expect(Self.temporaries(in: home.root.path).isEmpty)
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM])
    func defect09SignalsMidRenderLeaveNoPartialWav(signal number: Int32) throws {
        var random = SplitMix(state: UInt64(number))
        for _ in 0..<4 {
            let home = try TemporaryHome()
            let wav = home.root.appendingPathComponent("out.wav").path
            // A long render (about 11 minutes of audio), so the signal comes while it is being written.
            let started = try FaultRun.start(
                ["--pattern", "4-4", "--cycles", "80", "--plain", "--lang", "en", "--output", wav],
                home: home, environment: ["SWIFT_BACKTRACE": "enable=no"], standardOutput: .path("capture"))
            Self.waitUntilSignalsAreTaken(started.pid)
            // While it writes (its temporary file is there), at a moment drawn within its first 60 ms: the release
            // build writes these 11 minutes in about 80 ms, the debug build in about half a second.
            Self.waitForATemporary(in: home.root.path, of: started.pid)
            Waiting.pause(
                seconds: Double(random.next() % 60_000) / 1e6, because: "a seeded moment of the write to signal")
            kill(started.pid, number)
            let run = FaultRun.finish(started)
            let context = "signal \(number): \(run.ending) \(run.stderr)"
            #expect(Self.temporaries(in: home.root.path).isEmpty, "\(context)")
            if FileManager.default.fileExists(atPath: wav) {
                // Only a render that completed before the signal came may have left its file, whole (a signal
                // between the file's rename into place and the exit still gives 128 + its number, below).
                #expect(try Self.headerIsTruthful(wav), "\(context)")
            }
            // Each ends the render as SIGTERM does (issue 29): 128 + its number, unless the render was already over.
            #expect(run.ending == .exited(128 + number) || run.ending == .exited(0), "\(context)")
        }
    }

    // MARK: 8. No stale or partial files: preferences under a size limit, killed writers, a history append.

    @Test func defect08PrefsSetOverAFileSizeLimitIs74AndLeavesNoTemporaryFile() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "200"]).status == 0)
        let before = try Data(contentsOf: home.preferencesFile)
        let run = try FaultRun.run(
            ["prefs", "set", "voice", "en-us", "--lang", "en"], home: home, prefix: ["prlimit", "--fsize=40"])
        #expect(run.ending == .exited(74), "\(run.ending) \(run.stderr)")
        #expect(try Data(contentsOf: home.preferencesFile) == before)
        #expect(Self.temporaries(in: home.preferencesFile.deletingLastPathComponent().path).isEmpty)
    }

    @Test func defect08TemporaryFilesOfKilledRunsAreSweptAfterAnHour() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "200"]).status == 0)
        let config = home.preferencesFile.deletingLastPathComponent().path
        let state = home.historyFile.deletingLastPathComponent().path
        var random = SplitMix(state: 8)
        for index in 0..<20 {
            let started = try FaultRun.start(
                ["prefs", "set", "rate", String(100 + index)], home: home, standardOutput: .path("capture"))
            Waiting.pause(
                seconds: Double(random.next() % 20_000) / 1e6, because: "a seeded moment of the change to kill")
            kill(started.pid, SIGKILL)
            _ = FaultRun.finish(started)
        }
        // What a run killed mid-write leaves, planted too in case no kill landed mid-write: one an hour old and more
        // in each folder, and one just made, which a run under way may still own.
        let phrases = home.root.path + "/cache/breathe-voice/phrases"
        for folder in [state, phrases] {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        for path in [
            config + "/.preferences.json.tmp-99999-dead", state + "/.history.jsonl.tmp-99999-dead",
            phrases + "/.tmp-99999-dead",
        ] {
            try Data("partial".utf8).write(to: URL(fileURLWithPath: path))
        }
        let old = [config, state, phrases].flatMap { folder in Self.temporaries(in: folder).map { folder + "/" + $0 } }
        var times = [timeval(tv_sec: time(nil) - 7200, tv_usec: 0), timeval(tv_sec: time(nil) - 7200, tv_usec: 0)]
        for path in old { #expect(utimes(path, &times) == 0) }
        let fresh = config + "/.preferences.json.tmp-99998-busy"
        try Data("in progress".utf8).write(to: URL(fileURLWithPath: fresh))
        #expect(try home.run(Self.quickSession).status == 0)
        #expect(Self.temporaries(in: config) == [".preferences.json.tmp-99998-busy"])
        #expect(Self.temporaries(in: state).isEmpty)
        #expect(Self.temporaries(in: phrases).isEmpty)
        #expect(try home.run(["prefs", "get", "rate"]).status == 0)
    }

    @Test func defect08HistoryAppendOverAFileSizeLimitLeavesWholeLines() throws {
        let home = try TemporaryHome()
        #expect(try home.run(Self.quickSession).status == 0)
        let size = try Data(contentsOf: home.historyFile).count
        let run = try FaultRun.run(Self.quickSession, home: home, prefix: ["prlimit", "--fsize=\(size + 60)"])
        #expect(run.ending == .exited(74), "\(run.ending) \(run.stderr)")
        let data = try Data(contentsOf: home.historyFile)
        #expect(data.count == size, "a partial line was left")
        for line in Self.historyLines(home) {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "a broken line: \(line)")
        }
        // The next session appends a whole line after the others.
        #expect(try home.run(Self.quickSession).status == 0)
        #expect(Self.historyLines(home).count == 2)
    }

    // MARK: 10. A record that cannot be written: a warning at a terminal, else 73 before anything plays.

    static func unwritableState(_ home: TemporaryHome) throws -> [String: String?] {
        let file = home.root.appendingPathComponent("a-file")
        try Data().write(to: file)
        return ["HOME": file.path, "XDG_STATE_HOME": file.path + "/state"]
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func defect10UnwritableHistoryStopsANonInteractiveSessionBeforeItPlays(language: String) throws {
        let home = try TemporaryHome()
        let environment = try Self.unwritableState(home)
        let session = try home.run(
            ["--pattern", "1-1", "--cycles", "1", "--no-audio", "--plain", "--lang", language], environment: environment
        )
        #expect(session.status == 73)
        #expect(session.stderrLines.count == 1)
        #expect(session.stdout.isEmpty, "the session played: \(session.stdout)")
        // The sentence up to its {problem}, in the session's language.
        let expected = Localizer(language: language).string(Message(.errorHistoryUnwritable, ["problem": .text("")]))
            .trimmingCharacters(in: .whitespaces)
        #expect(session.stderr.contains(expected), "\(session.stderr)")
        let remind = try home.run(
            Self.quickReminder.filter { $0 != "en" && $0 != "--lang" } + ["--lang", language], environment: environment)
        #expect(remind.status == 73)
        #expect(remind.stderrLines.count == 1)
        #expect(remind.stderr.contains(expected), "\(remind.stderr)")
    }

    @Test func defect10UnwritableHistoryIsOneWarningAtATerminal() throws {
        let home = try TemporaryHome()
        let environment = try Self.unwritableState(home)
        let run = try PtySession.run(
            ["--pattern", "1-1", "--cycles", "1", "--no-audio", "--plain", "--lang", "en"],
            steps: [
                .expect("Warning: this session will not be recorded."),
                .expect("Session complete"),
            ], environment: environment)
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.text.components(separatedBy: "will not be recorded").count == 2)
    }

    // MARK: The event stream's write failures count like standard output's.

    @Test(arguments: ["fd", "path"])
    func eventStreamWriteFailureIs74WithOneLine(kind: String) throws {
        let home = try TemporaryHome()
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let value = kind == "fd" ? "json=fd:\(descriptor)" : "json=/dev/full"
        let run = try FaultRun.run(Self.quickSession + ["--events", value], home: home, passing: [descriptor])
        #expect(run.ending == .exited(74), "\(run.ending) \(run.stderr)")
        #expect(
            run.stderrLines == ["breathe-voice: Cannot write the event stream \"\(value)\": No space left on device."])
        // The session itself ran and was recorded.
        #expect(Self.historyLines(home).count == 1)
    }
}

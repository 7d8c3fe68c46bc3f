import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Output streams (an empty `--output`, FIFOs, descriptors open the wrong way), folders others may write in (the cache,
/// the phrases, the runtime folder) and the quit and user signals, each against the built binary in its own home, as
/// in `FaultInjectionTests`.
extension FaultInjectionTests {
    // MARK: 9. Small ones: an empty --output is a usage error.

    @Test(arguments: LocaleFiles.wholeLanguages)
    func emptyOutputIsAUsageError(language: String) throws {
        let home = try TemporaryHome()
        for arguments in [
            ["--pattern", "1-1", "--cycles", "1", "--plain", "--output", ""],
            ["history", "export", "--format", "csv", "--output", ""],
        ] {
            let run = try home.run(arguments + ["--lang", language])
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(arguments): \(run.stderr)")
            let expected = Localizer(language: language).string(
                Message(.errorOutputEmpty, ["option": .text("--output")]))
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(Self.historyLines(home).isEmpty)
    }

    // MARK: 1. A path nobody reads never hangs the program.

    @Test(arguments: ["events", "output", "export"])
    func aFIFONobodyReadsIsRefusedAtOnce(kind: String) throws {
        let home = try TemporaryHome()
        let fifo = home.root.appendingPathComponent("nobody.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let arguments: [String]
        switch kind {
        case "events": arguments = Self.quickSession + ["--events", "json=" + fifo]
        case "output": arguments = ["--pattern", "1-1", "--cycles", "1", "--plain", "--lang", "en", "--output", fifo]
        default: arguments = ["history", "export", "--format", "csv", "--output", fifo, "--lang", "en"]
        }
        let started = try FaultRun.start(arguments, home: home, standardOutput: .path("capture"))
        let run = try #require(FaultRun.finish(started, within: 30), "\(kind): the program waited for a reader")
        #expect(run.ending == .exited(73), "\(kind): \(run.ending) \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(fifo) && run.stderr.contains("no program is reading"), "\(run.stderr)")
        #expect(!run.stdout.contains("Breathe in"), "the session ran: \(run.stdout)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
        #expect(Self.temporaries(in: home.root.path).isEmpty)
    }

    @Test func aFIFOWithAReaderIsWrittenThrough() throws {
        let home = try TemporaryHome()
        let fifo = home.root.appendingPathComponent("events.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = try FIFOReader(fifo)
        let run = try FaultRun.run(Self.quickSession + ["--events", "json=" + fifo], home: home)
        let received = reader.finish()
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(String(decoding: received, as: UTF8.self).contains("\"status\":\"completed\""))
    }

    // MARK: 2. An event stream that cannot be written is refused before the session.

    @Test(arguments: ["stdin", "other"])
    func anEventDescriptorOpenForReadingOnlyIsAUsageError(kind: String) throws {
        let home = try TemporaryHome()
        let descriptor = kind == "stdin" ? 0 : open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { if descriptor > 2 { close(descriptor) } }
        let run = try FaultRun.run(
            Self.quickSession + ["--events", "json=fd:\(descriptor)"], home: home, passing: [descriptor])
        #expect(run.ending == .exited(64), "\(run.ending) \(run.stderr)")
        #expect(
            run.stderrLines == [
                "breathe-voice: Event stream file descriptor \(descriptor) is open for reading only: open it for writing (\(descriptor)>FILE)."
            ])
        #expect(run.stdout.isEmpty)
        #expect(Self.historyLines(home).isEmpty, "the session ran")
    }

    @Test(arguments: ["session", "wav", "export"])
    func aStandardOutputOpenForReadingOnlyIs74WithOneLine(kind: String) throws {
        let home = try TemporaryHome()
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let arguments =
            switch kind {
            case "session": Self.quickSession
            case "wav": Self.shortRender + ["--output", "-"]
            default: ["history", "export", "--format", "csv", "--lang", "en"]
            }
        let run = try FaultRun.run(arguments, home: home, standardOutput: .descriptor(descriptor))
        #expect(run.ending == .exited(74), "\(kind): \(run.ending) \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("Bad file descriptor"), "\(run.stderr)")
    }

    @Test func aFailedWriteToAnEventStreamOnStandardInputIs74() throws {
        // Standard input opened for writing too, on a full device: every event write fails, and that is counted.
        let home = try TemporaryHome()
        let descriptor = open("/dev/full", O_RDWR)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let run = try FaultRun.run(
            Self.quickSession + ["--events", "json=fd:0"], home: home, standardInput: .descriptor(descriptor))
        #expect(run.ending == .exited(74), "\(run.ending) \(run.stderr)")
        #expect(
            run.stderrLines == ["breathe-voice: Cannot write the event stream \"json=fd:0\": No space left on device."])
    }

    // MARK: 4. A cache folder others may write in, or another user's, is not used; such a runtime folder is refused.

    static let shortRender = ["--pattern", "1-1", "--cycles", "1", "--plain", "--lang", "en"]

    /// Renders `shortRender` in `home` to `name`, and returns the run and the WAV's bytes.
    static func renderWav(_ home: TemporaryHome, _ name: String) throws -> (FaultRun, Data?) {
        let wav = home.root.appendingPathComponent(name).path
        let run = try FaultRun.run(Self.shortRender + ["--output", wav], home: home)
        return (run, try? Data(contentsOf: URL(fileURLWithPath: wav)))
    }

    /// Every file under `folder`, recursively.
    static func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            var status = stat()
            return lstat(folder + "/" + $0, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    static func expectCacheNotUsed(_ home: TemporaryHome, folder: String, _ run: FaultRun, _ wav: Data?) {
        #expect(run.ending == .exited(0), "\(run.ending) \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("without the phrase cache") && run.stderr.contains(folder), "\(run.stderr)")
        #expect(wav.map { $0.count > 44 } == true, "no WAV was rendered")
    }

    @Test(arguments: [0o770, 0o777, 0o1777])
    func aCacheFolderOthersMayWriteInIsNotUsed(mode: Int) throws {
        let home = try TemporaryHome()
        let cache = home.root.path + "/cache/breathe-voice"
        try Self.makeFolder(URL(fileURLWithPath: cache), mode: mode)
        let (run, wav) = try Self.renderWav(home, "out.wav")
        Self.expectCacheNotUsed(home, folder: cache, run, wav)
        #expect(Self.files(under: cache).isEmpty, "phrases were cached in an open folder: \(Self.files(under: cache))")
        // Once the folder is private again, the cache is used, and the sound is the same.
        chmod(cache, 0o700)
        let (again, same) = try Self.renderWav(home, "again.wav")
        #expect(again.ending == .exited(0) && again.stderr.isEmpty, "\(again.stderr)")
        #expect(!Self.files(under: cache).isEmpty)
        #expect(same == wav)
    }

    @Test func aPhrasesFolderOthersMayWriteInIsNotReadFrom() throws {
        let home = try TemporaryHome()
        let (first, wav) = try Self.renderWav(home, "first.wav")
        #expect(first.ending == .exited(0))
        let phrases = home.root.path + "/cache/breathe-voice/phrases"
        let cached = Self.files(under: phrases)
        try #require(!cached.isEmpty)
        // Anyone could now have replaced the entries: they are not read, and nothing is written there.
        chmod(phrases, 0o777)
        for name in cached { try Data("planted".utf8).write(to: URL(fileURLWithPath: phrases + "/" + name)) }
        let (run, again) = try Self.renderWav(home, "again.wav")
        Self.expectCacheNotUsed(home, folder: phrases, run, again)
        #expect(again == wav, "the render differs: something was read from the open folder")
        #expect(Self.files(under: phrases).sorted() == cached.sorted())
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aCacheFolderAnotherUserOwnsIsNotUsed() throws {
        let home = try TemporaryHome()
        let cache = home.root.path + "/cache/breathe-voice"
        try Self.makeFolder(URL(fileURLWithPath: cache))
        try #require(chown(cache, 65534, 65534) == 0)
        let (run, wav) = try Self.renderWav(home, "out.wav")
        Self.expectCacheNotUsed(home, folder: cache, run, wav)
        #expect(Self.files(under: cache).isEmpty)
    }

    @Test(arguments: ["open", "other user"])
    func anUntrustedRuntimeFolderIsRefusedForStartAndRemind(kind: String) throws {
        if kind == "other user" && geteuid() != 0 { return }
        let home = try TemporaryHome()
        let runtime = home.root.path + "/run/breathe-voice"
        try Self.makeFolder(URL(fileURLWithPath: runtime), mode: kind == "open" ? 0o777 : 0o700)
        if kind == "other user" { try #require(chown(runtime, 65534, 65534) == 0) }
        for arguments in [Self.quickSession, Self.quickSession + ["--force"], Self.quickReminder] {
            let run = try FaultRun.run(arguments, home: home)
            #expect(run.ending == .exited(73), "\(arguments): \(run.ending) \(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains(runtime), "\(run.stderr)")
            #expect(run.stdout.isEmpty, "the session ran: \(run.stdout)")
        }
        // No session ran; the reminder that could not (issue 49) left its trace, as failed, in the history's own folder.
        let history = Self.historyLines(home)
        #expect(history.count == 1, "\(history)")
        #expect(history.allSatisfy { $0.contains("\"status\":\"failed\"") && $0.contains("\"source\":\"cron\"") })
        #expect(Self.files(under: runtime).isEmpty, "a lock was made in the folder")
    }

    // MARK: 7. SIGQUIT, SIGUSR1 and SIGUSR2 stop a session and a render as SIGTERM does; no signal leaves a temporary.

    /// Waits until the started run has printed `text` on standard output (or has ended), for at most a minute.
    static func waitForOutput(_ started: FaultRun.Started, _ text: String) {
        Waiting.until(timeout: 60) {
            let printed = (try? String(contentsOfFile: started.stdoutFile, encoding: .utf8)) ?? ""
            if printed.contains(text) { return true }
            guard let status = try? String(contentsOfFile: "/proc/\(started.pid)/status", encoding: .utf8) else {
                return true
            }
            return status.contains("State:\tZ")
        }
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2])
    func quitAndUserSignalsStopASessionAndKeepItsRecord(signal number: Int32) throws {
        let home = try TemporaryHome()
        let started = try FaultRun.start(
            ["--pattern", "1-1", "--cycles", "30", "--no-audio", "--plain", "--lang", "en"], home: home,
            standardOutput: .path("capture"))
        Self.waitForOutput(started, "Cycle 2 of 30.")
        kill(started.pid, number)
        let run = FaultRun.finish(started)
        #expect(run.ending == .exited(128 + number), "\(run.ending) \(run.stderr)")
        #expect(run.stdout.contains("Cycle 2 of 30."))
        let records = Self.historyLines(home)
        try #require(records.count == 1, "the session was not recorded")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(records[0].utf8)) as? [String: Any])
        #expect(record["status"] as? String == "stopped", "\(record)")
        #expect((record["actualCycles"] as? Int ?? 0) >= 1, "\(record)")
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2])
    func quitAndUserSignalsWhileThePhrasesAreSynthesizedLeaveNoTemporaryFile(signal number: Int32) throws {
        var random = SplitMix(state: UInt64(number) * 29)
        for _ in 0..<4 {
            // An empty cache, so that the signal comes while phrases are being synthesized into it.
            let home = try TemporaryHome()
            let wav = home.root.appendingPathComponent("out.wav").path
            let started = try FaultRun.start(
                Self.shortRender + ["--output", wav], home: home, environment: ["SWIFT_BACKTRACE": "enable=no"],
                standardOutput: .path("capture"))
            Self.waitUntilSignalsAreTaken(started.pid)
            Waiting.pause(
                seconds: Double(random.next() % 300_000) / 1e6, because: "a seeded moment in the synthesis to signal")
            kill(started.pid, number)
            let run = FaultRun.finish(started)
            let context = "signal \(number): \(run.ending) \(run.stderr)"
            #expect(run.ending == .exited(128 + number) || run.ending == .exited(0), "\(context)")
            let phrases = home.root.path + "/cache/breathe-voice/phrases"
            #expect(Self.temporaries(in: phrases).isEmpty, "\(context): \(Self.temporaries(in: phrases))")
            #expect(Self.temporaries(in: home.root.path).isEmpty, "\(context)")
            // A WAV is there only when the render completed (the signal may come just after, as its summary is printed).
            if FileManager.default.fileExists(atPath: wav) {
                #expect(run.stdout.contains("Session complete"), "a partial WAV was kept: \(context)")
                #expect(try Self.headerIsTruthful(wav), "\(context)")
            }
        }
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM, SIGALRM])
    func aSignalWhileTheEditorRunsLeavesNoCopyBehind(signal number: Int32) throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "rate", "200"]).status == 0)
        let before = try Data(contentsOf: home.preferencesFile)
        // The "editor" signals breathe-voice (its shell's parent) while it waits for the editor.
        let run = try FaultRun.run(
            ["prefs", "edit", "--lang", "en"], home: home,
            environment: ["VISUAL": "kill -\(number) $PPID; true", "EDITOR": nil, "SWIFT_BACKTRACE": "enable=no"])
        // Not a session: the signal takes its default action, once the copy is removed.
        #expect(run.ending == .killed(by: number), "\(run.ending) \(run.stderr)")
        let folder = home.preferencesFile.deletingLastPathComponent().path
        #expect(!FileManager.default.fileExists(atPath: home.preferencesFile.path + ".edit"), "the copy was left")
        #expect(Self.temporaries(in: folder).isEmpty)
        #expect(try Data(contentsOf: home.preferencesFile) == before)
    }
}

/// A reader on a FIFO, there before the program opens it: the test's own writer end keeps it from seeing the end of
/// the stream until `finish()`, which closes that end and returns everything the program wrote.
final class FIFOReader: @unchecked Sendable {
    private let keeper: Int32
    private var received = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) throws {
        // Opening for reading without waiting, then for writing (which a reader now lets through at once).
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard reader >= 0 else { throw POSIXError(.EIO) }
        keeper = open(path, O_WRONLY | O_CLOEXEC)
        guard keeper >= 0 else { throw POSIXError(.EIO) }
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
        Thread.detachNewThread { [self] in
            received = FileHandle(fileDescriptor: reader, closeOnDealloc: true).readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything written, once the program has closed its end.
    func finish() -> Data {
        close(keeper)
        done.wait()
        return received
    }
}

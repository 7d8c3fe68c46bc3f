import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 36: a sound server that stops answering (frozen with SIGSTOP, as a hung or swapped-out server looks from
/// outside) never holds the program. Each test freezes a private server of its own (PulseAudio, or PipeWire's pulse
/// server under scripts/with-pipewire.sh) and resumes it (SIGCONT) before it is stopped: a session ends with 69 and
/// one line, or pauses with one; SIGTERM ends it at once (half a second promised, a second allowed under the tests'
/// load) with 143 and its record, frozen mid-session or
/// before the start; `remind`, `remind --defer`, `demo` and `doctor` end within 15 s with their documented code and one
/// line. A socket that listens and never answers, as `PULSE_SERVER`, is the same.
extension LiveAudioTests {
    /// A private server, frozen and resumed on request, and always resumed before it is stopped (unless a test kills
    /// it while frozen, as a server that dies while a client connects).
    final class FreezableServer {
        let own: PulseServer.Own
        private var killed = false
        init() throws {
            own = try PulseServer.Own()
        }
        var address: String { own.address }
        var isUp: Bool { own.isUp }
        func freeze() { kill(own.processIdentifier, SIGSTOP) }
        func thaw() { if !killed { kill(own.processIdentifier, SIGCONT) } }
        /// SIGKILL, frozen or not: the server dies.
        func die() {
            own.kill()
            killed = true
        }
        deinit { thaw() }
    }

    /// Waits (at most `timeout` seconds) for `started` to end; returns the run and how long it took, or nil (the run
    /// then killed) when it did not end.
    private static func end(_ started: FaultRun.Started, within timeout: Double) -> (run: FaultRun, seconds: Double)? {
        let start = Date()
        guard let run = FaultRun.finish(started, within: timeout) else { return nil }
        return (run, Date().timeIntervalSince(start))
    }

    /// A private server of this test's own, up, and a home of its own.
    private static func serverAndHome() throws -> (FreezableServer, TemporaryHome) {
        let server = try FreezableServer()
        try #require(server.isUp, "could not start a private sound server of our own")
        return (server, try TemporaryHome())
    }

    /// A plain session in English on `server` (`PULSE_SERVER`), its output captured.
    private static func startSession(_ arguments: [String], home: TemporaryHome, server: String) throws
        -> FaultRun.Started
    {
        try FaultRun.start(
            arguments + ["--lang", "en", "--plain"], home: home, environment: ["PULSE_SERVER": server],
            standardOutput: .path("capture"))
    }

    /// Waits for the session's first phase, as it prints it.
    private static func awaitFirstPhase(_ started: FaultRun.Started, cycles: Int) throws {
        try #require(
            Waiting.until("Breathe in, 2 seconds. Cycle 1 of \(cycles).", appearsIn: started.stdoutFile, within: 30),
            "the session never reached its first phase")
    }

    /// A session of 2-0-2 × 20 at a terminal on `server`, driven by `steps`; the server thawed after.
    private static func inTerminal(
        _ server: FreezableServer, _ home: TemporaryHome, steps: [PtySession.Step]
    ) throws -> PtySession {
        var environment = home.environment
        environment["PULSE_SERVER"] = server.address
        let run = try PtySession.run(
            ["--pattern", "2-0-2", "--cycles", "20", "--lang", "en", "--plain", "--mood-after", "3"],
            steps: [.expect("Breathe in, 2 seconds. Cycle 1 of 20.\n")] + steps, environment: environment)
        server.thaw()
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0, "\(run.text)")
        #expect(!run.text.contains("breathe-voice:"), "\(run.text)")
        return run
    }

    private static let silentLine =
        "breathe-voice: The sound server went away during the session (it stopped answering: nothing for 5 seconds)."

    @Test func aSoundServerFrozenMidSessionEndsANonInteractiveRunWith69AndItsRecord() throws {
        let (server, home) = try Self.serverAndHome()
        // 2-0-2 for 6 cycles: 24 s of breathing; frozen in the first.
        let started = try Self.startSession(
            ["--pattern", "2-0-2", "--cycles", "6"], home: home, server: server.address)
        try Self.awaitFirstPhase(started, cycles: 6)
        server.freeze()
        let ended = Self.end(started, within: 20)
        server.thaw()
        let (run, seconds) = try #require(ended, "the session was held by the frozen server")
        #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(run.stderrLines == [Self.silentLine], "\(run.stderr)")
        // The silence bound (5 s) and a little: well before the session's planned end.
        #expect(seconds < 10, "ended \(seconds) s after the freeze")
        #expect(home.history.contains("\"status\":\"interrupted\""), "\(home.history)")
    }

    @Test func sigtermEndsASessionWhoseSoundServerIsFrozenWithin500Milliseconds() throws {
        let (server, home) = try Self.serverAndHome()
        let started = try Self.startSession(
            ["--pattern", "2-0-2", "--cycles", "20"], home: home, server: server.address)
        try Self.awaitFirstPhase(started, cycles: 20)
        server.freeze()
        // The server stays frozen for 2 s (the fault itself, not a wait for an event): long enough for the session to be
        // waiting on it (its probe unanswered), short of the silence bound.
        Waiting.pause(seconds: 2, because: "the server stays frozen while the session waits on it")
        let ended = FaultRun.terminate(started)
        server.thaw()
        try FaultRun.expectStoppedAtOnce(ended, home: home, quiet: true)
    }

    @Test func sigtermEndsASessionWhoseSoundServerFrozeBeforeItStarted() throws {
        let (server, home) = try Self.serverAndHome()
        server.freeze()
        let started = try Self.startSession(
            ["--pattern", "2-0-2", "--cycles", "4"], home: home, server: server.address)
        // SIGTERM 1.5 s into its wait on the frozen server (the handshake's deadline is 4 s).
        Waiting.pause(seconds: 1.5, because: "SIGTERM comes well into the wait on the frozen server")
        let ended = FaultRun.terminate(started)
        server.thaw()
        try FaultRun.expectStoppedAtOnce(ended, home: home, quiet: true)
    }

    @Test func aReminderWhoseSoundServerIsFrozenEndsWith69AndOneLine() throws {
        try Self.remindWithAFrozenServer(["remind", "--cycles", "1"])
    }

    /// The same with a wait for calls: the call watch's handshake, then the session's, each with its deadline.
    @Test func aDeferringReminderWhoseSoundServerIsFrozenEndsWith69AndOneLine() throws {
        try Self.remindWithAFrozenServer(["remind", "--cycles", "1", "--defer", "1m"])
    }

    private static func remindWithAFrozenServer(_ arguments: [String]) throws {
        let (server, home) = try serverAndHome()
        server.freeze()
        let started = try FaultRun.start(
            arguments + ["--lang", "en"], home: home, environment: ["PULSE_SERVER": server.address],
            standardOutput: .path("capture"))
        let ended = end(started, within: 30)
        server.thaw()
        let (run, seconds) = try #require(ended, "the reminder was held by the frozen server")
        #expect(seconds < 15, "took \(seconds) s")
        #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(
            run.stderrLines == [
                "breathe-voice: No sound server answered (it accepted the connection but did not answer within 4 seconds): a reminder must be heard. Start PulseAudio or PipeWire in your session (cron looks for /run/user/UID/pulse/native), or add --allow-silent to keep only the record."
            ], "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }

    @Test func doctorWithAFrozenSoundServerEndsWithinFifteenSecondsAndSaysSo() throws {
        let (server, home) = try Self.serverAndHome()
        server.freeze()
        let started = try FaultRun.start(
            ["doctor", "--lang", "en"], home: home, environment: ["PULSE_SERVER": server.address],
            standardOutput: .path("capture"))
        let ended = Self.end(started, within: 30)
        server.thaw()
        let (run, seconds) = try #require(ended, "doctor was held by the frozen server")
        #expect(seconds < 15, "took \(seconds) s")
        #expect(run.ending == .exited(1), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        let path = String(server.address.dropFirst("unix:".count))
        let silent = run.stdout.split(separator: "\n").filter {
            $0.hasPrefix("problem: the sound server at \(path) accepts connections but does not answer")
        }
        #expect(silent.count == 1, "\(run.stdout)")
    }

    @Test func demoWithAFrozenSoundServerSaysSoAndASignalStillEndsIt() throws {
        let (server, home) = try Self.serverAndHome()
        server.freeze()
        let wav = home.root.appendingPathComponent("demo.wav").path
        let started = try FaultRun.start(
            ["demo", "--wav", wav, "--lang", "en"], home: home, environment: ["PULSE_SERVER": server.address],
            standardOutput: .path("capture"))
        // The demo says in one line that no server answered, and goes on as text (a minute long).
        let said = Waiting.until("No sound server answered", appearsIn: started.stdoutFile, within: 15)
        Waiting.pause(seconds: 0.3, because: "the demo goes on as text a moment before SIGTERM")
        started.child.kill(SIGTERM)
        let ended = Self.end(started, within: 10)
        server.thaw()
        #expect(said, "the demo did not say within 15 s that no server answered")
        let (run, seconds) = try #require(ended, "SIGTERM did not end the demo")
        #expect(run.ending == .exited(143), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(seconds < FaultRun.signalEndsWithin, "SIGTERM took \(seconds) s")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("No sound server answered") }.count == 1)
    }

    /// A socket that accepts connections and never answers, as `PULSE_SERVER`: "no sound server" once the handshake's
    /// deadline passes (69 and one line without a terminal), and SIGTERM while it waits ends the session at once.
    @Test func aListeningSocketThatNeverAnswersIsNoSoundServer() throws {
        let listener = try ListeningSocket()
        let home = try TemporaryHome()
        let started = try Self.startSession(
            ["--pattern", "2-0-2", "--cycles", "2"], home: home, server: "unix:" + listener.path)
        let (run, seconds) = try #require(Self.end(started, within: 20), "held by a socket that never answers")
        #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(seconds < 10, "took \(seconds) s")
        #expect(
            run.stderrLines == [
                "breathe-voice: No sound server answered (it accepted the connection but did not answer within 4 seconds): start PulseAudio or PipeWire, or use --no-audio."
            ], "\(run.stderr)")

        let stopped = try FaultRun.start(
            ["--pattern", "2-0-2", "--cycles", "2", "--lang", "en", "--plain"], home: home,
            environment: ["PULSE_SERVER": "unix:" + listener.path], standardOutput: .path("capture"))
        Waiting.pause(seconds: 1.5, because: "SIGTERM comes well into the wait on the silent socket")
        stopped.child.kill(SIGTERM)
        let (second, took) = try #require(Self.end(stopped, within: 10), "SIGTERM did not end the session")
        #expect(second.ending == .exited(143), "\(second.ending)\n\(second.stdout)\(second.stderr)")
        #expect(took < FaultRun.signalEndsWithin, "SIGTERM took \(took) s")
        #expect(home.history.contains("\"status\":\"stopped\""), "\(home.history)")
    }

    /// In a terminal, a server frozen mid-session pauses the session with one line (after the silence bound), and `q`
    /// then ends it at once, recorded as interrupted.
    @Test func aSoundServerFrozenMidSessionPausesAnInteractiveSessionInATerminal() throws {
        let (server, home) = try Self.serverAndHome()
        let run = try Self.inTerminal(
            server, home,
            steps: [
                .signalProcess(server.own.processIdentifier, "STOP"),
                .expect("The sound server went away. Paused; press space to go on, q to quit.\n", timeout: 10),
                .quiet(2),
                .send("q"),
            ])
        #expect(run.lines.filter { $0.hasPrefix("The sound server went away") }.count == 1, "\(run.text)")
        #expect(run.lines.contains { $0.hasPrefix("Session interrupted after 0 of 20 cycles") }, "\(run.text)")
        let history = try home.run(["history", "--json"])
        #expect(history.stdout.contains("\"status\":\"interrupted\""), "\(history.stdout)")
    }

    /// A server that answers slowly (frozen for 2.5 s, under the 5 s bound, then resumed) at the start and mid-session
    /// is no lost server: the session connects, plays to its end and is recorded as completed.
    @Test func aSoundServerThatAnswersSlowlyNeverTripsTheBounds() throws {
        let (server, home) = try Self.serverAndHome()
        server.freeze()
        let started = try Self.startSession(
            ["--pattern", "2-0-2", "--cycles", "4"], home: home, server: server.address)
        // The handshake waits for it (its deadline is 4 s).
        Waiting.pause(seconds: 2.5, because: "the server stays frozen through part of the handshake's deadline")
        server.thaw()
        let reached = Waiting.until("Breathe in, 2 seconds. Cycle 1 of 4.", appearsIn: started.stdoutFile, within: 30)
        server.freeze()
        Waiting.pause(seconds: 2.5, because: "the server stays frozen mid-session, short of the silence bound")
        server.thaw()
        let ended = Self.end(started, within: 60)
        #expect(reached, "the session never reached its first phase")
        let (run, _) = try #require(ended, "the session did not end")
        #expect(run.ending == .exited(0), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("Session complete: 4 cycles"), "\(run.stdout)")
        #expect(home.history.contains("\"status\":\"completed\""), "\(home.history)")
    }

    /// A server that dies while the session is connecting to it: no sound server, at once (69 and one line without a
    /// terminal), never a wait.
    @Test func aSoundServerThatDiesWhileASessionConnectsIsNoSoundServer() throws {
        let (server, home) = try Self.serverAndHome()
        server.freeze()
        let started = try Self.startSession(
            ["--pattern", "2-0-2", "--cycles", "2"], home: home, server: server.address)
        Waiting.pause(seconds: 1, because: "the server dies while the session waits on its handshake")
        let killed = Date()
        server.die()
        let (run, _) = try #require(Self.end(started, within: 20), "held by a server that died")
        let seconds = Date().timeIntervalSince(killed)
        #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderrLines.first?.hasPrefix("breathe-voice: No sound server answered (") == true, "\(run.stderr)")
        // Refused at once: well before the handshake's deadline would have passed.
        #expect(seconds < 3, "took \(seconds) s after the server died")
    }

    /// Both servers at once: speech-dispatcher and the sound server frozen mid-session. SIGTERM still ends the
    /// session within half a second, with 143 and its record.
    @Test func sigtermEndsASessionWhoseSpeechAndSoundServersAreBothFrozen() throws {
        let (server, home) = try Self.serverAndHome()
        let started = try Self.startWithOwnSpeechd(
            ["--pattern", "2-2", "--cycles", "20", "--speech-via", "speechd", "--lang", "en", "--plain"], home: home,
            environment: ["PULSE_SERVER": server.address])
        try #require(started.binary > 0 && started.daemon > 0, "the session or its daemon did not start")
        defer { kill(started.daemon, SIGCONT) }
        try #require(
            Waiting.until("Breathe in, 2 seconds. Cycle 1 of 20.", appearsIn: started.run.stdoutFile, within: 30),
            "the session never reached its first phase")
        kill(started.daemon, SIGSTOP)
        server.freeze()
        Waiting.pause(seconds: 2, because: "both servers stay frozen while the session waits on them")
        let signalled = Date()
        kill(started.binary, SIGTERM)
        let ended = Waiting.until(timeout: 10, every: 0.005) { kill(started.binary, 0) != 0 }
        let seconds = Date().timeIntervalSince(signalled)
        kill(started.daemon, SIGCONT)
        server.thaw()
        if !ended { kill(started.binary, SIGKILL) }
        let run = FaultRun.finish(started.run)
        #expect(ended, "SIGTERM did not end the session:\n\(run.stdout)\(run.stderr)")
        #expect(seconds < FaultRun.signalEndsWithin, "SIGTERM took \(seconds) s")
        #expect(run.ending == .exited(143), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(home.history.contains("\"status\":\"stopped\""), "\(home.history)")
    }

    /// `q` while the sound server is frozen (before its silence makes it a lost one): the session stops at once, its
    /// summary within half a second, and nothing more waits for the server (no closing words, no badges said).
    @Test func qEndsASessionWhoseSoundServerIsFrozenAtOnce() throws {
        let (server, home) = try Self.serverAndHome()
        let run = try Self.inTerminal(
            server, home,
            steps: [.signalProcess(server.own.processIdentifier, "STOP"), .quiet(2.5), .send("q"), .quiet(0.5)])
        let afterQ = run.quiet.count == 2 ? String(decoding: run.quiet[1], as: UTF8.self) : ""
        #expect(afterQ.contains("Session stopped after 0 of 20 cycles"), "within 0.5 s of q: \(afterQ)")
        let history = try home.run(["history", "--json"])
        #expect(history.stdout.contains("\"status\":\"stopped\""), "\(history.stdout)")
    }
}

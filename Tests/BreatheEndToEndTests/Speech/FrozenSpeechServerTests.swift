import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 29, item 8: a speech-dispatcher that stops answering mid-session (frozen with SIGSTOP, as a daemon stuck in
/// a bug would be) never stalls the session. On a daemon of its own (scripts/with-speechd.sh), so the shared one keeps
/// answering the other tests: the session keeps its timeline and ends on time, one line says speech stopped, the
/// record is kept; and SIGTERM ends a session whose daemon is frozen with 143 and its record.
extension LiveAudioTests {
    /// Starts the binary beside a speech-dispatcher of its own; returns the run, the binary's pid and the daemon's.
    static func startWithOwnSpeechd(
        _ arguments: [String], home: TemporaryHome, environment: [String: String?] = [:]
    ) throws -> (
        run: FaultRun.Started, binary: pid_t, daemon: pid_t
    ) {
        let addressFile = home.root.appendingPathComponent("speechd-address").path
        let pidFile = home.root.appendingPathComponent("binary-pid").path
        let wrapper = BinaryRun.packageRoot.appendingPathComponent("scripts/with-speechd.sh").path
        let run = try FaultRun.start(
            arguments, home: home, environment: environment, standardOutput: .path("capture"),
            prefix: [
                wrapper, "/bin/sh", "-c",
                "echo \"$SPEECHD_ADDRESS\" > '\(addressFile)'; echo $$ > '\(pidFile)'; exec \"$0\" \"$@\"",
            ])
        var address = ""
        var binary: pid_t = 0
        Waiting.until(timeout: 20, every: 0.02) {
            address =
                (try? String(contentsOfFile: addressFile, encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? ""
            binary =
                pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .newlines) ?? "")
                ?? 0
            return !address.isEmpty && binary != 0
        }
        // with-speechd.sh: the socket and the daemon's pid file share its runtime folder.
        let socket = String(address.dropFirst("unix_socket:".count))
        let daemonFile = URL(fileURLWithPath: socket).deletingLastPathComponent().appendingPathComponent("pid").path
        let daemon =
            pid_t(
                (try? String(contentsOfFile: daemonFile, encoding: .utf8))?.trimmingCharacters(
                    in: .whitespacesAndNewlines) ?? "") ?? 0
        return (run, binary, daemon)
    }

    /// Waits (at most `timeout` seconds) until process `pid` has ended.
    private static func waitForEnd(of pid: pid_t, timeout: Double) -> Bool {
        Waiting.until(timeout: timeout, every: 0.02) { kill(pid, 0) != 0 }
    }

    @Test func aFrozenSpeechServerNeverStallsTheSession() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        // 2-2 for 3 cycles: 12 s of breathing, 18 s with the lead-in and the closing words.
        let started = try Self.startWithOwnSpeechd(
            [
                "--pattern", "2-2", "--cycles", "3", "--speech-via", "speechd", "--lang", "en", "--plain",
                "--timing-report",
            ],
            home: home)
        try #require(started.binary > 0 && started.daemon > 0, "the session or its daemon did not start")
        defer { kill(started.daemon, SIGCONT) }
        try #require(
            Waiting.until("Breathe in, 2 seconds. Cycle 1 of 3.", appearsIn: started.run.stdoutFile, within: 30),
            "the session never reached its first phase")
        kill(started.daemon, SIGSTOP)
        // The rest of the session lasts about 14 s; a stalled one never ends.
        let ended = Self.waitForEnd(of: started.binary, timeout: 30)
        kill(started.daemon, SIGCONT)
        if !ended { kill(started.binary, SIGKILL) }
        let run = FaultRun.finish(started.run)
        #expect(ended, "the session stalled behind the frozen daemon:\n\(run.stdout)\(run.stderr)")
        #expect(run.ending == .exited(0), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0 == "speech-dispatcher stopped answering: from now on the sentences are only printed." }
                .count == 1, "\(run.stdout)")
        // The timeline held: every phase printed, the tones on time.
        #expect(lines.contains("Rest, 2 seconds.") || lines.contains("Breathe out, 2 seconds."), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("Session complete: 3 cycles") }, "\(run.stdout)")
        let summary = try #require(lines.first { $0.hasPrefix("6 cues: at most ") }, "\(run.stdout)")
        let worst = Int(summary.dropFirst("6 cues: at most ".count).prefix { $0.isNumber }) ?? Int.max
        #expect(worst < 100, "cues came late while the daemon was frozen: \(summary)")
        let history = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(history.contains("\"status\":\"completed\""), "\(history)")
    }

    @Test func sigtermEndsASessionWhoseSpeechServerIsFrozen() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        let started = try Self.startWithOwnSpeechd(
            ["--pattern", "2-2", "--cycles", "20", "--speech-via", "speechd", "--lang", "en", "--plain"], home: home)
        try #require(started.binary > 0 && started.daemon > 0, "the session or its daemon did not start")
        defer { kill(started.daemon, SIGCONT) }
        try #require(
            Waiting.until("Breathe in, 2 seconds. Cycle 1 of 20.", appearsIn: started.run.stdoutFile, within: 30),
            "the session never reached its first phase")
        kill(started.daemon, SIGSTOP)
        // Two phases said into the frozen daemon: the second waits behind the first.
        #expect(Waiting.until("Breathe out, 2 seconds.", appearsIn: started.run.stdoutFile, within: 10))
        _ = Waiting.until("Breathe in, 2 seconds. Cycle 2 of 20.", appearsIn: started.run.stdoutFile, within: 10)
        kill(started.binary, SIGTERM)
        let ended = Self.waitForEnd(of: started.binary, timeout: 10)
        kill(started.daemon, SIGCONT)
        if !ended { kill(started.binary, SIGKILL) }
        let run = FaultRun.finish(started.run)
        #expect(ended, "SIGTERM did not end the session:\n\(run.stdout)\(run.stderr)")
        #expect(run.ending == .exited(143), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        let history = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(history.contains("\"status\":\"stopped\""), "\(history)")
    }
}

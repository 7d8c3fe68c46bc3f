import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 41: a session kept by a program no name of which is known (scripts/detach-session.py, as dtach, abduco or
/// zellij: a master that forks away holding the pane, and a client attached later relaying it over a Unix socket) is
/// followed to its client's terminal, with the real /proc and the kernel's socket diagnostics: a screen reader among
/// the client's ancestors is found from inside the pane, and nothing while no client is attached.
@Suite struct KeptSessionDetectionTests {
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let keeper = BinaryRun.packageRoot.appendingPathComponent("scripts/detach-session.py").path

    /// Waits for `path` to exist, for at most `timeout` seconds.
    static func appears(_ path: String, within timeout: Double) -> Bool {
        Waiting.until(timeout: timeout) { FileManager.default.fileExists(atPath: path) }
    }

    @Test func aClientAttachedLaterInsideAScreenReaderIsFoundFromThePane() throws {
        let home = try TemporaryHome()
        let socket = home.root.path + "/kept.sock"
        let pane = home.root.path + "/pane"
        // The pane says its terminal and its process, then waits.
        let started = try BinaryRun.run(
            [
                Self.keeper, "new", socket, "/bin/sh", "-c",
                "{ tty; echo $$; } > '\(pane).part' && mv '\(pane).part' '\(pane)' && exec sleep 120",
            ], environment: [:], executable: Self.python)
        try #require(started.status == 0, "\(started.stderr)")
        try #require(Self.appears(pane, within: 10), "the pane did not start")
        let said = try String(contentsOfFile: pane, encoding: .utf8).split(separator: "\n")
        let terminal = String(said[0])
        let paneProcess = try #require(Int32(said[1]))
        // Its end ends the master.
        defer { kill(paneProcess, SIGKILL) }
        try #require(terminal.hasPrefix("/dev/pts/"), "the pane's terminal: \(terminal)")

        var detection = ScreenReaderDetection.live
        detection.parent = paneProcess
        detection.terminal = terminal
        detection.environment = [:]
        #expect(detection.locate() == nil, "detached: nothing reads the pane")

        // A screen reader by its program's name only, running the client in a terminal of its own, as Fenrir runs the
        // shell a user attaches from.
        let reader = home.root.path + "/fenrir"
        try """
        import os, pty, signal, sys
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        pid, master = pty.fork()
        if pid == 0:
            os.execv(sys.executable, [sys.executable, \(String(reflecting: Self.keeper)), "attach", sys.argv[1]])
        while True:
            try:
                if not os.read(master, 65536):
                    break
            except OSError:
                break
        os.waitpid(pid, 0)
        """.write(toFile: reader, atomically: true, encoding: .utf8)
        let screenReader = try ChildProcess(
            Self.python, [reader, socket], standardError: home.root.path + "/reader.err")
        defer {
            screenReader.kill(SIGTERM)
            _ = screenReader.wait()
        }
        try #require(
            Self.appears(socket + ".attached", within: 10),
            "the client did not attach: \((try? String(contentsOfFile: home.root.path + "/reader.err", encoding: .utf8)) ?? "")"
        )
        let found = detection.locate()
        #expect(found?.reader == .fenrir, "\(String(describing: found))")
        #expect(found?.process == screenReader.pid)
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Programs we wait for: a program that does not finish in time is killed and reported, never waited for for ever.
@Suite struct ChildProcessTests {
    @Test func aProgramThatAnswersIsRunToItsEnd() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "cat; echo done >&2"], input: Array("hi".utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == Array("hi".utf8))
        #expect(result.standardError == Array("done\n".utf8))
    }

    /// A program that ends without reading its input: the write fails (EPIPE) rather than ending us, no SIGPIPE is left
    /// pending for this thread, and the process's action for SIGPIPE is the one it had (other threads may be running
    /// programs at the same time: eight here).
    @Test func aProgramThatReadsNoInputEndsNothingButItself() async throws {
        var before = sigaction()
        sigaction(SIGPIPE, nil, &before)
        let input = [UInt8](repeating: 0x61, count: 1 << 20)
        let statuses = try await withThrowingTaskGroup(of: (Int32, Bool).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let result = try ChildProcess.run("/bin/sh", ["-c", "exit 3"], input: input)
                    var pending = sigset_t()
                    sigpending(&pending)
                    return (result.status, sigismember(&pending, SIGPIPE) == 1)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.count == 8 && statuses.allSatisfy { $0.0 == 3 }, "\(statuses)")
        #expect(!statuses.contains { $0.1 }, "a SIGPIPE was left pending")
        var after = sigaction()
        sigaction(SIGPIPE, nil, &after)
        #expect(
            unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self),
            "the process's action for SIGPIPE changed")
    }

    /// A descriptor of ours opened without close-on-exec (here a file we hold a lock on, as a test holds the session's)
    /// is not open in a program we start, so that the program cannot hold the lock after we let it go; one passed on
    /// purpose is, at its number, and nothing else is.
    @Test func aProgramGetsOnlyItsStreamsAndTheDescriptorsPassedToIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-" + UUID().uuidString).path
        defer { unlink(path) }
        let held = open(path, O_RDWR | O_CREAT, 0o600)
        try #require(held > 2)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        let listing = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        #expect(String(decoding: listing.standardOutput, as: UTF8.self) == "0\n1\n2\n", "\(listing)")

        let output = path + ".out"
        defer { unlink(output) }
        let child = try ChildProcess(
            "/bin/sh", ["-c", "ls -v /proc/$$/fd; readlink /proc/$$/fd/\(held)"],
            standardOutput: .file(output, flags: O_WRONLY | O_CREAT | O_TRUNC), passing: [held])
        #expect(child.wait() == .exited(0))
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == ["0", "1", "2", "\(held)", path], "\(lines)")
        // Given up by us, the lock is free: no program started meanwhile kept it.
        let again = open(path, O_RDWR | O_CLOEXEC)
        defer { close(again) }
        #expect(flock(held, LOCK_UN) == 0)
        #expect(flock(again, LOCK_EX | LOCK_NB) == 0)
    }

    @Test func aProgramThatNeverEndsIsKilledAtTheDeadline() {
        let started = MonotonicClock.now()
        var caught: ChildProcess.Failure?
        do { _ = try ChildProcess.run("/bin/sleep", ["30"], within: 300) } catch { caught = error }
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        guard case .timedOut(let milliseconds)? = caught else {
            Issue.record("expected a time-out, got \(String(describing: caught))")
            return
        }
        #expect(milliseconds == 300)
        #expect(seconds >= 0.29 && seconds < 5, "took \(seconds) s")
    }
}

import Foundation
import Testing

@testable import BreatheVoiceKit

/// Programs we wait for: a program that does not finish in time is killed and reported, never waited for for ever.
@Suite struct ChildProcessTests {
    @Test func aProgramThatAnswersIsRunToItsEnd() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "cat; echo done >&2"], input: Array("hi".utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == Array("hi".utf8))
        #expect(result.standardError == Array("done\n".utf8))
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

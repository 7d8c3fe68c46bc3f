import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The sound server's handshake on a thread of its own: the same sink, or the same error, as connecting in line.
@Suite struct PendingPulseSinkTests {
    @Test func noServerIsTheSameUnavailableError() {
        let environment = ["PULSE_SERVER": "unix:/nonexistent/pulse/native"]
        let pending = PendingPulseSink(environment: environment, clock: MonotonicClock())
        var pendingError: BreatheError?
        do { _ = try pending.sink() } catch { pendingError = error }
        var directError: BreatheError?
        do { _ = try LivePulseSink(environment: environment, clock: MonotonicClock()) } catch { directError = error }
        guard case .unavailable(let message)? = pendingError, case .unavailable(let direct)? = directError else {
            Issue.record(
                "expected .unavailable from both, got \(String(describing: pendingError)) and \(String(describing: directError))"
            )
            return
        }
        #expect(message == direct)
    }

    @Test func aDroppedPendingSinkNeverWaitsForItsThread() throws {
        // Each connects to a socket that accepts and never answers: a drop that waited for its thread would take the
        // handshake's whole deadline, 20 times.
        let listener = try ListeningSocket()
        let started = MonotonicClock.now()
        for _ in 0..<20 {
            _ = PendingPulseSink(environment: ["PULSE_SERVER": "unix:" + listener.path], clock: MonotonicClock())
        }
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        #expect(seconds < 2, "dropping 20 pending sinks took \(seconds) s")
    }

    /// Issue 36: a socket that accepts the connection and never answers (as a frozen server's does) is "no sound
    /// server", with the reason, once the handshake's deadline has passed: never a wait without an end.
    @Test func aServerThatNeverAnswersIsUnavailableAtTheDeadline() throws {
        let listener = try ListeningSocket()
        let started = MonotonicClock.now()
        var caught: BreatheError?
        do {
            _ = try PendingPulseSink(environment: ["PULSE_SERVER": "unix:" + listener.path], clock: MonotonicClock())
                .sink()
        } catch {
            caught = error
        }
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        guard case .unavailable(let message)? = caught else {
            Issue.record("expected .unavailable, got \(String(describing: caught))")
            return
        }
        #expect(message == Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
        let bound = Double(SoundServerPatience.connectMilliseconds) / 1000
        #expect(seconds >= bound - 0.1 && seconds < bound + 2, "took \(seconds) s")
    }

    @Test func theServerAcceptsSamplesThroughThePendingSink() throws {
        let environment = try LiveServers.requireSoundServer()
        let sink = try #require(try PendingPulseSink(environment: environment, clock: MonotonicClock()).sink())
        try sink.write([Int16](repeating: 0, count: 2205))
        try sink.finish()
    }
}

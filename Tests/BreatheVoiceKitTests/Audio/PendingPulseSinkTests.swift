import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The sound server's handshake on a thread of its own: the same sink, or the same error, as connecting in line.
@Suite struct PendingPulseSinkTests {
    @Test func noServerIsTheSameUnavailableError() {
        let environment = ["PULSE_SERVER": "unix:/nonexistent/pulse/native"]
        let pending = PendingPulseSink(environment: environment)
        var pendingError: BreatheError?
        do { _ = try pending.sink() } catch { pendingError = error }
        var directError: BreatheError?
        do { _ = try LivePulseSink(environment: environment) } catch { directError = error }
        guard case .unavailable(let message)? = pendingError, case .unavailable(let direct)? = directError else {
            Issue.record(
                "expected .unavailable from both, got \(String(describing: pendingError)) and \(String(describing: directError))"
            )
            return
        }
        #expect(message == direct)
    }

    @Test func aDroppedPendingSinkWaitsForItsThreadAndCloses() {
        // Nothing to assert but that it returns: the thread is joined in deinit (a leak or a crash would show here).
        for _ in 0..<20 { _ = PendingPulseSink(environment: ["PULSE_SERVER": "unix:/nonexistent/pulse/native"]) }
    }

    @Test func theServerAcceptsSamplesThroughThePendingSink() throws {
        guard let environment = LivePulseSinkTests.serverEnvironment() else { return }
        let sink = try PendingPulseSink(environment: environment).sink()
        try sink.write([Int16](repeating: 0, count: 2205))
        try sink.finish()
    }
}

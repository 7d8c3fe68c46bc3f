import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A blocking call on a thread of its own: its result in time, or the caller goes on at the deadline or on a signal,
/// and the call's late result is discarded by its own thread.
@Suite struct DeadlineCallTests {
    /// Records what was discarded, from any thread.
    final class Discarded: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        func add(_ value: Int) { lock.withLock { values.append(value) } }
        var all: [Int] { lock.withLock { values } }
    }

    @Test func aCallDoneInTimeGivesItsResult() {
        let call = DeadlineCall { 42 }
        guard case .done(let value) = call.wait(until: MonotonicClock().deadline(inMilliseconds: 5000), watching: -1)
        else {
            Issue.record("no result")
            return
        }
        #expect(value == 42)
    }

    @Test func aBlockedCallIsGivenUpAtTheDeadlineAndItsResultDiscarded() {
        let gate = Gate()
        let discarded = Discarded()
        let call = DeadlineCall(
            {
                gate.block()
                return 7
            }, discard: { discarded.add($0) })
        let started = MonotonicClock.now()
        let outcome = call.wait(until: MonotonicClock().deadline(inMilliseconds: 300), watching: -1)
        let waited = Double(MonotonicClock.now() - started) / 1e9
        guard case .timedOut = outcome else {
            Issue.record("expected a time-out, got \(outcome)")
            return
        }
        #expect(waited >= 0.29 && waited < 2, "waited \(waited) s")
        // Once released, the thread hands its late result to `discard` itself.
        gate.release()
        Waiting.until(timeout: 5, every: 0.005) { !discarded.all.isEmpty }
        #expect(discarded.all == [7])
    }

    @Test func aReadableDescriptorInterruptsTheWait() {
        let gate = Gate()
        let signal = Gate()
        let call = DeadlineCall {
            gate.block()
            return 1
        }
        signal.release()
        let started = MonotonicClock.now()
        let outcome = call.wait(until: MonotonicClock().deadline(inMilliseconds: 5000), watching: signal.ends.read)
        let waited = Double(MonotonicClock.now() - started) / 1e9
        guard case .interrupted = outcome else {
            Issue.record("expected an interruption, got \(outcome)")
            return
        }
        #expect(waited < 1, "waited \(waited) s")
        gate.release()
    }
}

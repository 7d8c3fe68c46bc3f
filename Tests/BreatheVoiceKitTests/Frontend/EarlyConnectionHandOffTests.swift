import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What `Entry` leaves for the session is taken once, by the first session that asks: a second session in the same
/// process (`demo` runs three) starts its own handshake or none.
@Suite(.serialized) struct EarlyConnectionHandOffTests {
    @Test func theHandOffIsTakenOnce() {
        _ = EarlyConnectionHandOff.take()
        #expect(EarlyConnectionHandOff.take() == nil)
        EarlyConnectionHandOff.give(EarlyConnectionHandOff(wanted: true, started: nil))
        #expect(EarlyConnectionHandOff.take()?.wanted == true)
        #expect(EarlyConnectionHandOff.take() == nil)
        // A later hand-off replaces one not taken.
        EarlyConnectionHandOff.give(EarlyConnectionHandOff(wanted: true, started: nil))
        EarlyConnectionHandOff.give(EarlyConnectionHandOff(wanted: false, started: nil))
        #expect(EarlyConnectionHandOff.take()?.wanted == false)
    }
}

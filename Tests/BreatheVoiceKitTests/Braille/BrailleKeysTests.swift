import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A display whose server goes away and comes back as the test says.
private final class ComingAndGoingDisplay: BrailleDisplay {
    let width = 20
    var connected = true
    var revision = 0
    var retryDeadline: UInt64? { connected ? nil : 7 }
    var isConnected: Bool { connected }
    var keyDescriptor: Int32 { connected ? 5 : -1 }
    func show(_ text: String) {}
    func takeKey() -> UInt64? { nil }
    func release() {}
}

/// The display's keys as the session's input (issue 51): the loss of the display said once per loss, the display
/// found again a `displayChanged` (so the line is drawn at once); the descriptor and the retry time read afresh.
@Suite struct BrailleKeysTests {
    @Test func aLostDisplayIsSaidOnceAndItsReturnRedrawsTheLine() {
        let display = ComingAndGoingDisplay()
        let source = BrailleKeys.source(display)
        #expect(source.read() == nil)
        #expect(source.currentDescriptor?() == 5 && source.deadline() == nil)
        display.connected = false
        #expect(source.read() == .displayLost)
        #expect(source.read() == nil)
        #expect(source.read() == nil)
        #expect(source.currentDescriptor?() == -1 && source.deadline() == 7)
        display.connected = true
        display.revision = 1
        #expect(source.read() == .displayChanged)
        #expect(source.read() == nil)
        display.connected = false
        #expect(source.read() == .displayLost)
    }
}

import BreatheCore
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What is said while paused plays in turn: "Paused" after the guide's fade-out, a second answer after the first,
/// never one over the other.
@Suite struct PauseMixerTests {
    static func clip(_ value: Int16, count: Int) -> AudioClip { AudioClip(Array(repeating: value, count: count)) }

    @Test func aClipScheduledWhileAnotherIsPendingPlaysAfterIt() {
        var pause = PauseMixer()
        pause.schedule(Self.clip(100, count: 1102)) // the guide's fade-out, 50 ms
        pause.schedule(Self.clip(2000, count: 3000)) // "Paused"
        #expect(pause.end == 4102)
        let heard = pause.take(5000)
        #expect(heard[0..<1102].allSatisfy { $0 == 100 })
        #expect(heard[1102..<4102].allSatisfy { $0 == 2000 }, "the two overlapped")
        #expect(heard[4102...].allSatisfy { $0 == 0 })
        #expect(!pause.hasMore)
    }

    @Test func aClipScheduledAfterTheLastHasPlayedStartsWherePlayingIs() {
        var pause = PauseMixer()
        pause.schedule(Self.clip(7, count: 100))
        _ = pause.take(300)
        pause.schedule(Self.clip(9, count: 50))
        #expect(pause.end == 350)
        let heard = pause.take(100)
        #expect(heard[0..<50].allSatisfy { $0 == 9 })
        #expect(heard[50...].allSatisfy { $0 == 0 })
    }
}

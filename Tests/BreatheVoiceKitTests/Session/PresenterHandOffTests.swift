import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Effects, transition ends and counts wait in timeline order and reach the presenters once the heard position
/// passes them.
@Suite struct PresenterHandOffTests {
    /// Records every call, in order.
    final class CallRecorder: SessionPresenter {
        var calls: [String] = []
        func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
            calls.append("\(Self.name(effect))@\(position)")
        }
        func endTransition(state: SessionState, position: Int64) {
            calls.append("end@\(position)")
        }
        func cuePlaced(_ cue: CuePlacement) {
            calls.append("placed@\(cue.planned)")
        }
        static func name(_ effect: SessionEffect) -> String {
            switch effect {
            case .enterSegment(.phase(let cycle, let index)): "phase\(cycle).\(index)"
            case .playTone(let kind): "tone.\(kind)"
            case .count(let number): "count\(number)"
            default: "other"
            }
        }
    }

    static let state = SessionState.active(cycle: 1, index: 0)

    /// Two transitions and the counts between them: nothing before its position, counts before the next change.
    static func filled() -> PresenterHandOff {
        var handOff = PresenterHandOff(sampleRate: 1_000)
        handOff.append(.enterSegment(.phase(cycle: 1, index: 0)), at: 1_000, state: state)
        handOff.append(.playTone(.inhale), at: 1_000, state: state)
        handOff.endTransition(at: 1_000, state: state)
        handOff.appendCount(2, at: 2_000, state: state)
        handOff.append(.enterSegment(.phase(cycle: 1, index: 1)), at: 3_000, state: state)
        handOff.endTransition(at: 3_000, state: state)
        handOff.appendCount(1, at: 3_500, state: state)
        return handOff
    }

    @Test func eachEntryIsHandedOverOnceTheHeardPositionReachesIt() {
        var handOff = Self.filled()
        let recorder = CallRecorder()
        var presenters: [any SessionPresenter] = [recorder]
        handOff.release(through: 999, to: &presenters)
        #expect(recorder.calls.isEmpty)
        #expect(handOff.nextEntryPosition == 1_000)
        handOff.release(through: 1_000, to: &presenters)
        #expect(recorder.calls == ["phase1.0@1000", "tone.inhale@1000", "end@1000"])
        #expect(handOff.nextEntryPosition == 3_000)
        #expect(handOff.nextCountPosition == 2_000)
        // A count waits for its own sample, even when the next change is further on.
        handOff.release(through: 2_500, to: &presenters)
        #expect(recorder.calls.suffix(2) == ["count2@2000", "end@2000"])
        handOff.release(through: 4_000, to: &presenters)
        #expect(recorder.calls.suffix(4) == ["phase1.1@3000", "end@3000", "count1@3500", "end@3500"])
        #expect(handOff.isEmpty)
    }

    @Test func countsBeforeTheNextChangeGoFirstWhenBothAreDue() {
        var handOff = Self.filled()
        let recorder = CallRecorder()
        var presenters: [any SessionPresenter] = [recorder]
        handOff.release(through: 1_000, to: &presenters)
        recorder.calls.removeAll()
        // The phase's count and the next change are both due in one block: the count is heard first.
        handOff.release(through: 3_000, to: &presenters)
        #expect(recorder.calls == ["count2@2000", "end@2000", "phase1.1@3000", "end@3000"])
        #expect(handOff.nextCountPosition == 3_500)
    }

    @Test func releaseAllHandsOverEveryEffectAndOnlyTheCountsAlreadyReached() {
        var handOff = Self.filled()
        let recorder = CallRecorder()
        var presenters: [any SessionPresenter] = [recorder]
        handOff.releaseAll(countsThrough: 3_000, to: &presenters)
        #expect(recorder.calls.filter { $0.hasPrefix("phase") } == ["phase1.0@1000", "phase1.1@3000"])
        #expect(recorder.calls.contains("count2@2000"))
        #expect(!recorder.calls.contains("count1@3500"))
        #expect(!handOff.isEmpty)
        handOff.dropCounts()
        #expect(handOff.isEmpty)
    }

    /// A phase's cue goes to presenters where the sink reported it heard (0.25 s late here); everything else, and the
    /// transition's end, at the planned position.
    @Test func aPhaseCueIsHandedOverAtItsPlayedPosition() {
        var handOff = PresenterHandOff(sampleRate: 1_000)
        let recorder = CallRecorder()
        var presenters: [any SessionPresenter] = [recorder]
        handOff.append(.enterSegment(.phase(cycle: 1, index: 0)), at: 1_000, state: Self.state)
        handOff.endTransition(at: 1_000, state: Self.state)
        handOff.timing.record(heard: 1_000, at: 10_000_000_000)
        handOff.release(through: 1_000, to: &presenters)
        handOff.append(.enterSegment(.phase(cycle: 1, index: 1)), at: 3_000, state: Self.state)
        handOff.append(.playTone(.hold), at: 3_000, state: Self.state)
        handOff.endTransition(at: 3_000, state: Self.state)
        handOff.timing.record(heard: 3_000, at: 12_250_000_000)
        handOff.release(through: 3_000, to: &presenters)
        #expect(recorder.calls == ["phase1.0@1000", "end@1000", "phase1.1@3250", "tone.hold@3000", "end@3000"])
    }

    /// How a cue was laid out reaches the presenters by the cue's route, with it: not before its sample is heard.
    @Test func aCuesPlacementIsHandedOverWithTheCue() {
        var handOff = PresenterHandOff(sampleRate: 1_000)
        let recorder = CallRecorder()
        var presenters: [any SessionPresenter] = [recorder]
        handOff.append(.enterSegment(.phase(cycle: 1, index: 0)), at: 1_000, state: Self.state)
        handOff.appendPlacement(
            CuePlacement(planned: 1_000, toneLeftOut: false, wordDelay: 200, wordLeftOut: false))
        handOff.append(.playTone(.inhale), at: 1_000, state: Self.state)
        handOff.endTransition(at: 1_000, state: Self.state)
        handOff.release(through: 999, to: &presenters)
        #expect(recorder.calls.isEmpty)
        handOff.release(through: 1_000, to: &presenters)
        #expect(recorder.calls == ["phase1.0@1000", "placed@1000", "tone.inhale@1000", "end@1000"])
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Issue 49: what the session's media player shows, from the machine's own effects: one change announced per boundary
/// or change of state, the phase's sentence as the title (a skip's too), the tones' level as the volume.
@Suite struct MediaPlayerViewTests {
    /// 1 s in, 1 s out, 2 cycles, at 1 000 samples a second, as the machine's own tests plan it.
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 1)]),
        length: .cycles(2), sampleRate: 1000
    ).get()

    /// Drives the machine through `events` from idle, handing each transition's effects to a view as the loop does;
    /// returns the view and the properties each transition announced.
    static func run(_ events: [SessionEvent]) -> (MediaPlayerView, [[MediaPlayerView.Property]]) {
        let machine = SessionMachine(plan: Self.plan)
        var view = MediaPlayerView(plan: Self.plan, toneVolume: 70)
        var state = SessionState.idle
        var announced: [[MediaPlayerView.Property]] = []
        for event in events {
            let transition = machine.transition(state, event)
            state = transition.state
            for effect in transition.effects { view.present(effect, position: 0) }
            announced.append(view.endTransition())
        }
        return (view, announced)
    }

    @Test func eachBoundaryAndChangeOfStateIsAnnouncedOnce() {
        let (view, announced) = Self.run([
            .startRequested, .leadInElapsed, .pauseRequested(at: 3100), .resumeRequested, .repeatRequested,
            .phaseElapsed, .timeLeftRequested(at: 4500),
        ])
        #expect(
            announced == [
                [.metadata], [.metadata], [.playbackStatus], [.playbackStatus], [], [.metadata], [],
            ])
        #expect(view.track == 3)
        #expect(view.segment == .phase(cycle: 1, index: 1))
        #expect(view.title?.key == .linePhase)
        #expect(view.length == 1000)
        #expect(view.status == .playing)
    }

    @Test func aSkipsTitleIsThePhaseItReached() {
        let (view, _) = Self.run([.startRequested, .skipRequested])
        #expect(view.segment == .phase(cycle: 1, index: 0))
        #expect(view.title?.key == .linePhaseCycle, "\(String(describing: view.title))")
    }

    @Test func theEndIsStoppedAndTheTonesLevelIsTheVolume() {
        let (view, announced) = Self.run([
            .startRequested, .toneVolumeChanged(80), .stopRequested(at: 10), .closingElapsed,
        ])
        #expect(announced[1] == [.volume])
        #expect(view.toneVolume == 80)
        // The closing words are a segment of their own, still playing; then the end.
        #expect(announced[2] == [.metadata])
        #expect(announced[3] == [.playbackStatus])
        #expect(view.status == .stopped)
    }

    @Test func theOffsetMovesOnlyWhilePlayingAndStaysInTheSegment() {
        var view = MediaPlayerView(plan: Self.plan, toneVolume: 70)
        view.present(
            .enterSegment(.phase(cycle: 1, index: 0)), position: Self.plan.start(of: .phase(cycle: 1, index: 0)))
        #expect(view.offset(elapsed: 400) == 400)
        #expect(view.offset(elapsed: 5000) == 1000)
        view.present(.markPause(.user), position: Self.plan.start(of: .phase(cycle: 1, index: 0)) + 250)
        #expect(view.offset(elapsed: 400) == 250)
    }
}

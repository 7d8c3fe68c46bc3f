import Testing
@testable import BreatheCore

@Suite struct SpokenPhrasesTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(name: "sigh", phases: [Phase(.inhale, seconds: 2), Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 6)]),
        length: .cycles(2), sampleRate: 22_050
    ).get()

    /// Every phrase any path through the machine asks to say is prepared up front.
    @Test(arguments: [
        [SessionEvent.startRequested, .pauseRequested(at: 10), .resumeRequested, .leadInElapsed, .phaseElapsed, .phaseElapsed,
         .phaseElapsed, .pauseRequested(at: 80_000), .continued, .resumeRequested, .skipRequested, .skipRequested, .closingElapsed],
        [.startRequested, .leadInElapsed, .stopRequested(at: 70_000), .closingElapsed],
        [.startRequested, .leadInElapsed, .audioLost(at: 70_000), .stopRequested(at: 70_000)],
    ])
    func everySpokenPhraseIsPrepared(events: [SessionEvent]) {
        let machine = SessionMachine(plan: Self.plan)
        let prepared = SpokenPhrases.messages(for: Self.plan, counting: true)
        var state = SessionState.idle
        var spoken: [Message] = []
        for event in events {
            let transition = machine.transition(state, event)
            state = transition.state
            for case .announce(let announcement) in transition.effects {
                if let speech = announcement.speech { spoken.append(speech) }
            }
        }
        #expect(!spoken.isEmpty)
        for message in spoken { #expect(prepared.contains(message), "not prepared: \(message.key)") }
    }

    @Test func countsGoUpToTheLongestPhaseOnlyWhenCounting() {
        let counting = SpokenPhrases.messages(for: Self.plan, counting: true)
        #expect(counting.contains(SpokenPhrases.count(6)))
        #expect(!counting.contains(SpokenPhrases.count(7)))
        #expect(!SpokenPhrases.messages(for: Self.plan, counting: false).contains(SpokenPhrases.count(2)))
    }
}

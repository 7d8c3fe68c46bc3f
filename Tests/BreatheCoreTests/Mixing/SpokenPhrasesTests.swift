import Testing

@testable import BreatheCore

@Suite struct SpokenPhrasesTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(
            name: "sigh", phases: [Phase(.inhale, seconds: 2), Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 6)]),
        length: .cycles(2), sampleRate: 22_050
    ).get()

    /// Every phrase any path through the machine asks to say is prepared up front, but for the ones that carry a number
    /// known only when said (the seconds left on resuming, `t`, a new rate or tone level): `SpokenPhrases.isLive` tells
    /// them apart, and the runner has them said off the audio path.
    @Test(arguments: [
        [
            SessionEvent.startRequested, .pauseRequested(at: 10), .resumeRequested, .leadInElapsed, .phaseElapsed,
            .phaseElapsed,
            .phaseElapsed, .pauseRequested(at: 80_000), .continued, .resumeRequested, .skipRequested, .skipRequested,
            .closingElapsed,
        ],
        [.startRequested, .leadInElapsed, .stopRequested(at: 70_000), .closingElapsed],
        [.startRequested, .leadInElapsed, .audioLost(at: 70_000), .stopRequested(at: 70_000)],
        [
            .startRequested, .unknownKeyPressed, .helpRequested, .repeatRequested, .leadInElapsed, .repeatRequested,
            .toneVolumeChanged(nil),
            .timeLeftRequested(at: 70_000), .speechRateChanged(200), .toneVolumeChanged(30), .skipRequested,
        ],
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
        for message in spoken where !SpokenPhrases.isLive(message) {
            #expect(prepared.contains(message), "not prepared: \(message.key)")
        }
        #expect(
            spoken.contains { SpokenPhrases.isLive($0) }
                == (events.contains(.resumeRequested) || events.contains(.timeLeftRequested(at: 70_000))))
    }

    @Test func countsGoUpToTheLongestPhaseOnlyWhenCounting() {
        let counting = SpokenPhrases.messages(for: Self.plan, counting: true)
        #expect(counting.contains(SpokenPhrases.count(6)))
        #expect(!counting.contains(SpokenPhrases.count(7)))
        #expect(!SpokenPhrases.messages(for: Self.plan, counting: false).contains(SpokenPhrases.count(2)))
    }
}

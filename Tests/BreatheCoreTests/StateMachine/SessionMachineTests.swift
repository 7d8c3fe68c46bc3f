import Testing

@testable import BreatheCore

/// A small plan with readable numbers: 1 s in, 1 s out, 2 cycles, at 1 000 samples a second, 3 s lead-in and closing.
let smallPlan = try! SessionPlan.make(
    pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 1)]),
    length: .cycles(2), sampleRate: 1000
).get()

extension SessionEvent: CustomTestStringConvertible {
    public var testDescription: String { "\(self)" }
}

extension SessionState: CustomTestStringConvertible {
    public var testDescription: String { "\(self)" }
}

@Suite struct SessionMachineTests {
    let machine = SessionMachine(plan: smallPlan)

    static let completedSummary = SessionSummary(
        status: .completed, cyclesCompleted: 2, cyclesPlanned: 2, position: 7000)
    static let states: [SessionState] = [
        .idle,
        .preparing,
        .active(cycle: 1, index: 0),
        .active(cycle: 2, index: 1),
        .paused(PausedSession(resume: .phase(cycle: 1, index: 1), elapsed: 200, reason: .user)),
        .paused(PausedSession(resume: .leadIn, elapsed: 1000, reason: .hangup)),
        .completing(completedSummary),
        .completed(completedSummary),
    ]
    static let events: [SessionEvent] = [
        .startRequested, .leadInElapsed, .phaseElapsed, .pauseRequested(at: 4200), .resumeRequested, .skipRequested,
        .stopRequested(at: 4200), .interrupted(.suspended, at: 4200), .interrupted(.hangup, at: 4200), .continued,
        .helpRequested, .audioLost(at: 4200), .closingElapsed, .timeLeftRequested(at: 4200), .repeatRequested,
        .unknownKeyPressed, .speechRateChanged(200), .speechRateChanged(nil), .toneVolumeChanged(40),
        .toneVolumeChanged(nil),
    ]

    /// The keys that only say something: valid wherever the session runs or is paused, and the state stays as it was.
    static func isAnswer(_ event: SessionEvent) -> Bool {
        switch event {
        case .helpRequested, .timeLeftRequested, .repeatRequested, .unknownKeyPressed, .speechRateChanged,
            .toneVolumeChanged:
            true
        default: false
        }
    }

    /// Which (state, event) pairs apply. Every other pair must leave the state alone and ask for nothing.
    static func isValid(_ state: SessionState, _ event: SessionEvent) -> Bool {
        if isAnswer(event) {
            switch state {
            case .preparing, .active, .paused: return true
            case .idle, .completing, .completed: return false
            }
        }
        return switch (state, event) {
        case (.idle, .startRequested): true
        case (.preparing, .leadInElapsed), (.preparing, .skipRequested), (.preparing, .pauseRequested),
            (.preparing, .interrupted), (.preparing, .audioLost), (.preparing, .stopRequested),
            (.preparing, .helpRequested):
            true
        case (.active, .phaseElapsed), (.active, .skipRequested), (.active, .pauseRequested), (.active, .interrupted),
            (.active, .audioLost), (.active, .stopRequested), (.active, .helpRequested):
            true
        case (.paused, .resumeRequested), (.paused, .stopRequested), (.paused, .interrupted), (.paused, .audioLost),
            (.paused, .continued), (.paused, .helpRequested):
            true
        case (.completing, .closingElapsed), (.completing, .stopRequested), (.completing, .audioLost): true
        default: false
        }
    }

    @Test(arguments: states, events)
    func everyPairIsEitherValidOrChangesNothing(state: SessionState, event: SessionEvent) {
        let transition = machine.transition(state, event)
        #expect(transition.isValid == Self.isValid(state, event))
        if !transition.isValid {
            #expect(transition.state == state)
            #expect(transition.effects.isEmpty)
        }
    }

    // MARK: The main transitions, with every effect.

    @Test func startEntersTheLeadIn() {
        let transition = machine.transition(.idle, .startRequested)
        #expect(transition.state == .preparing)
        #expect(transition.effects.count == 4)
        #expect(transition.effects[1] == .enterSegment(.leadIn))
        #expect(
            transition.effects[2] == .announce(Announcement(line: Message(.lineLeadIn), speech: Message(.speechLeadIn)))
        )
        #expect(transition.effects[3] == .startTimer(deadline: 3000, event: .leadInElapsed))
        guard case .announce(let intro) = transition.effects[0] else {
            Issue.record("no intro")
            return
        }
        #expect(intro.line.key == .lineIntro)
        #expect(intro.speech == nil)
    }

    /// In screen-reader mode the introduction is brief: the pattern and the cycles only; each phase says its seconds.
    @Test func aBriefOpeningSaysThePatternAndTheCycles() {
        let brief = SessionMachine(plan: machine.plan, announcesKeys: true, briefOpening: true)
        let intro = brief.openingAnnouncements.map(\.line)
        #expect(intro.map(\.key) == [.lineIntroBrief, .lineKeysHint])
        #expect(intro[0].arguments.keys.sorted() == ["cycles", "pattern"])
        #expect(machine.openingAnnouncements.map(\.line.key) == [.lineIntro])
    }

    @Test func leadInElapsedStartsTheFirstBreath() {
        let transition = machine.transition(.preparing, .leadInElapsed)
        #expect(transition.state == .active(cycle: 1, index: 0))
        #expect(
            transition.effects == [
                .enterSegment(.phase(cycle: 1, index: 0)),
                .playTone(.inhale),
                .announce(
                    Announcement(
                        line: Message(
                            .linePhaseCycle,
                            [
                                "cycle": .integer(1), "cycles": .integer(2), "phase": .message(Message(.phaseInhale)),
                                "duration": .message(.seconds(tenths: 10)),
                            ]),
                        speech: Message(.phaseInhale)
                    )),
                .startTimer(deadline: 4000, event: .phaseElapsed),
            ])
    }

    @Test func onlyTheFirstPhaseOfACycleSaysTheCycleAndTerseSaysNeither() {
        let second = machine.transition(.active(cycle: 1, index: 0), .phaseElapsed)
        let line = second.effects.compactMap { if case .announce(let a) = $0 { a.line } else { nil } }
        #expect(
            line == [
                Message(
                    .linePhase, ["phase": .message(Message(.phaseExhale)), "duration": .message(.seconds(tenths: 10))])
            ])
        let terse = SessionMachine(plan: machine.plan, terse: true)
        #expect(
            terse.phaseLine(cycle: 2, index: 0)
                == Message(.linePhaseTerse, ["phase": .message(Message(.phaseInhale)), "seconds": .tenths(10)]))
        #expect(terse.phaseLine(cycle: 2, index: 1).key == .linePhaseTerse)
        #expect(machine.phaseLine(cycle: 2, index: 0).arguments["cycle"] == .integer(2))
    }

    /// `t` says the phase and the whole seconds left in it and in the session; `r` says the phase again; other keys
    /// answer with one sentence, spoken too; a skip says so in its line and its word.
    @Test func keysAnswerWithoutChangingTheState() {
        let state = SessionState.active(cycle: 1, index: 1)
        let time = machine.transition(state, .timeLeftRequested(at: 4200))
        let expected = Message(
            .lineTimeLeft,
            [
                "phase": .message(Message(.phaseExhale)), "phaseLeft": .message(.seconds(tenths: 10)),
                "sessionLeft": .message(.duration(tenths: 30)),
            ])
        #expect(time.state == state)
        #expect(time.effects == [.announce(Announcement(line: expected, speech: expected))])
        let paused = SessionState.paused(PausedSession(resume: .phase(cycle: 2, index: 0), elapsed: 100, reason: .user))
        let pausedTime = machine.transition(paused, .timeLeftRequested(at: 0))
        guard case .announce(let answer)? = pausedTime.effects.first else {
            Issue.record("no answer")
            return
        }
        #expect(answer.line.arguments["phaseLeft"] == .message(.seconds(tenths: 10)))
        #expect(answer.line.arguments["sessionLeft"] == .message(.duration(tenths: 20)))
        #expect(
            machine.transition(state, .repeatRequested).effects
                == [.announce(Announcement(line: machine.phaseLine(cycle: 1, index: 1), speech: Message(.phaseExhale)))]
        )
        #expect(
            machine.transition(state, .unknownKeyPressed).effects
                == [.announce(Announcement(line: Message(.lineUnknownKey), speech: Message(.lineUnknownKey)))])
        #expect(
            machine.transition(state, .speechRateChanged(200)).effects
                == [
                    .announce(
                        Announcement(
                            line: Message(.lineSpeechRate, ["rate": .integer(200)]),
                            speech: Message(.lineSpeechRate, ["rate": .integer(200)])))
                ])
        let skip = machine.transition(.active(cycle: 1, index: 0), .skipRequested)
        #expect(
            skip.effects.contains(
                .announce(
                    Announcement(
                        line: Message(.lineSkipped, ["line": .message(machine.phaseLine(cycle: 1, index: 1))]),
                        speech: SpokenPhrases.skipped(Message(.phaseExhale))
                    ))))
    }

    @Test func resumeSaysThePhaseAndTheSecondsLeft() {
        let paused = SessionState.paused(PausedSession(resume: .phase(cycle: 1, index: 1), elapsed: 200, reason: .user))
        let resumed = machine.transition(paused, .resumeRequested)
        let arguments: [String: MessageArgument] = [
            "phase": .message(Message(.phaseExhale)), "seconds": .message(.seconds(tenths: 10)),
        ]
        #expect(
            resumed.effects.contains(
                .announce(
                    Announcement(line: Message(.lineResumed, arguments), speech: Message(.speechResumed, arguments)))))
    }

    @Test func lastPhaseElapsedCompletesAndSavesOnce() {
        let transition = machine.transition(.active(cycle: 2, index: 1), .phaseElapsed)
        let summary = SessionSummary(status: .completed, cyclesCompleted: 2, cyclesPlanned: 2, position: 7000)
        #expect(transition.state == .completing(summary))
        #expect(transition.effects.filter { if case .save = $0 { true } else { false } } == [.save(summary)])
        #expect(transition.effects.last == .startTimer(deadline: 10_000, event: .closingElapsed))
    }

    @Test func pauseRemembersWhereItWasAndResumeGoesBack() {
        let paused = machine.transition(.active(cycle: 1, index: 1), .pauseRequested(at: 4300))
        #expect(paused.state == .paused(PausedSession(resume: .phase(cycle: 1, index: 1), elapsed: 300, reason: .user)))
        #expect(
            paused.effects == [
                .cancelTimer, .markPause(.user),
                .announce(Announcement(line: Message(.linePaused), speech: Message(.speechPaused))),
            ])
        let resumed = machine.transition(paused.state, .resumeRequested)
        #expect(resumed.state == .active(cycle: 1, index: 1))
        // The timeline stood still, so the phase's own deadline is still right.
        #expect(resumed.effects.first == .markResume)
        #expect(resumed.effects.last == .startTimer(deadline: 5000, event: .phaseElapsed))
    }

    @Test func skipSeeksToTheBoundaryAndStartsTheNextPhase() {
        let transition = machine.transition(.active(cycle: 1, index: 0), .skipRequested)
        #expect(transition.state == .active(cycle: 1, index: 1))
        #expect(
            Array(transition.effects.prefix(3)) == [
                .cancelTimer, .seek(to: 4000), .enterSegment(.phase(cycle: 1, index: 1)),
            ])
    }

    @Test func stopMidCycleSavesAStoppedSessionWithTheWholeCyclesOnly() {
        let transition = machine.transition(.active(cycle: 2, index: 0), .stopRequested(at: 5500))
        let summary = SessionSummary(status: .stopped, cyclesCompleted: 1, cyclesPlanned: 2, position: 5500)
        #expect(transition.state == .completing(summary))
        #expect(transition.effects.contains(.save(summary)))
    }

    @Test func stopAfterAHangupIsRecordedAsInterrupted() {
        let hungUp = machine.transition(.active(cycle: 1, index: 0), .interrupted(.hangup, at: 3500))
        let stopped = machine.transition(hungUp.state, .stopRequested(at: 3500))
        guard case .completing(let summary) = stopped.state else {
            Issue.record("not completing")
            return
        }
        #expect(summary.status == .interrupted)
    }

    @Test func comingBackFromCtrlZStaysPausedAndSaysSo() {
        let suspended = machine.transition(.active(cycle: 1, index: 0), .interrupted(.suspended, at: 3500))
        let back = machine.transition(suspended.state, .continued)
        #expect(back.state == suspended.state)
        #expect(back.effects == [.announce(Announcement(line: Message(.linePaused), speech: Message(.speechPaused)))])
    }

    @Test func lostAudioPausesAndSaysSo() {
        let transition = machine.transition(.active(cycle: 1, index: 0), .audioLost(at: 3500))
        guard case .paused(let paused) = transition.state else {
            Issue.record("not paused")
            return
        }
        #expect(paused.reason == .audioLost)
        #expect(transition.effects.contains(.announce(Announcement(line: Message(.lineAudioLost)))))
    }

    @Test func noLeadInStartsBreathingAtOnce() throws {
        let plan = try SessionPlan.make(
            pattern: smallPlan.pattern, length: .cycles(1), sampleRate: 1000, leadInTenths: 0
        ).get()
        let transition = SessionMachine(plan: plan).transition(.idle, .startRequested)
        #expect(transition.state == .active(cycle: 1, index: 0))
        #expect(transition.effects.contains(.startTimer(deadline: 1000, event: .phaseElapsed)))
    }
}

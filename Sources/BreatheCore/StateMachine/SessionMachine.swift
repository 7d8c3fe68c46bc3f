/// The session's rules, as one pure function over (state, event).
///
/// The machine owns no clock and performs nothing: it returns the next state and the effects to perform. An event that
/// makes no sense in a state (a stale timer, a key pressed during the closing words) leaves the state as it was and asks
/// for nothing; `Transition.isValid` lets the runner count those.
package struct SessionMachine: Sendable {
    package let plan: SessionPlan
    /// True when the keys work (standard input is a terminal): one short sentence after the introduction says how to
    /// hear them.
    let announcesKeys: Bool
    /// Said first, before the introduction: the reminder's "Time for a breathing break."
    let opening: Announcement?
    /// Phase lines say only the instruction and its seconds ("Breathe in, 4."), never the cycle (`--terse`).
    let terse: Bool
    /// The introduction says only the pattern and the cycles ("Box breathing, 10 cycles."): in screen-reader mode, whose
    /// reader reads the whole opening before the first phase, and each phase says its seconds anyway.
    let briefOpening: Bool

    package init(
        plan: SessionPlan, announcesKeys: Bool = false, opening: Announcement? = nil, terse: Bool = false,
        briefOpening: Bool = false
    ) {
        self.opening = opening
        self.plan = plan
        self.announcesKeys = announcesKeys
        self.terse = terse
        self.briefOpening = briefOpening
    }

    /// The result of applying one event.
    package struct Transition: Hashable, Sendable {
        package var state: SessionState
        package var effects: [SessionEffect]
        /// False when the event did not apply to the state; the state is then unchanged and `effects` is empty.
        package var isValid: Bool
    }

    package func transition(_ state: SessionState, _ event: SessionEvent) -> Transition {
        switch (state, event) {
        // MARK: idle
        case (.idle, .startRequested):
            let opening: [SessionEffect] = openingAnnouncements.map { .announce($0) }
            if plan.leadInSamples > 0 {
                return valid(.preparing, opening + enterLeadIn())
            }
            return valid(.active(cycle: 1, index: 0), opening + enterPhase(cycle: 1, index: 0))
        case (.idle, .leadInElapsed), (.idle, .phaseElapsed), (.idle, .pauseRequested), (.idle, .resumeRequested),
            (.idle, .skipRequested), (.idle, .stopRequested), (.idle, .interrupted), (.idle, .continued),
            (.idle, .helpRequested), (.idle, .audioLost), (.idle, .closingElapsed), (.idle, .timeLeftRequested),
            (.idle, .repeatRequested), (.idle, .unknownKeyPressed), (.idle, .speechRateChanged),
            (.idle, .toneVolumeChanged):
            // Nothing has started, so there is nothing to pause, stop or time.
            return invalid(state)

        // MARK: preparing
        case (.preparing, .leadInElapsed):
            return valid(.active(cycle: 1, index: 0), enterPhase(cycle: 1, index: 0))
        case (.preparing, .skipRequested):
            return valid(
                .active(cycle: 1, index: 0),
                [.cancelTimer, .seek(to: plan.end(of: .leadIn))] + enterPhase(cycle: 1, index: 0, skipped: true))
        case (.preparing, .pauseRequested(let position)):
            return pause(at: .leadIn, position: position, reason: .user)
        case (.preparing, .interrupted(let reason, let position)):
            return pause(at: .leadIn, position: position, reason: PauseReason(reason))
        case (.preparing, .audioLost(let position)):
            return pause(at: .leadIn, position: position, reason: .audioLost)
        case (.preparing, .stopRequested(let position)):
            return complete(
                .stopped, cyclesCompleted: 0, position: position, from: [.cancelTimer, .seek(to: position)])
        case (.preparing, .helpRequested):
            return valid(state, [.announce(keysAnnouncement)])
        case (.preparing, .timeLeftRequested(let position)):
            return valid(state, [.announce(timeLeft(in: .leadIn, at: position))])
        case (.preparing, .repeatRequested):
            return valid(state, [.announce(leadInAnnouncement)])
        case (.preparing, .unknownKeyPressed), (.preparing, .speechRateChanged), (.preparing, .toneVolumeChanged):
            return valid(state, [.announce(answer(to: event))])
        case (.preparing, .startRequested), (.preparing, .phaseElapsed), (.preparing, .resumeRequested),
            (.preparing, .continued), (.preparing, .closingElapsed):
            // Already started; not paused; no phase or closing timer runs during the lead-in.
            return invalid(state)

        // MARK: active
        case (.active(let cycle, let index), .phaseElapsed):
            return advance(from: .phase(cycle: cycle, index: index), prefix: [])
        case (.active(let cycle, let index), .skipRequested):
            let segment = Segment.phase(cycle: cycle, index: index)
            return advance(from: segment, prefix: [.cancelTimer, .seek(to: plan.end(of: segment))], skipped: true)
        case (.active(let cycle, let index), .pauseRequested(let position)):
            return pause(at: .phase(cycle: cycle, index: index), position: position, reason: .user)
        case (.active(let cycle, let index), .interrupted(let reason, let position)):
            return pause(at: .phase(cycle: cycle, index: index), position: position, reason: PauseReason(reason))
        case (.active(let cycle, let index), .audioLost(let position)):
            return pause(at: .phase(cycle: cycle, index: index), position: position, reason: .audioLost)
        case (.active(let cycle, _), .stopRequested(let position)):
            return complete(
                .stopped, cyclesCompleted: cycle - 1, position: position, from: [.cancelTimer, .seek(to: position)])
        case (.active, .helpRequested):
            return valid(state, [.announce(keysAnnouncement)])
        case (.active(let cycle, let index), .timeLeftRequested(let position)):
            return valid(state, [.announce(timeLeft(in: .phase(cycle: cycle, index: index), at: position))])
        case (.active(let cycle, let index), .repeatRequested):
            return valid(
                state, [.announce(Announcement(line: phaseLine(cycle: cycle, index: index), speech: phaseName(index)))])
        case (.active, .unknownKeyPressed), (.active, .speechRateChanged), (.active, .toneVolumeChanged):
            return valid(state, [.announce(answer(to: event))])
        case (.active, .startRequested), (.active, .leadInElapsed), (.active, .resumeRequested), (.active, .continued),
            (.active, .closingElapsed):
            // Already running; the lead-in and closing timers cannot be pending while a phase is.
            return invalid(state)

        // MARK: paused
        case (.paused(let paused), .resumeRequested):
            return resume(paused)
        case (.paused(let paused), .stopRequested(let position)):
            let status: SessionStatus =
                paused.reason == .hangup || paused.reason == .audioLost ? .interrupted : .stopped
            let done: Int = if case .phase(let cycle, _) = paused.resume { cycle - 1 } else { 0 }
            return complete(
                status, cyclesCompleted: done, position: position, from: [.seek(to: position), .markResume])
        case (.paused(var paused), .interrupted(let reason, _)):
            // Already still; remember the stronger reason so that a stop records "interrupted" after a hangup.
            if reason == .hangup { paused.reason = .hangup }
            return valid(.paused(paused), [])
        case (.paused(var paused), .audioLost):
            paused.reason = .audioLost
            return valid(.paused(paused), [.announce(Announcement(line: Message(.lineAudioLost)))])
        case (.paused, .continued):
            // Back from Ctrl-Z: say we are still paused. Nothing resumes by itself.
            return valid(state, [.announce(pausedAnnouncement)])
        case (.paused, .helpRequested):
            return valid(state, [.announce(keysAnnouncement)])
        case (.paused(let paused), .timeLeftRequested):
            return valid(
                state, [.announce(timeLeft(in: paused.resume, at: plan.start(of: paused.resume) + paused.elapsed))])
        case (.paused(let paused), .repeatRequested):
            // The instruction that holds now is the pause's own: how to go on.
            return valid(
                state,
                [
                    .announce(
                        paused.reason == .audioLost ? Announcement(line: Message(.lineAudioLost)) : pausedAnnouncement)
                ])
        case (.paused, .unknownKeyPressed), (.paused, .speechRateChanged), (.paused, .toneVolumeChanged):
            return valid(state, [.announce(answer(to: event))])
        case (.paused, .startRequested), (.paused, .leadInElapsed), (.paused, .phaseElapsed),
            (.paused, .pauseRequested),
            (.paused, .skipRequested), (.paused, .closingElapsed):
            // Timers were cancelled on pausing, so these are stale; pausing twice and skipping while paused mean nothing.
            return invalid(state)

        // MARK: completing
        case (.completing(let summary), .closingElapsed):
            return valid(.completed(summary), [.finish(summary)])
        case (.completing(let summary), .stopRequested), (.completing(let summary), .audioLost):
            // The record is already saved; cut the closing words short.
            return valid(.completed(summary), [.cancelTimer, .finish(summary)])
        case (.completing, .startRequested), (.completing, .leadInElapsed), (.completing, .phaseElapsed),
            (.completing, .pauseRequested), (.completing, .resumeRequested), (.completing, .skipRequested),
            (.completing, .interrupted), (.completing, .continued), (.completing, .helpRequested),
            (.completing, .timeLeftRequested), (.completing, .repeatRequested), (.completing, .unknownKeyPressed),
            (.completing, .speechRateChanged), (.completing, .toneVolumeChanged):
            // The session is over but for its closing words; only their end or a stop moves it on.
            return invalid(state)

        // MARK: completed
        case (.completed, .startRequested), (.completed, .leadInElapsed), (.completed, .phaseElapsed),
            (.completed, .pauseRequested), (.completed, .resumeRequested), (.completed, .skipRequested),
            (.completed, .stopRequested), (.completed, .interrupted), (.completed, .continued),
            (.completed, .helpRequested), (.completed, .audioLost), (.completed, .closingElapsed),
            (.completed, .timeLeftRequested), (.completed, .repeatRequested), (.completed, .unknownKeyPressed),
            (.completed, .speechRateChanged), (.completed, .toneVolumeChanged):
            // Final state.
            return invalid(state)
        }
    }

    // MARK: Building transitions

    private func valid(_ state: SessionState, _ effects: [SessionEffect]) -> Transition {
        Transition(state: state, effects: effects, isValid: true)
    }

    private func invalid(_ state: SessionState) -> Transition {
        Transition(state: state, effects: [], isValid: false)
    }

    private func enterLeadIn() -> [SessionEffect] {
        [
            .enterSegment(.leadIn),
            .announce(leadInAnnouncement),
            .startTimer(deadline: plan.end(of: .leadIn), event: .leadInElapsed),
        ]
    }

    /// A phase begins. After a skip, its sentence and its word say so first: "Skipped. Breathe out, 4 seconds."
    private func enterPhase(cycle: Int, index: Int, skipped: Bool = false) -> [SessionEffect] {
        let segment = Segment.phase(cycle: cycle, index: index)
        let kind = plan.kind(ofPhase: index)
        let name = phaseName(index)
        let line = phaseLine(cycle: cycle, index: index)
        let announcement =
            skipped
            ? Announcement(line: Message(.lineSkipped, ["line": .message(line)]), speech: SpokenPhrases.skipped(name))
            : Announcement(line: line, speech: name)
        return [
            .enterSegment(segment),
            .playTone(kind),
            .announce(announcement),
            .startTimer(deadline: plan.end(of: segment), event: .phaseElapsed),
        ]
    }

    /// The instruction first, then (once a cycle, on its first phase) where the session is:
    /// "Breathe in, 4 seconds. Cycle 2 of 10."; terse: "Breathe in, 4."
    func phaseLine(cycle: Int, index: Int) -> Message {
        let name = Message.phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
        let tenths = plan.phaseTenths(cycle: cycle, index: index)
        if terse { return Message(.linePhaseTerse, ["phase": .message(name), "seconds": .tenths(tenths)]) }
        let arguments: [String: MessageArgument] = [
            "phase": .message(name), "duration": .message(.seconds(tenths: tenths)),
        ]
        guard index == 0 else { return Message(.linePhase, arguments) }
        return Message(
            .linePhaseCycle, arguments.merging(["cycle": .integer(cycle), "cycles": .integer(plan.cycles)]) { $1 })
    }

    /// Moves on from a finished (or skipped) phase to the next phase, or to the closing words after the last.
    private func advance(from segment: Segment, prefix: [SessionEffect], skipped: Bool = false) -> Transition {
        switch plan.segment(after: segment) {
        case .phase(let cycle, let index):
            return valid(
                .active(cycle: cycle, index: index), prefix + enterPhase(cycle: cycle, index: index, skipped: skipped))
        case .leadIn, .closing, nil:
            return complete(.completed, cyclesCompleted: plan.cycles, position: plan.breathingEnd, from: prefix)
        }
    }

    private func pause(at segment: Segment, position: Int64, reason: PauseReason) -> Transition {
        let elapsed = min(max(0, position - plan.start(of: segment)), plan.end(of: segment) - plan.start(of: segment))
        let paused = PausedSession(resume: segment, elapsed: elapsed, reason: reason)
        let line: Announcement = reason == .audioLost ? Announcement(line: Message(.lineAudioLost)) : pausedAnnouncement
        return valid(.paused(paused), [.cancelTimer, .markPause(reason), .announce(line)])
    }

    private func phaseName(_ index: Int) -> Message {
        .phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
    }

    private var leadInAnnouncement: Announcement { Self.leadInAnnouncement }

    /// Whole seconds from `position` to `end`, rounded up: "1 second left" until the very end.
    private func wholeSeconds(from position: Int64, to end: Int64) -> Int {
        let rate = Int64(plan.sampleRate)
        return Int((max(0, end - position) + rate - 1) / rate)
    }

    /// `t`: what is under way, and the time left in it and in the whole session (closing words left out).
    private func timeLeft(in segment: Segment, at position: Int64) -> Announcement {
        let name: Message = if case .phase(_, let index) = segment { phaseName(index) } else { Message(.speechLeadIn) }
        let phaseLeft = wholeSeconds(from: position, to: plan.end(of: segment))
        let sessionLeft = wholeSeconds(from: position, to: plan.breathingEnd)
        let message = Message(
            .lineTimeLeft,
            [
                "phase": .message(name), "phaseLeft": .message(.seconds(tenths: phaseLeft * 10)),
                "sessionLeft": .message(.duration(tenths: sessionLeft * 10)),
            ])
        return Announcement(line: message, speech: message)
    }

    /// The answer to a key that changes nothing in the session itself: an unknown key, the speech rate, the tone volume.
    private func answer(to event: SessionEvent) -> Announcement {
        let message: Message
        switch event {
        case .speechRateChanged(let rate?): message = Message(.lineSpeechRate, ["rate": .integer(rate)])
        case .speechRateChanged(nil): message = Message(.lineSpeechOff)
        case .toneVolumeChanged(let volume?): message = Message(.lineToneVolume, ["volume": .integer(volume)])
        case .toneVolumeChanged(nil): message = Message(.lineTonesOff)
        case .startRequested, .leadInElapsed, .phaseElapsed, .pauseRequested, .resumeRequested, .skipRequested,
            .stopRequested, .interrupted, .continued, .helpRequested, .audioLost, .closingElapsed, .timeLeftRequested,
            .repeatRequested, .unknownKeyPressed:
            message = Message(.lineUnknownKey)
        }
        return Announcement(line: message, speech: message)
    }

    /// What is said before "Get ready", in order: the reminder's first sentence, the introduction, the key hint.
    package var openingAnnouncements: [Announcement] {
        let intro = Announcement(
            line: briefOpening
                ? Message(
                    .lineIntroBrief,
                    ["pattern": .message(.patternName(plan.pattern)), "cycles": .message(.cycles(plan.cycles))])
                : Message(
                    .lineIntro,
                    [
                        "pattern": .message(.patternName(plan.pattern)),
                        "timings": .message(.timings(of: plan)),
                        "cycles": .message(.cycles(plan.cycles)),
                        "duration": .message(.duration(tenths: plan.breathingTenths)),
                    ]))
        return (opening.map { [$0] } ?? []) + [intro] + (announcesKeys ? [keysHintAnnouncement] : [])
    }

    /// "Get ready", said at the start of the lead-in.
    package static let leadInAnnouncement = Announcement(line: Message(.lineLeadIn), speech: Message(.speechLeadIn))

    private var keysAnnouncement: Announcement {
        Announcement(line: Message(.lineKeys), speech: Message(.speechKeys))
    }

    /// At the start, the keys are one short sentence; `?` says the whole list.
    private var keysHintAnnouncement: Announcement {
        Announcement(line: Message(.lineKeysHint), speech: Message(.lineKeysHint))
    }

    private var pausedAnnouncement: Announcement {
        Announcement(line: Message(.linePaused), speech: Message(.speechPaused))
    }

    private func resume(_ paused: PausedSession) -> Transition {
        let state: SessionState
        let name: Message
        let event: TimerEvent
        switch paused.resume {
        case .phase(let cycle, let index):
            state = .active(cycle: cycle, index: index)
            name = .phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
            event = .phaseElapsed
        case .leadIn, .closing:
            state = .preparing
            name = Message(.speechLeadIn)
            event = .leadInElapsed
        }
        let left = wholeSeconds(from: plan.start(of: paused.resume) + paused.elapsed, to: plan.end(of: paused.resume))
        let resumed = Message(
            .lineResumed, ["phase": .message(name), "seconds": .message(.seconds(tenths: left * 10))])
        return valid(
            state,
            [
                .markResume,
                .announce(
                    Announcement(
                        line: resumed,
                        speech: Message(
                            .speechResumed, ["phase": .message(name), "seconds": .message(.seconds(tenths: left * 10))])
                    )),
                .startTimer(deadline: plan.end(of: paused.resume), event: event),
            ])
    }

    private func complete(_ status: SessionStatus, cyclesCompleted: Int, position: Int64, from prefix: [SessionEffect])
        -> Transition
    {
        let summary = SessionSummary(
            status: status, cyclesCompleted: cyclesCompleted, cyclesPlanned: plan.cycles, position: position)
        let tenths = Int((position - plan.breathingStart) * 10 / Int64(plan.sampleRate))
        let line: Message
        let speech: Message
        switch status {
        case .completed:
            line = Message(
                .lineCompleted,
                ["cycles": .message(.cycles(cyclesCompleted)), "duration": .message(.duration(tenths: max(0, tenths)))])
            speech = Message(.speechCompleted)
        case .stopped, .interrupted:
            line = Message(
                status == .stopped ? .lineStopped : .lineInterrupted,
                [
                    "done": .integer(cyclesCompleted), "cycles": .message(.cycles(plan.cycles)),
                    "duration": .message(.duration(tenths: max(0, tenths))),
                ])
            speech = Message(.speechStopped)
        }
        return valid(
            .completing(summary),
            prefix + [
                .enterSegment(.closing),
                .announce(Announcement(line: line, speech: speech)),
                .save(summary),
                .startTimer(deadline: position + plan.closingSamples, event: .closingElapsed),
            ])
    }
}

extension PauseReason {
    init(_ reason: InterruptionReason) {
        switch reason {
        case .suspended: self = .suspended
        case .hangup: self = .hangup
        }
    }
}

import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// Random event sequences against the machine: the invariants of DESIGN.md must hold whatever the order.
@Suite struct SessionMachinePropertyTests {
    static func randomEvent(_ generator: inout SplitMix, position: Int64) -> SessionEvent {
        switch Int.random(in: 0..<13, using: &generator) {
        case 0: .startRequested
        case 1, 2: .leadInElapsed
        case 3, 4, 5: .phaseElapsed
        case 6: .pauseRequested(at: position)
        case 7: .resumeRequested
        case 8: .skipRequested
        case 9:
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1: .stopRequested(at: position)
            case 2: .helpRequested
            case 3: .timeLeftRequested(at: position)
            case 4: .repeatRequested
            case 5: .unknownKeyPressed
            case 6: .speechRateChanged(Bool.random(using: &generator) ? 200 : nil)
            default: .toneVolumeChanged(Bool.random(using: &generator) ? 60 : nil)
            }
        case 10: .interrupted(Bool.random(using: &generator) ? .suspended : .hangup, at: position)
        case 11: Bool.random(using: &generator) ? .continued : .audioLost(at: position)
        default: .closingElapsed
        }
    }

    @Test(arguments: 0..<40)
    func invariantsHoldOverRandomSequences(seed: Int) throws {
        let plans = [
            smallPlan,
            try SessionPlan.make(
                pattern: BreathingPattern.builtIn(named: "sigh")!, length: .cycles(3), sampleRate: 1000, leadInTenths: 0
            ).get(),
            try SessionPlan.make(
                pattern: BreathingPattern.builtIn(named: "box")!, ramps: [Ramp(kind: .exhale, targetTenths: 80)],
                length: .cycles(4), sampleRate: 1000
            ).get(),
        ]
        var generator = SplitMix(state: UInt64(seed))
        for _ in 0..<100 {
            let plan = plans[Int.random(in: 0..<plans.count, using: &generator)]
            let machine = SessionMachine(plan: plan)
            var state = SessionState.idle
            var position: Int64 = 0
            var highestCycle = 0
            var saves = 0
            var started = false
            var lastPaused: PausedSession?
            for _ in 0..<60 {
                // The position follows the timers' deadlines as a runner's clock would.
                let event = Self.randomEvent(&generator, position: position)
                let previous = state
                let transition = machine.transition(state, event)
                if !transition.isValid {
                    #expect(transition.effects.isEmpty, "invalid pair emitted effects")
                    #expect(transition.state == previous)
                    continue
                }
                state = transition.state
                for effect in transition.effects {
                    switch effect {
                    case .save: saves += 1
                    case .startTimer(let deadline, _): position = max(position, deadline - 1)
                    case .seek(let target): position = target
                    default: break
                    }
                }
                if case .preparing = state { started = true }
                if case .active = state { started = true }
                // The cycle count never goes down.
                if let cycle = state.cycle {
                    #expect(cycle >= highestCycle)
                    highestCycle = cycle
                }
                // Completed is reached only through completing.
                if case .completed = state {
                    switch previous {
                    case .completing, .completed: break
                    default: Issue.record("completed reached from \(previous)")
                    }
                }
                // A paused state resumes into the phase it left.
                if case .paused(let paused) = state { lastPaused = paused }
                if case .paused(let paused) = previous, case .resumeRequested = event {
                    switch (paused.resume, state) {
                    case (.phase(let cycle, let index), .active(let activeCycle, let activeIndex)):
                        #expect(cycle == activeCycle && index == activeIndex)
                    case (.leadIn, .preparing): break
                    default: Issue.record("resumed from \(paused) into \(state)")
                    }
                    #expect(paused == lastPaused)
                }
            }
            // Exactly one save per session that started and ended; never more than one.
            #expect(saves <= 1)
            if started, case .completed = state { #expect(saves == 1) }
            if case .completing = state { #expect(saves == 1) }
            if !started { #expect(saves == 0) }
        }
    }

    @Test func aSessionLeftToItsTimersCompletesWithEveryCycle() {
        let machine = SessionMachine(plan: smallPlan)
        var state = SessionState.idle
        var timer: TimerEvent? = nil
        var transition = machine.transition(state, .startRequested)
        var lines: [MessageKey] = []
        while true {
            state = transition.state
            for effect in transition.effects {
                if case .startTimer(_, let event) = effect { timer = event }
                if case .announce(let announcement) = effect { lines.append(announcement.line.key) }
            }
            if case .completed(let summary) = state {
                #expect(
                    summary == SessionSummary(status: .completed, cyclesCompleted: 2, cyclesPlanned: 2, position: 7000))
                break
            }
            transition = machine.transition(state, timer!.event)
        }
        #expect(
            lines == [
                .lineIntro, .lineLeadIn, .linePhaseCycle, .linePhase, .linePhaseCycle, .linePhase, .lineCompleted,
            ])
    }
}

import BreatheCore

/// Runs a session with no sound: the state machine on a monotonic clock, each event at its absolute deadline.
///
/// The timeline position is the session clock. It advances with real time while playing, stands still while paused,
/// and jumps on a skip. Deadlines are computed from one anchor (the last resume or skip), never by adding steps.
package struct TextSessionRunner<Timebase: SessionTimebase> {
    package var machine: SessionMachine { driver.machine }
    package var timebase: Timebase
    package var presenters: [any SessionPresenter]
    /// Called after each input has been applied: the live controls stop the process on Ctrl-Z here.
    package var afterInput: (SessionInput) -> Void = { _ in }
    /// Events that did not apply to the state they arrived in.
    package var ignoredEvents: Int { driver.ignoredEvents }
    /// Count the seconds inside each phase (`--count`): each number is printed, as it would be said, on its second.
    package var counting = false
    /// The counts of the phase under way still to come, in order.
    private var counts: [(position: Int64, number: Int)] = []

    /// The machine and its state.
    private var driver: SessionDriver
    private var state: SessionState { driver.state }
    private var timer: (deadline: Int64, event: TimerEvent)?
    private var anchorNanos: UInt64 = 0
    private var anchorPosition: Int64 = 0
    private var playing = true
    private var stopSignal: SignalInput?
    /// The next display refresh, when a presenter wants them.
    private var nextRefresh: UInt64?

    package init(machine: SessionMachine, timebase: Timebase, presenters: [any SessionPresenter]) {
        driver = SessionDriver(machine: machine)
        self.timebase = timebase
        self.presenters = presenters
    }

    /// Plays the session to its end and returns how it ended.
    package mutating func run() -> SessionOutcome {
        anchorNanos = timebase.now()
        let refreshInterval = presenters.compactMap(\.refreshInterval).min()
        apply(.startRequested)
        while true {
            if case .completed(let summary) = state {
                return SessionOutcome(summary: summary, signal: stopSignal, ignoredEvents: ignoredEvents)
            }
            let timerDeadline = timer.map { playing ? nanos(at: $0.deadline) : nil } ?? nil
            // Refreshes only while the timeline moves: a paused session waits without waking.
            if let refreshInterval, playing {
                nextRefresh = nextRefresh ?? timebase.now() + refreshInterval
            } else {
                nextRefresh = nil
            }
            let countDeadline = playing ? counts.first.map { nanos(at: $0.position) } : nil
            let deadline = [timerDeadline, nextRefresh, countDeadline].compactMap { $0 }.min()
            guard let input = timebase.wait(until: deadline) else {
                let now = timebase.now()
                if let count = counts.first, let countDeadline, now >= countDeadline {
                    counts.removeFirst()
                    for index in presenters.indices {
                        presenters[index].present(.count(count.number), state: state, position: count.position)
                        presenters[index].endTransition(state: state, position: count.position)
                    }
                } else if let timer, let timerDeadline, now >= timerDeadline {
                    advancePosition(to: timer.deadline)
                    apply(timer.event.event)
                } else if let refreshInterval, let due = nextRefresh, now >= due {
                    // The next tick after now, on the same grid: a late wake-up never causes a burst of redraws.
                    nextRefresh = due + ((now - due) / refreshInterval + 1) * refreshInterval
                    refreshPresenters(resized: false)
                }
                continue
            }
            handle(input)
            afterInput(input)
        }
    }

    private mutating func refreshPresenters(resized: Bool) {
        let at = position
        for index in presenters.indices {
            presenters[index].refresh(state: state, position: at, resized: resized)
        }
    }

    /// The timeline position now.
    private var position: Int64 {
        guard playing else { return anchorPosition }
        let elapsed = timebase.now() &- anchorNanos
        return anchorPosition + Int64(elapsed) * Int64(machine.plan.sampleRate) / 1_000_000_000
    }

    private func nanos(at position: Int64) -> UInt64 {
        let samples = max(0, position - anchorPosition)
        let rate = Int64(machine.plan.sampleRate)
        return anchorNanos + UInt64((samples * 1_000_000_000 + rate - 1) / rate)
    }

    /// A timer fired: the position is exactly its deadline, whatever the wake-up jitter.
    private mutating func advancePosition(to deadline: Int64) {
        anchorNanos = nanos(at: deadline)
        anchorPosition = deadline
    }

    private mutating func handle(_ input: SessionInput) {
        let (events, signal) = input.events(in: state, at: position)
        if let signal { stopSignal = signal }
        for event in events { apply(event) }
        if input == .signal(.resize) { refreshPresenters(resized: true) }
    }

    private mutating func apply(_ event: SessionEvent) {
        guard let effects = driver.apply(event) else { return }
        let at = position
        for effect in effects {
            switch effect {
            case .startTimer(let deadline, let event):
                // Without a voice there are no closing words to wait for: end as soon as the summary is printed.
                timer = (event == .closingElapsed ? min(deadline, at) : deadline, event)
            case .cancelTimer: timer = nil
            case .seek(let target):
                anchorPosition = target
                anchorNanos = timebase.now()
                counts.removeAll()
            case .markPause:
                anchorPosition = at
                playing = false
            case .markResume:
                anchorNanos = timebase.now()
                playing = true
            case .enterSegment(.phase(let cycle, let index)) where counting:
                let segment = Segment.phase(cycle: cycle, index: index)
                let start = machine.plan.start(of: segment)
                counts = CountSchedule.counts(
                    phaseSamples: machine.plan.end(of: segment) - start, sampleRate: machine.plan.sampleRate,
                    nameSamples: 0, countSamples: { _ in 0 }
                ).map { (start + $0.offset, $0.number) }
            case .enterSegment, .announce, .playTone, .save, .finish, .count:
                break
            }
            for index in presenters.indices {
                presenters[index].present(effect, state: state, position: position)
            }
        }
        let end = position
        for index in presenters.indices {
            presenters[index].endTransition(state: state, position: end)
        }
    }
}

/// How a session run ended.
package struct SessionOutcome: Hashable, Sendable {
    package var summary: SessionSummary
    /// The signal that ended it, if one did.
    package var signal: SignalInput?
    /// Events that arrived where they did not apply.
    package var ignoredEvents: Int
    /// The session was heard through the sound server (not a file, not text only), so sentences said after it
    /// (the badges it earned) go there too.
    package var playedOnServer = false
}

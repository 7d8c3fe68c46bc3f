import BreatheCore
import BreatheSystem

/// Runs a session: the one loop for text, files and the sound server. It owns the state machine and its timer, what
/// waits to be heard, the inputs and the presenters; its pacer decides when the next step happens and where the sound
/// goes (`TextPacer`, `RenderPacer`, `LivePacer`), and its clock tells the time and sleeps.
///
/// Each step: take what the phrase worker finished; sleep until the pacer's next moment (or an input: a key, a signal);
/// apply the input, or the timer once it is due, or move the timeline on (render and write); then hand the presenters
/// what is now heard, send speech-dispatcher what it should say now, and refresh the display.
///
/// The clips an event schedules (tone, phrase, counts) start on the event's sample; each effect reaches the presenters
/// when its sample is about to be heard (`PresenterHandOff`, with `HeardEstimate` measuring each cue for
/// `--timing-report`). Pausing stops the timeline; what is said meanwhile plays aside, off it (`PauseMixer`).
struct SessionLoop<Pacer: SessionPacer, Clock: SessionClock> {
    /// What a session is set to do, besides its sound.
    package struct Options {
        /// Count the seconds inside each phase (said, or only printed without a voice of ours).
        var counting = false
        /// A lost server pauses (true) or ends the run with the error (false).
        package var interactive = false
        /// Screen-reader mode, read: each phase's line is handed to the presenters as its tone ends (where our word
        /// would start), so the screen reader says it right after the tone, never under it.
        var linesFollowTone = false
    }

    /// Where the loop stands: the timeline moves or not, the signal that stopped it, the display's next refresh.
    struct Progress {
        package var playing = true
        var stopSignal: SignalInput?
        /// When the display next wants a refresh, on the clock.
        var nextRefresh: UInt64?
    }

    var pacer: Pacer
    var clock: Clock
    var inputs: SessionInputs
    var presenters: [any SessionPresenter]
    var sound: SessionSound
    /// speech-dispatcher, when it says the phrases instead of eSpeak NG.
    var speaker: DispatcherQueue?
    var options: Options
    /// Called after each input has been applied, for what the process must do outside the machine (Ctrl-Z, `fg`).
    var afterInput: (SessionInput) -> Void = { _ in }
    private(set) var driver: SessionDriver
    private var timer: (deadline: Int64, event: TimerEvent)?
    /// Effects and counts waiting for their sample to be heard, and the timing report's view of the sink.
    var handOff: PresenterHandOff
    private(set) var progress = Progress()

    package init(
        machine: SessionMachine, pacer: Pacer, clock: Clock, presenters: [any SessionPresenter],
        sound: SessionSound, speaker: DispatcherQueue? = nil, inputs: SessionInputs = SessionInputs(),
        options: Options = Options()
    ) {
        driver = SessionDriver(machine: machine)
        handOff = PresenterHandOff(sampleRate: machine.plan.sampleRate)
        self.pacer = pacer
        self.clock = clock
        self.presenters = presenters
        self.sound = sound
        self.speaker = speaker
        self.inputs = inputs
        self.options = options
    }

    var machine: SessionMachine { driver.machine }
    /// Events that did not apply to the state they arrived in.
    var ignoredEvents: Int { driver.ignoredEvents }
    var state: SessionState { driver.state }
    package var sampleRate: Int { machine.plan.sampleRate }

    /// Plays the session to its end. Fails only when the sound server goes away in a non-interactive run.
    package mutating func run() -> Result<SessionOutcome, BreatheError> {
        // A live sink's connection is serviced while the loop waits for keys: one sleep for both.
        if let waiter = pacer.waiter { inputs.waiter = waiter }
        pacer.observe(now: clock.now())
        apply(.startRequested)
        releaseHeard()
        while true {
            if case .completed(let summary) = state {
                releaseAll()
                if progress.stopSignal != nil { cancelDispatched() }
                do { try pacer.finish(stopped: progress.stopSignal != nil) } catch {
                    // The closing words were cut off; the session itself is over and recorded.
                    if !options.interactive { return .failure(error) }
                }
                var outcome = SessionOutcome(
                    summary: summary, signal: progress.stopSignal, ignoredEvents: ignoredEvents)
                outcome.outputLost = !pacer.isUp
                return .success(outcome)
            }
            if let failure = step() { return .failure(failure) }
        }
    }

    /// One step: sleep until something is due, then an input, the timer, or the timeline moved on.
    private mutating func step() -> BreatheError? {
        collectPhrases()
        let input = clock.wait(until: wakeUp(), for: &inputs)
        pacer.observe(now: clock.now())
        if let input {
            if progress.playing && changesTimeline(input) && !input.endsSession {
                pacer.rewind(&sound)
            } else if !progress.playing && pacer.isUp,
                input.events(in: state, at: pacer.position).events.contains(.resumeRequested)
            {
                // The rest of a phrase said aside (seconds of it may be queued) does not delay the session.
                pacer.flush()
            }
            handle(input)
            afterInput(input)
            releaseHeard()
            return nil
        }
        if progress.playing {
            do throws(BreatheError) {
                try pacer.check(now: clock.now())
                if leavesALateServer {
                    throw BreatheError.unavailable(
                        Message(.errorAudioLost, ["detail": .message(LivePulseSink.silence)]))
                }
                if let timer, pacer.isDue(timer.deadline) {
                    self.timer = nil
                    pacer.arrive(at: timer.deadline)
                    apply(timer.event.event)
                    releaseHeard()
                    return nil
                }
                // Short blocks while a line or a phrase for speech-dispatcher waits for its sample.
                let waiting = handOff.nextEntryPosition != nil || speaker?.nextPosition != nil
                try pacer.advance(toward: timer?.deadline, sound: &sound, eager: waiting)
            } catch {
                return lose(error)
            }
            releaseHeard()
            sendHeardUtterances()
            refreshIfDue()
            refreshChanged()
        } else if pacer.isUp && sound.pause.hasMore {
            do { try pacer.playAside(&sound.pause) } catch {
                return lose(error)
            }
        }
        return nil
    }

    /// At a terminal, with only the closing words left (q, or the end), a late server is not waited for: the session
    /// is over and recorded; the server's silence would only hold the way out.
    private var leavesALateServer: Bool {
        guard options.interactive, case .completing = state else { return false }
        return pacer.isLate
    }

    /// When the loop wakes next, on the clock (nil: only for an input).
    private mutating func wakeUp() -> UInt64? {
        let now = clock.now()
        var deadline: UInt64?
        // A q that comes when the server is already late: at once (the server's own look is its silence, seconds on).
        if progress.playing && leavesALateServer { return now }
        if progress.playing {
            let waiting = [
                handOff.nextEntryPosition, handOff.nextCountPosition, speaker?.nextPosition, nextPresenterChange,
            ].compactMap { $0 }
            deadline = pacer.wakeUp(timer: timer?.deadline, nextHeard: waiting.min(), now: now)
            if presenters.contains(where: { $0.refreshInterval != nil }) {
                deadline = min(deadline ?? UInt64.max, progress.nextRefresh ?? now)
            }
        } else if pacer.isUp && sound.pause.hasMore {
            deadline = pacer.asideWakeUp(now: now)
        }
        // A phrase under way on the worker is looked for every 10 ms, so it is said when ready.
        if sound.isPreparing { deadline = min(deadline ?? UInt64.max, now + 10_000_000) }
        return deadline
    }

    /// Whether `input` changes what is heard next (a rewind makes it heard now); a resize or an ignored key does not.
    private func changesTimeline(_ input: SessionInput) -> Bool {
        switch input {
        case .faster, .slower, .louderTones, .softerTones: return true
        default: return !input.events(in: state, at: pacer.position).events.isEmpty
        }
    }

    /// The sound server went away: pause (interactive) or give up with the error.
    private mutating func lose(_ error: BreatheError) -> BreatheError? {
        // Where the listener was, by the last believable report and the clock since, for the record of a session cut
        // short (the presenters are otherwise told only at each effect).
        if progress.playing { refreshPresenters(resized: false) }
        pacer.lose(pausing: options.interactive)
        guard options.interactive else { return error }
        apply(.audioLost(at: pacer.position))
        return nil
    }

    private mutating func handle(_ input: SessionInput) {
        if adjust(input) { return }
        if input == .signal(.resize) || input == .displayChanged {
            refreshPresenters(resized: input == .signal(.resize))
        }
        if input == .displayLost { tell(Message(.lineBrailleLost)) }
        let (events, signal) = input.events(in: state, at: pacer.position)
        if let signal {
            progress.stopSignal = signal
            for index in presenters.indices { presenters[index].stopSignalled() }
        }
        for event in events {
            if event == .resumeRequested, !pacer.isUp {
                do { try pacer.reconnect() } catch {
                    apply(.audioLost(at: pacer.position))
                    continue
                }
            }
            apply(event)
        }
    }

    /// `+`/`-` and `[`/`]` with sound: the new rate or level for the rest of the session, then its sentence.
    /// Returns false when there is nothing to change (speech or tones off), so the input maps as in a silent session.
    private mutating func adjust(_ input: SessionInput) -> Bool {
        switch input {
        case .faster, .slower:
            guard let rate = sound.changeRate(faster: input == .faster, speaksElsewhere: speaker != nil) else {
                return false
            }
            speaker?.connection.setRate(wordsPerMinute: rate)
            apply(.speechRateChanged(rate))
            return true
        case .louderTones, .softerTones:
            guard let level = sound.changeToneVolume(louder: input == .louderTones) else { return false }
            apply(.toneVolumeChanged(level))
            return true
        case .togglePause, .pause, .resume, .skip, .quit, .help, .timeLeft, .repeatInstruction, .unknownKey, .signal,
            .displayChanged, .displayLost:
            return false
        }
    }

    /// Takes what the worker finished: a phrase is said now (after any word under way).
    private mutating func collectPhrases() {
        for clip in sound.collect() {
            if progress.playing {
                // Said now, not after what is queued ahead.
                pacer.rewind(&sound)
                let start = max(
                    pacer.position, sound.speechBusyUntil + CueLayout.gapSamples(sampleRate: sampleRate))
                sound.say(clip, at: start)
            } else if pacer.isUp {
                sound.pause.schedule(clip)
            }
        }
    }

    private mutating func apply(_ event: SessionEvent) {
        guard let effects = driver.apply(event) else { return }
        // Where this transition's phase word goes (after its tone, see CueLayout), and whose counts follow it.
        var cueWord: CueWord = .none
        var countedPhase: Segment?
        var entered: Segment?
        sound.forgetWords(endingBy: pacer.position)
        for effect in effects {
            let position = pacer.position
            switch effect {
            case .startTimer(let deadline, let event):
                // Without sound there are no closing words to wait for: the session ends once its summary is printed.
                let ends = event == .closingElapsed && !pacer.waitsForClosingWords
                timer = (ends ? min(deadline, position) : deadline, event)
            case .cancelTimer: timer = nil
            case .seek(let target):
                sound.seek(from: position, to: target)
                cancelDispatched()
                handOff.dropCounts()
                pacer.jump(to: target, now: clock.now())
                handOff.timing.forgetOrigin()
            case .markPause:
                cancelDispatched()
                progress.playing = false
                handOff.timing.forgetOrigin()
                releaseAll()
                pacer.pause()
                sound.beginPause(at: pacer.position)
            case .markResume:
                progress.playing = true
                pacer.resume(now: clock.now())
                sound.endPause(at: pacer.position)
            case .playTone(let kind):
                cueWord = placeCue(kind, entered: entered)
            case .announce(let announcement):
                say(announcement, cueWord: cueWord, entered: entered)
                if options.linesFollowTone, let start = cueWord.position {
                    handOff.append(effect, at: start, state: state)
                    cueWord = .none
                    continue
                }
                cueWord = .none
            case .enterSegment(let segment):
                entered = segment
                if options.counting, case .phase = segment { countedPhase = segment }
            case .save, .finish, .count:
                break
            }
            handOff.append(effect, at: pacer.position, state: state)
            if !progress.playing { releaseAll() }
        }
        handOff.endTransition(at: pacer.position, state: state)
        if !progress.playing { releaseAll() }
        if let countedPhase { scheduleCounts(of: countedPhase) }
    }

    /// Hands over the effects whose sample is about to be heard: within `releaseAhead` of what is heard now.
    private mutating func releaseHeard() {
        guard !handOff.isEmpty else { return }
        let heard = pacer.heard()
        pacer.report(to: &handOff.timing, now: clock.now())
        handOff.release(through: heard + pacer.releaseAhead, to: &presenters)
    }

    private mutating func releaseAll() {
        // Counts still ahead on the timeline wait for it to move again (after a pause).
        handOff.releaseAll(countsThrough: pacer.position, to: &presenters)
    }

    /// Redraws presenters that asked for a periodic refresh (the visual status line), at the position being heard.
    private mutating func refreshIfDue() {
        guard let interval = presenters.compactMap(\.refreshInterval).min() else { return }
        let now = clock.now()
        let due = progress.nextRefresh ?? now
        guard now >= due else { return }
        // The next tick after now, on the same grid: a late wake-up never causes a burst of redraws.
        progress.nextRefresh = due + ((now - due) / interval + 1) * interval
        refreshPresenters(resized: false)
    }

    /// The first position where a presenter's display changes by itself (the braille display's seconds).
    private var nextPresenterChange: Int64? { presenters.compactMap(\.nextChange).min() }

    /// Refreshes the presenters whose change is about to be heard (as effects are: `releaseAhead`), at that position.
    private mutating func refreshChanged() {
        guard let next = nextPresenterChange else { return }
        let heard = max(0, pacer.heard())
        guard next <= heard + pacer.releaseAhead else { return }
        for index in presenters.indices {
            guard let change = presenters[index].nextChange, change <= heard + pacer.releaseAhead else { continue }
            presenters[index].refresh(state: state, position: max(heard, change), resized: false)
        }
    }

    private mutating func refreshPresenters(resized: Bool) {
        let heard = max(0, pacer.heard())
        for index in presenters.indices {
            presenters[index].refresh(state: state, position: heard, resized: resized)
        }
    }
}

/// How a session run ended.
package struct SessionOutcome: Hashable, Sendable {
    package var summary: SessionSummary
    /// The signal that ended it, if one did.
    var signal: SignalInput?
    /// Events that arrived where they did not apply.
    var ignoredEvents: Int
    /// The session was heard through the sound server (not a file, not text only), so sentences said after it
    /// (the badges it earned) go there too.
    var playedOnServer = false
    /// The sound server went away (or stopped answering) and was not reached again: nothing more is said through it.
    var outputLost = false
}

import BreatheCore

/// Runs a session with sound: the state machine driven in "render time", on the sample clock of the audio it plays.
///
/// The runner renders the timeline, [position, position + n), and never past the next timer deadline, so a timer's
/// event fires at exactly the deadline sample and the clips it schedules (tone, phrase, counts) start on that sample.
/// Each effect reaches the presenters when its sample is about to be heard: the sink's reported latency is subtracted
/// from what has been written.
///
/// A file sink renders block by block as fast as it can (a WAV renders faster than real time, byte for byte the same
/// whatever the machine). A live sink is fed far ahead, as much as it asks for (seconds): the runner renders up to the
/// next deadline, applies the deadline's event only once the deadline is about to be heard (`liveMargin`), then renders
/// the next phase ahead in one go. In between it sleeps in `inputs.next`, which also services the sound server, until
/// the next effect is heard, the next deadline nears, the display wants a refresh or the server wants more.
///
/// Inputs (keys, signals) are mapped exactly as in `TextSessionRunner`. On a live sink, an input that changes anything
/// first flushes what is queued and rewinds the render position to the heard one (never behind the latest transition,
/// which rendering only crosses when it is about to be heard), so the key is heard at once and what it schedules "now"
/// plays now. The mixer keeps its clips until they are heard, so the stretch flushed is rendered again the same.
/// Pausing stops feeding the sink; the timeline stands still at the heard position, and resuming continues from there.
/// The "paused" phrase plays aside, off the timeline.
///
/// Its parts: `SessionDriver` moves the machine (as for `TextSessionRunner`); `PresenterHandOff` keeps what was
/// rendered but not yet heard and hands it to the presenters when it is, with `HeardTiming` measuring each cue for
/// `--timing-report` on `clock` (monotonic by default, virtual in tests); the runner itself paces the sink and mixes.
package struct AudioSessionRunner<Sink: AudioSink> {
    package var machine: SessionMachine { driver.machine }
    package var sink: Sink
    package var presenters: [any SessionPresenter]
    /// The prepared speech (empty: speech off, or speech through `dispatcher`); prepared again when `+` or `-` changes
    /// the rate.
    package private(set) var phrases: PhraseBook
    /// speech-dispatcher, when it says the phrases instead of eSpeak NG: each phrase is sent when its sample is heard
    /// on our stream (which keeps the clock, with tones or in silence), and pause, skip and stop cancel what it says.
    package var dispatcher: (any SpeechDispatcherConnection)?
    /// The cue tone per phase (none: tones off), each made when first cued; made again when `[` or `]` changes the level.
    package private(set) var tones: ToneClips
    /// Says what cannot be prepared (a phrase with a number known only then) and prepares the book again after a rate
    /// change, off the audio path; nil: such phrases are only printed, and `+`/`-` say nothing is spoken.
    package var worker: PhraseWorker?
    /// The voice's settings now (the rate changes with `+` and `-`); nil with speech off.
    package var speechSettings: SpeechSettings?
    /// Rebuilds of the phrase book asked for; only the latest one is taken.
    private var bookGeneration = 0
    /// Speak the seconds inside each phase.
    package let counting: Bool
    package var inputs: SessionInputPoller
    /// A lost server pauses (true) or ends the run with the error (false).
    package let interactive: Bool
    /// Samples per block: 5 ms, while an effect waits for its sample to be heard (a file); on a live sink, how early
    /// an effect may be released before its sample is heard.
    package let blockSamples: Int
    /// Samples per block while nothing waits to be released: 20 ms, a quarter of the wake-ups. Cue onsets do not
    /// depend on it (a timer splits the block at its deadline), and a key is still read within one block.
    package let idleBlockSamples: Int
    /// Events that did not apply to the state they arrived in.
    package var ignoredEvents: Int { driver.ignoredEvents }
    /// Called after each input has been applied, for what the process must do outside the machine (Ctrl-Z, `fg`).
    package var afterInput: (SessionInput) -> Void = { _ in }
    /// A live sink: how long before its deadline is heard a timer's event is applied (and the next phase rendered).
    /// Enough for a late wake-up, so the buffer never runs dry; a key pressed in this window takes effect at the
    /// deadline, not at once.
    package var liveMargin: Int64 = Int64(AudioFormat.sampleRate) * 3 / 10
    /// The longest a live runner sleeps without looking at the sink (ms).
    private static var longestWait: Int64 { 1000 }
    /// Where the latest timer's transition (or a skip) was applied: a rewind never goes behind it.
    private var lastApplied: Int64 = 0
    /// The heard position at the latest look (a live sink), for a server that goes away.
    private var lastHeard: Int64 = 0
    /// When the display next wants a refresh, on `clock`.
    private var nextRefresh: UInt64?
    /// Nanoseconds on a monotonic clock: when the sink's reports were made (`--timing-report`) and when the display
    /// wants a refresh. The monotonic clock by default; tests give virtual time.
    package var clock: () -> UInt64

    /// The machine and its state.
    private var driver: SessionDriver
    private var state: SessionState { driver.state }
    private var timer: (deadline: Int64, event: TimerEvent)?
    /// The timeline position rendered (and written) so far.
    package private(set) var position: Int64 = 0
    private var mixer = TimelineMixer()
    /// The spoken clips on the timeline that have not ended, as [start, end): a cue tone never starts under one.
    private var speechSpans: [(start: Int64, end: Int64)] = []
    /// Phrases waiting for their sample to be heard before they go to `dispatcher`: a phase's word is urgent (said at
    /// once, over other speech, after cancelling what is left of ours) and is dropped unheard once its phase is over.
    private var utterances: [Utterance] = []
    /// Screen-reader mode, read: each phase's line is handed to the presenters as its tone ends (where our word would
    /// start), so the screen reader says it right after the tone, never under it.
    package var linesFollowTone = false
    /// Screen-reader mode through speech-dispatcher: a phase's word is said at once, over other speech (a screen
    /// reader's), after cancelling what is left of ours. Otherwise (a reminder, `--speech-via speechd` alone) it
    /// queues at the session's priority.
    package var cuesInterrupt = false
    private var asides = TimelineMixer()
    private var asidePosition: Int64 = 0
    private var playing = true
    private var audioDown = false
    private var stopSignal: SignalInput?
    /// Effects and counts waiting for their sample to be heard, and the timing report's view of the sink.
    private var handOff: PresenterHandOff

    package init(
        machine: SessionMachine, sink: Sink, presenters: [any SessionPresenter], phrases: PhraseBook,
        tones: ToneClips, counting: Bool, inputs: SessionInputPoller = SessionInputPoller(),
        interactive: Bool, blockSamples: Int = AudioFormat.sampleRate / 200,
        dispatcher: (any SpeechDispatcherConnection)? = nil,
        clock: @escaping () -> UInt64 = MonotonicTimebase.nanoseconds
    ) {
        self.dispatcher = dispatcher
        driver = SessionDriver(machine: machine)
        handOff = PresenterHandOff(sampleRate: machine.plan.sampleRate)
        self.clock = clock
        self.sink = sink
        self.presenters = presenters
        self.phrases = phrases
        self.tones = tones
        self.counting = counting
        self.inputs = inputs
        self.interactive = interactive
        self.blockSamples = max(1, blockSamples)
        idleBlockSamples = 4 * self.blockSamples
    }

    /// Plays the session to its end. Fails only when the sound server goes away in a non-interactive run.
    package mutating func run() -> Result<SessionOutcome, BreatheError> {
        // A live sink's connection is serviced while the runner waits for keys: one sleep for both.
        if let waiter = sink.waiter { inputs.waiter = waiter }
        apply(.startRequested)
        while true {
            if case .completed(let summary) = state {
                releaseAll()
                if stopSignal != nil {
                    sink.flush()
                    cancelDispatched()
                }
                if !audioDown {
                    do { try sink.finish() } catch {
                        // The closing words were cut off; the session itself is over and recorded.
                        if !interactive { return .failure(error) }
                    }
                }
                return .success(SessionOutcome(summary: summary, signal: stopSignal, ignoredEvents: ignoredEvents))
            }
            if let failure = sink.isFile ? stepRenderingAtOnce() : stepLive() { return .failure(failure) }
        }
    }

    /// One step for a file: inputs without waiting, then the next block (a timer splits it at its deadline).
    private mutating func stepRenderingAtOnce() -> BreatheError? {
        let asidePlaying = !playing && asides.pendingCount > 0 && !audioDown
        collectPhrases()
        // While paused, a phrase under way on the worker is looked for every 10 ms, so it is said when ready.
        let wait: Int32 = playing || asidePlaying ? 0 : (worker?.isBusy == true ? 10 : -1)
        if let input = inputs.next(timeoutMilliseconds: wait) {
            handle(input)
            afterInput(input)
            return nil
        }
        if playing {
            if let timer, timer.deadline <= position {
                self.timer = nil
                apply(timer.event.event)
                return nil
            }
            let size = handOff.nextEntryPosition != nil ? blockSamples : idleBlockSamples
            let end = min(position + Int64(size), timer?.deadline ?? Int64.max)
            let block = mixer.render(from: position, count: Int(end - position))
            mixer.forget(endingBefore: end)
            do { try sink.write(block) } catch {
                return lose(error)
            }
            position = end
            releaseHeard()
            sendHeardUtterances()
            refreshIfDue()
        } else if asidePlaying {
            let block = asides.render(from: asidePosition, count: blockSamples)
            asidePosition += Int64(blockSamples)
            asides.forget(endingBefore: asidePosition)
            do { try sink.write(block) } catch {
                return lose(error)
            }
        }
        return nil
    }

    /// One step for a live sink: sleep until something is due, then feed the sink as far as it asks, up to the next
    /// deadline; apply that deadline's event once it is about to be heard.
    private mutating func stepLive() -> BreatheError? {
        let asidePlaying = !playing && !audioDown && (asides.lastEnd ?? 0) > asidePosition
        collectPhrases()
        let wait: Int32
        if playing {
            // With the server gone (a stop from the pause it caused), the next check says so at once.
            wait = audioDown ? 0 : liveTimeout()
        } else if asidePlaying {
            wait = sink.writableSamples() > 0 ? 0 : Int32(Self.longestWait)
        } else {
            wait = worker?.isBusy == true ? 10 : -1
        }
        if let input = inputs.next(timeoutMilliseconds: wait) {
            if playing && !audioDown && changesTimeline(input) {
                rewindToHeard()
            } else if !playing && !audioDown, input.events(in: state, at: position).events.contains(.resumeRequested) {
                // The rest of a phrase said aside (seconds of it are queued) does not delay the session.
                sink.flush()
            }
            handle(input)
            afterInput(input)
            return nil
        }
        if playing {
            do { try sink.checkConnection() } catch {
                return lose(error)
            }
            let heard = position - sink.latencySamples()
            lastHeard = heard
            if let timer, timer.deadline <= position, timer.deadline - heard <= applyMargin() {
                self.timer = nil
                lastApplied = position
                apply(timer.event.event)
                return nil
            }
            let limit = timer?.deadline ?? Int64.max
            // A quarter of a second at most per write: the first sound (and the first after a flush) is on its way
            // while the rest of the queue is mixed, and the loop comes straight back while the sink wants more.
            let writable = min(Int64(sink.writableSamples()), Int64(machine.plan.sampleRate) / 4)
            if position < limit && writable > 0 {
                let end = min(limit, position + writable)
                let block = mixer.render(from: position, count: Int(end - position))
                do { try sink.write(block) } catch {
                    return lose(error)
                }
                position = end
            }
            // Kept a little behind what is heard: a later timing report may put the heard position slightly back.
            mixer.forget(endingBefore: heard - Int64(machine.plan.sampleRate) / 2)
            releaseHeard()
            sendHeardUtterances()
            refreshIfDue()
        } else if asidePlaying {
            let end = min(asides.lastEnd ?? asidePosition, asidePosition + Int64(sink.writableSamples()))
            if end > asidePosition {
                let block = asides.render(from: asidePosition, count: Int(end - asidePosition))
                asidePosition = end
                asides.forget(endingBefore: asidePosition)
                do { try sink.write(block) } catch {
                    return lose(error)
                }
            }
        }
        return nil
    }

    /// How long before a deadline is heard its event is applied: `liveMargin` of what a key could still flush, on top
    /// of what the device holds. Were the device's latency counted against the margin, a device holding more than the
    /// margin (a Bluetooth headset, a network sink) would have the queue run dry before every deadline.
    private mutating func applyMargin() -> Int64 { liveMargin + sink.deviceLatencySamples() }

    /// How long a live runner may sleep (ms): until the sink wants more that can be rendered, the next effect or count
    /// is heard, the next deadline is within `liveMargin` of being heard, or the display wants a refresh.
    private mutating func liveTimeout() -> Int32 {
        let rate = Int64(machine.plan.sampleRate)
        let heard = position - sink.latencySamples()
        let early = Int64(blockSamples)
        var until = Int64.max // samples after the heard one
        if let timer, timer.deadline <= position {
            until = timer.deadline - applyMargin() - heard
        } else if sink.writableSamples() > 0 {
            return 0
        }
        if let next = handOff.nextEntryPosition { until = min(until, next - early - heard) }
        if let next = handOff.nextCountPosition { until = min(until, next - early - heard) }
        if dispatcher != nil, let first = utterances.first { until = min(until, first.position - early - heard) }
        var milliseconds = until == Int64.max ? Self.longestWait : until <= 0 ? 0 : (until * 1000 + rate - 1) / rate
        if presenters.contains(where: { $0.refreshInterval != nil }) {
            let now = clock()
            let due = nextRefresh ?? 0
            milliseconds = min(milliseconds, due <= now ? 0 : Int64((due - now + 999_999) / 1_000_000))
        }
        // A phrase under way on the worker is looked for every 10 ms, so it is said when ready.
        if worker?.isBusy == true { milliseconds = min(milliseconds, 10) }
        return Int32(min(milliseconds, Self.longestWait))
    }

    /// Whether `input` changes what is heard next (a rewind makes it heard now); a resize or an ignored key does not.
    private func changesTimeline(_ input: SessionInput) -> Bool {
        switch input {
        case .faster, .slower, .louderTones, .softerTones: return true
        default: return !input.events(in: state, at: position).events.isEmpty
        }
    }

    /// A live sink: drops what is queued beyond the heard position and renders from there again, so what comes next
    /// is heard now. What the flush could not take back (the device's own short buffer, the latency reported right
    /// after it) plays on, so rendering resumes just after it and the timeline stays continuous. Never behind the
    /// latest timer's transition (its state is the machine's): the stretch up to it is written again as it was.
    /// Effects, counts and phrases waiting to be heard keep their positions; the mixer still has every clip not heard.
    private mutating func rewindToHeard() {
        let heard = max(0, position - sink.latencySamples())
        guard max(heard, lastApplied) < position else { return }
        sink.flush()
        let resume = min(position, heard + sink.latencySamples())
        let target = max(resume, lastApplied)
        if target > resume {
            // A failure shows at the next check.
            try? sink.write(mixer.render(from: resume, count: Int(target - resume)))
        }
        position = target
    }

    /// Redraws presenters that asked for a periodic refresh (the visual status line), at the position being heard.
    private mutating func refreshIfDue() {
        guard let interval = presenters.compactMap(\.refreshInterval).min() else { return }
        let now = clock()
        guard now >= nextRefresh ?? 0 else { return }
        nextRefresh = now + interval
        refreshPresenters(resized: false)
    }

    private mutating func refreshPresenters(resized: Bool) {
        let heard = sink.isFile ? position : max(0, position - sink.latencySamples())
        for index in presenters.indices {
            presenters[index].refresh(state: state, position: heard, resized: resized)
        }
    }

    /// The sound server went away: pause (interactive) or give up with the error.
    private mutating func lose(_ error: BreatheError) -> BreatheError? {
        audioDown = true
        guard interactive else { return error }
        // What was queued ahead was never heard: the session pauses where the listener was.
        if !sink.isFile { position = max(lastApplied, min(position, lastHeard)) }
        apply(.audioLost(at: position))
        return nil
    }

    /// `+`/`-` and `[`/`]` with sound: the new rate or level for the rest of the session, then its sentence.
    /// Returns false when there is nothing to change (speech or tones off), so the input maps as in a silent session.
    private mutating func adjust(_ input: SessionInput) -> Bool {
        switch input {
        case .faster, .slower:
            guard var settings = speechSettings, worker != nil || dispatcher != nil else { return false }
            settings.rate = min(
                max(settings.rate + (input == .faster ? 25 : -25), PreferenceRules.rate.lowerBound),
                PreferenceRules.rate.upperBound)
            speechSettings = settings
            if let dispatcher {
                dispatcher.setRate(wordsPerMinute: settings.rate)
            } else if let worker {
                bookGeneration += 1
                worker.submit(.book(generation: bookGeneration, texts: phrases.texts, settings))
            }
            apply(.speechRateChanged(settings.rate))
            return true
        case .louderTones, .softerTones:
            guard let level = tones.volume else { return false }
            let changed = min(
                max(level + (input == .louderTones ? 10 : -10), PreferenceRules.toneVolume.lowerBound),
                PreferenceRules.toneVolume.upperBound)
            tones = tones.at(volume: changed)
            apply(.toneVolumeChanged(changed))
            return true
        case .togglePause, .skip, .quit, .help, .timeLeft, .repeatInstruction, .unknownKey, .signal:
            return false
        }
    }

    /// Takes what the worker finished: a phrase is said now (after any word under way), a rebuilt book replaces the old.
    private mutating func collectPhrases() {
        guard let worker else { return }
        for result in worker.collect() {
            switch result {
            case .phrase(_, let clip?):
                if playing {
                    // Said now, not after what is queued ahead.
                    if !sink.isFile && !audioDown { rewindToHeard() }
                    let start = max(
                        position,
                        (speechSpans.map(\.end).max() ?? 0) + CueLayout.gapSamples(sampleRate: machine.plan.sampleRate))
                    mixer.schedule(clip, at: start)
                    speechSpans.append((start, start + Int64(clip.count)))
                } else if !audioDown {
                    asides.schedule(clip, at: asidePosition)
                }
            case .phrase(_, nil):
                break // Printed already; the voice could not say it.
            case .book(let generation, let clips?, _) where generation == bookGeneration:
                phrases.replace(with: clips)
            case .book:
                break // A newer rate is on its way, or this one failed: keep what plays now.
            }
        }
    }

    private mutating func handle(_ input: SessionInput) {
        if adjust(input) { return }
        if input == .signal(.resize) { refreshPresenters(resized: true) }
        let (events, signal) = input.events(in: state, at: position)
        if let signal { stopSignal = signal }
        for event in events {
            if event == .resumeRequested, audioDown {
                do {
                    try sink.reconnect()
                    audioDown = false
                } catch {
                    apply(.audioLost(at: position))
                    continue
                }
            }
            apply(event)
        }
    }

    private mutating func apply(_ event: SessionEvent) {
        guard let effects = driver.apply(event) else { return }
        // Where this transition's phase word goes (after its tone, see CueLayout), and whose counts follow it.
        var cueWord: CueWord = .none
        var countedPhase: (cycle: Int, index: Int)?
        var entered: Segment?
        speechSpans.removeAll { $0.end <= position }
        for effect in effects {
            switch effect {
            case .startTimer(let deadline, let event): timer = (deadline, event)
            case .cancelTimer: timer = nil
            case .seek(let target):
                mixer.seek(from: position, to: target)
                // As in the mixer: words not yet started are dropped, a word under way moves along with the timeline.
                speechSpans = speechSpans.compactMap { span in
                    span.start < position && span.end > position
                        ? (span.start + target - position, span.end + target - position) : nil
                }
                cancelDispatched()
                handOff.dropCounts()
                position = target
                lastApplied = target
                handOff.timing.forgetOrigin()
            case .markPause:
                cancelDispatched()
                playing = false
                handOff.timing.forgetOrigin()
                releaseAll()
                sink.flush()
                asides = TimelineMixer()
                asidePosition = 0
            case .markResume:
                playing = true
                asides = TimelineMixer()
            case .playTone(let kind):
                let tone = tones.clip(for: kind)
                var word: Int?
                if case .phase(_, let index)? = entered {
                    word = phrases.length(for: .phaseName(kind, isRepeat: machine.plan.pattern.isRepeat(at: index)))
                }
                // A phrase said by speech-dispatcher has no known length here: it always follows the tone.
                let placement = CueLayout.place(
                    boundary: position, phaseEnd: entered.map { machine.plan.end(of: $0) } ?? Int64.max,
                    toneSamples: tone.map { Int64($0.count) },
                    wordSamples: dispatcher == nil ? word.map(Int64.init) : nil,
                    speechBusyUntil: speechSpans.map(\.end).max() ?? 0, sampleRate: machine.plan.sampleRate
                )
                if let tone, let start = placement.tone { mixer.schedule(tone, at: start) }
                cueWord = placement.speech.map(CueWord.at) ?? .leftOut
                if case .phase = entered {
                    let spoken = word != nil || dispatcher != nil || linesFollowTone
                    let cue = CuePlacement(
                        planned: position, toneLeftOut: tone != nil && placement.tone == nil,
                        wordDelay: spoken ? placement.speech.map { $0 - position } : nil,
                        wordLeftOut: spoken && placement.speech == nil)
                    for index in presenters.indices { presenters[index].cuePlaced(cue) }
                }
            case .announce(let announcement):
                if case .leftOut = cueWord {
                    // Another word was still being said and this one could no longer be heard in its phase: its line
                    // is printed, its word is not said late.
                } else if let speech = announcement.speech, dispatcher != nil {
                    if playing {
                        let cue = cueWord.position
                        utterances.append(
                            Utterance(
                                position: cue ?? position, text: phrases.localizer.string(speech),
                                urgent: cue != nil && cuesInterrupt,
                                until: entered.map { machine.plan.end(of: $0) } ?? Int64.max))
                    } else {
                        speakNow(speech)
                    }
                } else if let speech = announcement.speech, SpokenPhrases.isLive(speech), let worker, let speechSettings
                {
                    worker.submit(.phrase(phrases.localizer.string(speech), speechSettings))
                } else if let speech = announcement.speech, let clip = phrases.clip(for: speech) {
                    if playing {
                        // A cue's word goes where the layout put it; any other phrase after the words already under
                        // way (the opening's sentences one after another), never over them.
                        let gap = CueLayout.gapSamples(sampleRate: machine.plan.sampleRate)
                        let start =
                            cueWord.position ?? max(position, speechSpans.map(\.end).max().map { $0 + gap } ?? position)
                        mixer.schedule(clip, at: start)
                        speechSpans.append((start, start + Int64(clip.count)))
                    } else {
                        asides.schedule(clip, at: asidePosition)
                    }
                }
                if linesFollowTone, let start = cueWord.position {
                    handOff.append(effect, at: start, state: state)
                    cueWord = .none
                    continue
                }
                cueWord = .none
            case .enterSegment(let segment):
                entered = segment
                if counting, case .phase(let cycle, let index) = segment { countedPhase = (cycle, index) }
            case .save, .finish, .count:
                break
            }
            handOff.append(effect, at: position, state: state)
            if !playing { releaseAll() }
        }
        handOff.endTransition(at: position, state: state)
        if !playing { releaseAll() }
        if let countedPhase { scheduleCounts(cycle: countedPhase.cycle, index: countedPhase.index) }
    }

    /// Says `message` now, through whichever voice the session uses: speech-dispatcher at once, or eSpeak NG's
    /// prepared clip on the timeline at the current position (or aside, off the timeline, while paused). A message
    /// without a prepared clip is only printed.
    package mutating func speakNow(_ message: Message) {
        if let dispatcher {
            // An answer to a key: at once, over what is under way.
            if !dispatcher.say(phrases.localizer.string(message), urgent: true) { loseDispatcher(at: position) }
        } else if let clip = phrases.clip(for: message) {
            if playing {
                mixer.schedule(clip, at: position)
                speechSpans.append((position, position + Int64(clip.count)))
            } else {
                asides.schedule(clip, at: asidePosition)
            }
        }
    }

    /// Sends to speech-dispatcher the phrases whose sample is about to be heard.
    private mutating func sendHeardUtterances() {
        guard let dispatcher, !utterances.isEmpty else { return }
        let heard = sink.isFile ? position : position - sink.latencySamples()
        while let first = utterances.first, first.position <= heard + Int64(blockSamples) {
            utterances.removeFirst()
            // Never queued behind an earlier phase: a word whose phase is over is dropped, not said late.
            if heard >= first.until { continue }
            if !dispatcher.say(first.text, urgent: first.urgent) {
                loseDispatcher(at: first.position)
                return
            }
        }
    }

    /// speech-dispatcher did not take a phrase: the daemon has gone away. One line says so, nothing more is sent, and
    /// the session goes on with its tones and printed sentences (a screen reader still reads those).
    private mutating func loseDispatcher(at position: Int64) {
        dispatcher = nil
        utterances.removeAll()
        let notice = SessionEffect.announce(Announcement(line: Message(.lineSpeechdLost)))
        for index in presenters.indices {
            presenters[index].present(notice, state: state, position: position)
            presenters[index].endTransition(state: state, position: position)
        }
    }

    /// Pause, skip and stop: what speech-dispatcher is saying for us stops, and phrases not yet due are dropped.
    private mutating func cancelDispatched() {
        guard let dispatcher else { return }
        utterances.removeAll()
        dispatcher.cancel()
    }

    /// A phrase for speech-dispatcher, sent when its sample is heard.
    private struct Utterance {
        var position: Int64
        var text: String
        /// A phase's word: said at once, over other speech, after what is left of ours is cancelled.
        var urgent: Bool
        /// Where it can no longer be heard in its phase: not sent once this is heard.
        var until: Int64
    }

    /// Schedules the spoken seconds of a phase, after its word (which may itself follow the tone).
    private mutating func scheduleCounts(cycle: Int, index: Int) {
        let segment = Segment.phase(cycle: cycle, index: index)
        let start = machine.plan.start(of: segment)
        let wordEnd = speechSpans.map(\.end).max() ?? start
        // Without a voice of ours (speech off, or speech-dispatcher) the counts are only printed: each takes no time.
        let silent = phrases.isEmpty
        let scheduled = CountSchedule.counts(
            phaseSamples: machine.plan.end(of: segment) - start,
            sampleRate: machine.plan.sampleRate,
            nameSamples: max(0, wordEnd - start),
            countSamples: { number in
                silent ? 0 : phrases.length(for: SpokenPhrases.count(number)).map(Int64.init)
            }
        )
        for count in scheduled {
            if let clip = phrases.clip(for: SpokenPhrases.count(count.number)) {
                mixer.schedule(clip, at: start + count.offset)
                speechSpans.append((start + count.offset, start + count.offset + Int64(clip.count)))
            }
            handOff.appendCount(count.number, at: start + count.offset, state: state)
        }
    }

    /// Hands over the effects whose sample is about to be heard: within one block of what the output plays now.
    private mutating func releaseHeard() {
        guard !handOff.isEmpty else { return }
        let heard = sink.isFile ? position : position - sink.latencySamples()
        if sink.isFile {
            handOff.timing.forgetReport()
        } else {
            handOff.timing.record(heard: heard, at: clock())
        }
        handOff.release(through: heard + Int64(blockSamples), to: &presenters)
    }

    private mutating func releaseAll() {
        // Counts still ahead on the timeline wait for it to move again (after a pause).
        handOff.releaseAll(countsThrough: position, to: &presenters)
    }
}

/// Where a phase's word goes on the timeline, as the cue layout placed it.
private enum CueWord {
    /// Not a cue: the phrase goes where the timeline is.
    case none
    /// The word starts on this sample.
    case at(Int64)
    /// Left out: another word was still being said, and this one could no longer be heard within its phase.
    case leftOut

    var position: Int64? {
        if case .at(let position) = self { position } else { nil }
    }
}

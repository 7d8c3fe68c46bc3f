import BreatheCore

/// A session with sound, put together from its parts and run: the phrases (`SessionPhrases`), speech-dispatcher
/// (`DispatcherOpening`), the lead-in that lets the opening be heard (`OpeningLeadIn`), the sink
/// (`AudioSession+Sink`), the text it falls back to (`TextFallback`) and the badges said after it (`BadgeSpeaker`).
struct AudioSession {
    /// The session, its display and its other presenters, its clock; also runs the text-only fallback.
    var assembly: SessionAssembly
    let choices: AudioChoices
    var environment: [String: String]
    /// Standard input is a terminal: a missing server is a warning, a lost one a pause.
    var interactive: Bool
    var phrases: SessionPhrases
    var dispatcher: DispatcherOpening
    var fallback: TextFallback
    /// A connection to the sound server started before the command line was parsed (`SessionFrontend.Request`'s),
    /// for `run()` to take: the handshake then overlaps reading the preferences, checking the history and taking the
    /// session lock. `run()` closes it when the session turns out not to need it (speech, tones and guide off).
    var earlyConnection: PendingPulseSink?

    init(
        assembly: SessionAssembly, choices: AudioChoices, speech: Speech = LiveSpeech.speech,
        environment: [String: String] = ProcessEnvironment.current, interactive: Bool, allowsSilence: Bool? = nil,
        phraseCaching: PhraseCaching = .userCache
    ) {
        self.assembly = assembly
        self.choices = choices
        self.environment = environment
        self.interactive = interactive
        phrases = SessionPhrases(
            choices: choices, localizer: assembly.localizer, speech: speech, environment: environment,
            caching: phraseCaching)
        dispatcher = DispatcherOpening(clock: assembly.clock)
        fallback = TextFallback(
            choices: choices, interactive: interactive,
            allowsSilence: allowsSilence ?? (interactive && !choices.requireAudio))
    }

    var plan: SessionPlan { assembly.plan }
    private var localizer: Localizer { assembly.localizer }

    /// What says the badges after this session.
    var badges: BadgeSpeaker {
        BadgeSpeaker(choices: choices, phrases: phrases, environment: environment, clock: assembly.clock)
    }

    /// Runs the session. Throws what the user must be told: no server (when required), a lost server
    /// (non-interactive), an unknown voice, speech that cannot start, an output that cannot be written.
    func run() throws(BreatheError) -> SessionOutcome {
        var choices = self.choices
        phrases.warnIfUntrusted()
        // The sound server's handshake is independent of the phrases: it runs on a thread of its own meanwhile.
        let connection = connectIfNeeded(choices)
        var connected: (any SpeechDispatcherConnection)?
        switch try dispatcher.open(
            choices, localizer: localizer, speech: phrases.speech, interactive: interactive,
            allowsSilence: fallback.allowsSilence)
        {
        case .connected(let opened): connected = opened
        case .notAsked: break
        case .wordless: choices.speech = false
        case .stopped: return try assembly.runText()
        }
        let book: PhraseBook
        do {
            book =
                connected == nil
                ? try phrases.prepare(
                    choices, plan: plan, counting: assembly.counting, opening: assembly.opening)
                : PhraseBook(localizer: localizer)
        } catch {
            // A stopping signal ended the wait on eSpeak NG's start (see LiveSpeech's `start`): the session takes it, as
            // text, before anything is written (a render leaves no file).
            if case .unavailable = error, SignalSource.stopIsPending {
                return try assembly.runText()
            }
            guard fallback.goesOn, choices.output == nil, case .unavailable(let message) = error else { throw error }
            return try fallback.run(assembly, because: message)
        }
        let tones = choices.toneClips(sampleRate: plan.sampleRate)
        // The lead-in lasts until the opening has been heard: its first phase is never eaten by it.
        var session = self
        let leadIn = OpeningLeadIn(
            assembly,
            announcesKeys: choices.output == nil && assembly.readsKeys && interactive && assembly.output.keysHint)
        session.assembly.replan(
            leadIn.hearingPlan(
                book, choices,
                SentenceLength(assembly, speech: phrases.speech, phraseCache: phrases.cache)))
        return try session.play(
            phrases: book, tones: tones, choices: choices, dispatcher: connected, live: connection)
    }

    /// Plays through `pacer` (a file, or the sound server) with the shared keys, signals and presenters. A file renders
    /// in one go: no keys to announce.
    func play<Pacer: SessionPacer>(
        _ pacer: Pacer, _ book: PhraseBook, _ tones: ToneClips, _ choices: AudioChoices,
        dispatcher: (any SpeechDispatcherConnection)?, live: Bool
    ) throws(BreatheError) -> SessionOutcome {
        try assembly.withLiveSession(
            speaks: choices.speech, spokenBy: dispatcher == nil ? .espeak : .speechd, rendering: !live
        ) { controls, presenters in
            var sound = SessionSound(phrases: book, tones: tones, guide: choices.guideSound(plan: plan))
            // Keys can ask for phrases that cannot be prepared (a number known only then) and for a new rate: a
            // worker says them off the audio path (speech-dispatcher says any text, and takes a rate, itself). A file
            // renders without keys, so it needs none.
            var worker: PhraseWorker?
            if live, controls.readsKeys, choices.speech {
                if dispatcher != nil {
                    sound.speechSettings = choices.speechSettings(localizer: localizer)
                } else {
                    worker = phrases.worker()
                    sound.worker = worker
                    sound.speechSettings = phrases.settings()
                }
            }
            defer {
                worker?.finish()
                dispatcher?.hangUp()
            }
            var loop = SessionLoop(
                machine: assembly.output.machine(
                    plan: plan, announcesKeys: live && controls.readsKeys && assembly.output.keysHint,
                    opening: assembly.opening),
                pacer: pacer, clock: assembly.clock, presenters: presenters, sound: sound,
                speaker: dispatcher.map {
                    DispatcherQueue($0, cuesInterrupt: choices.screenReader != nil && !choices.queuesBehindOtherSpeech)
                },
                inputs: SessionInputs(sources: controls.sources),
                options: SessionLoop.Options(
                    counting: assembly.counting, interactive: interactive,
                    linesFollowTone: choices.screenReader == .read && !choices.speech))
            loop.afterInput = controls.settle(after:)
            return loop.run()
        }.get()
    }
}

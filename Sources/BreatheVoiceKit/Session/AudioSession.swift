import BreatheCore
import BreatheSystem

/// A session with sound, put together from its parts and run: the phrases (`SessionPhrases`), speech-dispatcher
/// (`DispatcherOpening`), the lead-in that lets the opening be heard (`OpeningLeadIn`), the sink
/// (`AudioSession+Sink`), the text it falls back to (`TextFallback`) and the badges said after it (`BadgeSpeaker`).
package struct AudioSession {
    /// The session, its display and its other presenters, its clock; also runs the text-only fallback.
    var assembly: SessionAssembly
    /// The sound's part of the session's settings (`SessionSettings.audio`).
    let choices: AudioChoices
    var environment: [String: String]
    var phrases: SessionPhrases
    var dispatcher: DispatcherOpening
    /// A connection to the sound server started before the command line was parsed (`SessionFrontend.Request`'s),
    /// for `run()` to take: the handshake then overlaps reading the preferences, checking the history and taking the
    /// session lock. `run()` closes it when the session turns out not to need it (speech, tones and guide off).
    var earlyConnection: PendingPulseSink?

    /// The sound of `assembly`'s session; nil for a text-only one (its settings have no `audio`).
    package init?(
        assembly: SessionAssembly, speech: Speech = LiveSpeech.speech,
        environment: [String: String] = ProcessEnvironment.current, phraseCaching: PhraseCaching = .userCache
    ) {
        guard let choices = assembly.settings.audio else { return nil }
        self.assembly = assembly
        self.choices = choices
        self.environment = environment
        phrases = SessionPhrases(
            choices: choices, localizer: assembly.localizer, speech: speech, environment: environment,
            caching: phraseCaching)
        dispatcher = DispatcherOpening(clock: assembly.clock)
    }

    /// Standard input is a terminal: a missing server is a warning, a lost one a pause.
    package var interactive: Bool { assembly.settings.interactive }
    /// Whether the session goes on as text when its sound is out of reach.
    var fallback: TextFallback { TextFallback(settings: assembly.settings) }

    package var plan: SessionPlan { assembly.plan }
    private var localizer: Localizer { assembly.localizer }

    /// What says the badges after this session.
    var badges: BadgeSpeaker {
        BadgeSpeaker(choices: choices, phrases: phrases, environment: environment, clock: assembly.clock)
    }

    /// Runs the session. Throws what the user must be told: no server (when required), a lost server
    /// (non-interactive), an unknown voice, speech that cannot start, an output that cannot be written.
    package func run() throws(BreatheError) -> SessionOutcome {
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
                    choices, plan: plan, counting: assembly.settings.counting, opening: assembly.settings.opening)
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
            announcesKeys: choices.output == nil && assembly.settings.readsKeys && interactive
                && assembly.output.keysHint)
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
                machine: assembly.settings.machine(
                    announcesKeys: live && controls.readsKeys && assembly.output.keysHint),
                pacer: pacer, clock: assembly.clock, presenters: presenters, sound: sound,
                speaker: dispatcher.map {
                    // Beside a screen reader on this terminal a phase's words interrupt it, so that they are heard on
                    // their boundary; a reminder's queue behind what the screen reader is saying.
                    DispatcherQueue($0, cuesInterrupt: assembly.settings.readerOfTheTerminal != nil)
                },
                inputs: SessionInputs(sources: controls.sources),
                options: assembly.settings.loopOptions(speaking: choices.speech))
            loop.afterInput = controls.settle(after:)
            return loop.run()
        }.get()
    }
}

import BreatheCore
import Synchronization

/// Chooses the sink for a session with sound (a WAV file or the sound server), prepares every phrase, and runs it;
/// falls back to text only when an interactive run finds no server.
struct AudioSessionLauncher {
    /// The session, its display and its other presenters; also runs the text-only fallback.
    var launcher: SessionLauncher
    let choices: AudioChoices
    var speech: Speech
    var environment: [String: String]
    /// Standard input is a terminal: a missing server is a warning, a lost one a pause.
    var interactive: Bool
    /// No sound server or no speech means text only instead of exit 69: an interactive run without
    /// `--require-audio` (with a warning), or a reminder with `--allow-silent` (quietly).
    var allowsSilence: Bool
    /// Where synthesized phrases are kept between sessions; nil synthesizes every time.
    var phraseCache: PhraseCache?
    /// Why the user's phrase cache is not used this time (a folder that is not private), said once when the session runs.
    var phraseCacheRefusal: Message?
    /// Connects to speech-dispatcher (`--speech-via speechd`); tests may pass a recorder.
    var openDispatcher: (SpeechDispatcherRequest) throws(BreatheError) -> any SpeechDispatcherConnection
    /// The `--voice`, checked against the installed voices only when a phrase is synthesized.
    private let checkedVoice: CheckedVoice?

    init(
        launcher: SessionLauncher, choices: AudioChoices, speech: Speech = LiveSpeech.speech,
        environment: [String: String] = ProcessEnvironment.current, interactive: Bool, allowsSilence: Bool? = nil,
        phraseCaching: PhraseCaching = .userCache,
        openDispatcher: @escaping (SpeechDispatcherRequest) throws(BreatheError) -> any SpeechDispatcherConnection = {
            request throws(BreatheError) in
            try LiveSpeechDispatcher(request)
        }
    ) {
        self.launcher = launcher
        self.openDispatcher = openDispatcher
        self.choices = choices
        checkedVoice = choices.voice.map(CheckedVoice.init(name:))
        self.speech = speech
        self.environment = environment
        // A cache that cannot be trusted is not used: its audio would be played to the user.
        phraseCacheRefusal = phraseCaching.refusal(environment: environment)
        self.phraseCache = phraseCacheRefusal == nil ? phraseCaching.resolved(environment: environment) : nil
        self.interactive = interactive
        self.allowsSilence = allowsSilence ?? (interactive && !choices.requireAudio)
        if choices.output == "-" { self.launcher.textDescriptor = 2 }
    }

    private var plan: SessionPlan { launcher.plan }

    /// No sound server (or no speech) means text only: when silence is allowed, and in a screen-reader session at a
    /// terminal, whose printed lines are what the screen reader reads (unless `--require-audio`). A reminder prints
    /// nobody reads: it keeps its exit 69.
    private var goesOnWithoutSound: Bool {
        allowsSilence || (choices.screenReader != nil && !choices.requireAudio && !choices.queuesBehindOtherSpeech)
    }

    /// A connection to the sound server started before the command line was parsed (`SessionFrontend.Request`'s),
    /// for `run()` to take: the handshake then overlaps reading the preferences, checking the history and taking the
    /// session lock. `run()` closes it when the session turns out not to need it (speech, tones and guide off).
    var earlyConnection: PendingPulseSink?
    private var localizer: Localizer { launcher.localizer }

    /// Runs the session. Throws what the user must be told: no server (when required), a lost server
    /// (non-interactive), an unknown voice, speech that cannot start, an output that cannot be written.
    func run() throws(BreatheError) -> SessionOutcome {
        var choices = self.choices
        if let phraseCacheRefusal, choices.speech, !choices.speaksThroughDispatcher {
            var warnings = FileDescriptorSink.standardError
            warnings.write(
                PlainText.line(
                    localizer.string(Message(.warningCacheUntrusted, ["problem": .message(phraseCacheRefusal)]))))
        }
        // The sound server's handshake is independent of the phrases: it runs on a thread of its own meanwhile.
        var started = earlyConnection
        let connection =
            choices.output == nil && (choices.speech || choices.tones || choices.guide != .off)
            ? started.take() ?? PendingPulseSink(environment: environment) : nil
        // One started early that this session does not need (a file, or no speech, tones or guide) is closed now.
        started = nil
        var dispatcher: (any SpeechDispatcherConnection)?
        if choices.speaksThroughDispatcher {
            do {
                dispatcher = try openDispatcher(
                    choices.dispatcherRequest(language: localizer.language, voiceName: dispatcherVoiceName()))
            } catch {
                // A stopping signal ended the wait for the daemon: the session takes it, as text.
                if case .unavailable = error, SignalSource.stopIsPending { return try launcher.runText() }
                // Like a missing sound server: text only (here: phrases only printed) with a warning, or exit 69.
                guard allowsSilence || choices.dispatcherOptional, case .unavailable(let message) = error else {
                    throw error
                }
                if interactive {
                    var warnings = FileDescriptorSink.standardError
                    warnings.write(
                        PlainText.line(
                            localizer.string(
                                Message(.warningSpeechdTextOnly, ["detail": message.arguments["detail"] ?? .text("")])))
                    )
                }
                choices.speech = false
            }
        }
        let phrases: PhraseBook
        do {
            phrases = dispatcher == nil ? try preparePhrases(choices) : PhraseBook(localizer: localizer)
        } catch {
            // A stopping signal ended the wait on eSpeak NG's start (see LiveSpeech's `start`): the session takes it, as
            // text, before anything is written (a render leaves no file).
            if case .unavailable = error, SignalSource.stopIsPending {
                return try launcher.runText()
            }
            guard goesOnWithoutSound, choices.output == nil, case .unavailable(let message) = error else { throw error }
            return try silently(because: message)
        }
        let tones = choices.toneClips(sampleRate: plan.sampleRate)
        // The lead-in lasts until the opening has been heard: its first phase is never eaten by it.
        var session = self
        session.launcher.replan(
            planHearingTheOpening(
                phrases, choices,
                announcesKeys: choices.output == nil && launcher.readsKeys && interactive && launcher.output.keysHint))
        return try session.play(
            phrases: phrases, tones: tones, choices: choices, dispatcher: dispatcher, live: connection)
    }

    /// Plays the prepared session: into the file, or through the server (`live`, connected or connecting).
    private func play(
        phrases: PhraseBook, tones: ToneClips, choices: AudioChoices, dispatcher: (any SpeechDispatcherConnection)?,
        live connection: PendingPulseSink?
    ) throws(BreatheError) -> SessionOutcome {
        if let output = choices.output {
            let sink = try WavSink(path: output, plannedSamples: plan.totalSamples)
            let outcome: SessionOutcome
            do {
                outcome = try play(RenderPacer(sink: sink), phrases, tones, choices, dispatcher: nil, live: false)
            } catch {
                sink.discard()
                throw error
            }
            // Only a whole session becomes the file: one stopped by a signal leaves no partial WAV.
            if outcome.summary.status == .completed { try sink.commit() } else { sink.discard() }
            return outcome
        }
        if !choices.speech && !choices.tones && choices.guide == .off {
            return try launcher.runText()
        }
        let sink: LivePulseSink
        do {
            guard let connected = try (connection ?? PendingPulseSink(environment: environment)).sink() else {
                // A stopping signal came while the server had not answered yet: the session takes it at once, as text,
                // and ends with its exit and its record.
                return try launcher.runText()
            }
            sink = connected
        } catch {
            guard goesOnWithoutSound, case .unavailable(let message) = error else { throw error }
            return try silently(because: message)
        }
        var outcome = try play(LivePacer(sink: sink), phrases, tones, choices, dispatcher: dispatcher, live: true)
        outcome.playedOnServer = !outcome.outputLost
        return outcome
    }

    /// The plan with a lead-in that lets the opening be heard whole before the first phase. Our own voice: the
    /// opening's phrases, one after another (`SessionPlan.leadIn(covering:getReady:)`). A screen reader: the printed
    /// opening it reads ("Get ready" too, `SessionLauncher.readingLead(_:)`), as long as eSpeak NG takes to say it at
    /// the reader's rate when it is known (`OutputOptions.screenReaderRate`), else at the normal rate; what our voice
    /// says of it instead (its sentences are then not printed), at our voice's rate: speech-dispatcher's espeak-ng
    /// module at the rate we send, or its normal one, or our own phrases as they are.
    private func planHearingTheOpening(_ phrases: PhraseBook, _ choices: AudioChoices, announcesKeys: Bool)
        -> SessionPlan
    {
        let gap = CueLayout.gapSamples(sampleRate: plan.sampleRate)
        let machine = SessionMachine(
            plan: plan, announcesKeys: announcesKeys, opening: launcher.opening,
            briefOpening: launcher.output.screenReader != nil)
        let getReady = SessionMachine.leadInAnnouncement
        if choices.screenReader != nil, choices.output == nil {
            let readerRate = launcher.output.screenReaderRate ?? SpeechSettings.defaultRate
            let notice = launcher.output.screenReaderNotice.map { [estimatedLength(of: $0, rate: readerRate)] } ?? []
            // A sentence with words is said by our voice when there is one (and not printed); the others are printed.
            let ourRate =
                choices.explicitSpeechSettings.contains(.rate)
                ? choices.rate : ScreenReaderDetection.live.dispatcherWordsPerMinute(0)
            let lengths = (machine.openingAnnouncements + [getReady]).map { announcement -> Int64 in
                guard choices.speech, let speech = announcement.speech else {
                    return estimatedLength(of: announcement.line, rate: readerRate)
                }
                if choices.speaksThroughDispatcher {
                    return estimatedLength(of: speech, rate: ourRate)
                }
                return phrases.length(for: speech).map(Int64.init) ?? 0
            }
            return plan.leadIn(reading: launcher.readingLead(notice + lengths))
        }
        guard !phrases.isEmpty, !choices.speaksThroughDispatcher else { return plan }
        let before = machine.openingAnnouncements.compactMap(\.speech).reduce(Int64(0)) {
            $0 + Int64(phrases.length(for: $1) ?? 0) + gap
        }
        return plan.leadIn(
            covering: before, getReady: getReady.speech.flatMap(phrases.length(for:)).map(Int64.init) ?? 0)
    }

    /// How long a sentence takes to say, in samples: eSpeak NG at the language's normal voice and `rate` words a
    /// minute (through the phrase cache); without speech data, `SessionLauncher.readingLength(of:)`.
    private func estimatedLength(of message: Message, rate: Int) -> Int64 {
        let text = localizer.string(message)
        let settings = SpeechSettings(
            voice: localizer.catalog.voice, rate: rate,
            pitch: PreferenceRules.defaultInteger(.pitch), volume: PreferenceRules.defaultInteger(.volume))
        do throws(BreatheError) {
            if let phraseCache {
                return Int64(
                    try phraseCache.clip(
                        text, settings: settings, libraryVersion: speech.libraryVersion(), speech: speech
                    )
                    .count)
            }
            return Int64(try speech.synthesize(text, settings).count)
        } catch {
            return launcher.readingLength(of: message)
        }
    }

    /// Says `messages` once the session is over (the badges it earned, known only when it is recorded, after the mood
    /// question if there is one), through a short second playback on the sound server after the closing words.
    /// Nothing is said unless speech is on and the session was heard through the server, nor after a signal asked to
    /// leave. A file never gets them: the WAV stays exactly the planned session. Failing here costs only the spoken copy
    /// (the sentences are printed too), so it is silent.
    func speakAfterSession(_ messages: [Message], outcome: SessionOutcome) {
        // Through speech-dispatcher the session's connection is gone by now; the printed sentences are read by the
        // screen reader.
        guard choices.speech, !choices.speaksThroughDispatcher, outcome.playedOnServer, outcome.signal == nil,
            !messages.isEmpty
        else { return }
        do throws(BreatheError) {
            let settings = speechSettings()
            let voiced = self.voiced
            // One sentence at a time, each played as the server asks for it: a first run's badges are its longest audio
            // after the session, and neither they nor libpulse's copy of them are held whole.
            func clip(_ message: Message) throws(BreatheError) -> [Int16] {
                let text = localizer.string(message)
                if let phraseCache {
                    return try phraseCache.clip(
                        text, settings: settings, libraryVersion: speech.libraryVersion(), speech: voiced
                    ).samples
                }
                return try voiced.synthesize(text, settings).samples
            }
            let first = try clip(messages[0])
            let sink = try LivePulseSink(environment: environment)
            try sink.play(first)
            for message in messages.dropFirst() {
                // A breath's worth of silence between two sentences, as between the session's own phrases.
                try sink.play([Int16](repeating: 0, count: AudioFormat.sampleRate * 4 / 10))
                try sink.play(clip(message))
            }
            try sink.finish()
        } catch {
            return
        }
    }

    /// Sound is out of reach but silence is allowed: text only, with a warning when someone is at the terminal.
    private func silently(because message: Message) throws(BreatheError) -> SessionOutcome {
        if interactive {
            var warnings = FileDescriptorSink.standardError
            warnings.write(
                PlainText.line(
                    localizer.string(
                        Message(.warningAudioTextOnly, ["detail": message.arguments["detail"] ?? .text("")]))))
        }
        return try launcher.runText()
    }

    /// The `--voice` as speech-dispatcher's espeak-ng module names it (eSpeak NG's name for the voice), when given.
    private func dispatcherVoiceName() throws(BreatheError) -> String? {
        guard choices.explicitSpeechSettings.contains(.voice), let name = choices.voice else { return nil }
        return try speech.voice(named: name).name
    }

    /// Every phrase the session can say. Speech off: none, unless the guide leads the breath, which makes a session
    /// without words that still says its introduction and its end (no phase words, no counts).
    private func preparePhrases(_ choices: AudioChoices) throws(BreatheError) -> PhraseBook {
        let wordFree = !choices.speech && choices.guide != .off
        guard choices.speech || wordFree else { return PhraseBook(localizer: localizer) }
        return try PhraseBook(
            plan: plan, counting: launcher.counting && !wordFree, opening: launcher.opening?.speech,
            phaseWords: !wordFree, localizer: localizer, speech: voiced, settings: speechSettings(), cache: phraseCache
        )
    }

    /// The voice, rate, pitch and volume. A `--voice` stands there as its unchecked label (the phrase cache's key),
    /// which `voiced` checks and turns into the voice's identifier before it synthesizes: a session whose phrases are
    /// all cached never opens eSpeak NG, and an unknown voice is still a usage error as soon as a phrase is needed.
    private func speechSettings() -> SpeechSettings {
        var settings = choices.speechSettings(localizer: localizer)
        if let checkedVoice { settings.voice = checkedVoice.label }
        return settings
    }

    /// The speech that synthesizes with `speechSettings()`: checks the `--voice` on its first synthesis.
    private var voiced: Speech {
        checkedVoice.map { $0.speaking(with: speech) } ?? speech
    }

    /// Plays through `pacer` (a file, or the sound server) with the shared keys, signals and presenters. A file renders
    /// in one go: no keys to announce.
    private func play<Pacer: SessionPacer>(
        _ pacer: Pacer, _ phrases: PhraseBook, _ tones: ToneClips, _ choices: AudioChoices,
        dispatcher: (any SpeechDispatcherConnection)?, live: Bool
    ) throws(BreatheError) -> SessionOutcome {
        try launcher.withLiveSession(
            speaks: choices.speech, spokenBy: dispatcher == nil ? .espeak : .speechd, rendering: !live
        ) { controls, presenters in
            var sound = SessionSound(phrases: phrases, tones: tones, guide: choices.guideSound(plan: plan))
            // Keys can ask for phrases that cannot be prepared (a number known only then) and for a new rate: a
            // worker says them off the audio path (speech-dispatcher says any text, and takes a rate, itself). A file
            // renders without keys, so it needs none.
            var worker: PhraseWorker?
            if live, controls.readsKeys, choices.speech {
                if dispatcher != nil {
                    sound.speechSettings = choices.speechSettings(localizer: localizer)
                } else {
                    worker = liveWorker()
                    sound.worker = worker
                    sound.speechSettings = speechSettings()
                }
            }
            defer {
                worker?.finish()
                dispatcher?.hangUp()
            }
            var loop = SessionLoop(
                machine: launcher.output.machine(
                    plan: plan, announcesKeys: live && controls.readsKeys && launcher.output.keysHint,
                    opening: launcher.opening),
                pacer: pacer, clock: launcher.clock, presenters: presenters, sound: sound,
                speaker: dispatcher.map {
                    DispatcherQueue($0, cuesInterrupt: choices.screenReader != nil && !choices.queuesBehindOtherSpeech)
                },
                inputs: SessionInputs(sources: controls.sources),
                options: SessionLoop.Options(
                    counting: launcher.counting, interactive: interactive,
                    linesFollowTone: choices.screenReader == .read && !choices.speech))
            loop.afterInput = controls.settle(after:)
            return loop.run()
        }.get()
    }

    /// Synthesizes through the phrase cache when there is one; a failure leaves the phrase printed only.
    private func liveWorker() -> PhraseWorker {
        let speech = voiced
        let cache = phraseCache
        return PhraseWorker { text, settings in
            do throws(BreatheError) {
                if let cache {
                    return try cache.clip(
                        text, settings: settings, libraryVersion: speech.libraryVersion(), speech: speech)
                }
                return try speech.synthesize(text, settings)
            } catch {
                return nil
            }
        }
    }
}

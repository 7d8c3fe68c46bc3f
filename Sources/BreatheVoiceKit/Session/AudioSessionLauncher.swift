import BreatheCore

/// Chooses the sink for a session with sound (a WAV file or the sound server), prepares every phrase, and runs it;
/// falls back to text only when an interactive run finds no server.
public struct AudioSessionLauncher {
    public let plan: SessionPlan
    public let localizer: Localizer
    public let choices: AudioChoices
    public var speech: Speech
    public var environment: [String: String]
    /// Standard input is a terminal: a missing server is a warning, a lost one a pause.
    public var interactive: Bool
    public var inputs: SessionInputPoller

    public init(plan: SessionPlan, localizer: Localizer, choices: AudioChoices, speech: Speech = LiveSpeech.speech,
                environment: [String: String] = ProcessEnvironment.current, interactive: Bool,
                inputs: SessionInputPoller = SessionInputPoller()) {
        self.plan = plan
        self.localizer = localizer
        self.choices = choices
        self.speech = speech
        self.environment = environment
        self.interactive = interactive
        self.inputs = inputs
    }

    /// Runs the session. Throws what the user must be told: no server (when required), a lost server
    /// (non-interactive), an unknown voice, speech that cannot start, an output that cannot be written.
    public func run() throws(BreatheError) -> SessionOutcome {
        let text = FileDescriptorSink(fileDescriptor: choices.output == "-" ? 2 : 1)
        let presenters: [any SessionPresenter] = [PlainTextPresenter(localizer: localizer, sink: text)]
        let phrases = try preparePhrases()
        let tones = choices.toneClips(sampleRate: plan.sampleRate)
        if let output = choices.output {
            let sink = try WavSink(path: output, plannedSamples: plan.totalSamples)
            return try play(sink, presenters, phrases, tones)
        }
        if !choices.speech && !choices.tones {
            return SessionLauncher(plan: plan, localizer: localizer).runText()
        }
        let sink: LivePulseSink
        do {
            sink = try LivePulseSink(environment: environment)
        } catch {
            guard interactive, !choices.requireAudio, case .unavailable(let message) = error else { throw error }
            var warnings = FileDescriptorSink.standardError
            warnings.write(PlainText.line(localizer.string(Message(.warningAudioTextOnly, ["detail": message.arguments["detail"] ?? .text("")]))))
            return SessionLauncher(plan: plan, localizer: localizer).runText()
        }
        return try play(sink, presenters, phrases, tones)
    }

    private func preparePhrases() throws(BreatheError) -> PhraseBook {
        guard choices.speech else { return PhraseBook(localizer: localizer) }
        var settings = choices.speechSettings(localizer: localizer)
        if let name = choices.voice { settings.voice = try speech.voice(named: name).identifier }
        return try PhraseBook(plan: plan, counting: choices.counting, localizer: localizer, speech: speech, settings: settings)
    }

    private func play<Sink: AudioSink>(
        _ sink: Sink, _ presenters: [any SessionPresenter], _ phrases: PhraseBook, _ tones: [PhaseKind: AudioClip]
    ) throws(BreatheError) -> SessionOutcome {
        var runner = AudioSessionRunner(
            machine: SessionMachine(plan: plan), sink: sink, presenters: presenters, phrases: phrases, tones: tones,
            counting: choices.counting, inputs: inputs, interactive: interactive
        )
        return try runner.run().get()
    }
}

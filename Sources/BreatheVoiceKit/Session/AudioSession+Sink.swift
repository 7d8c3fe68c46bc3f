import BreatheCore
import BreatheSystem

/// Where a session's sound goes: a WAV file, or the sound server (connected early, or now).
extension AudioSession {
    /// A connection to the sound server started now, on the session's clock, for a session that will need it
    /// (`SessionFrontend.Request.earlyConnection`).
    package static func connectEarly(environment: [String: String]) -> PendingPulseSink {
        PendingPulseSink(environment: environment, clock: SessionAssembly.clock)
    }

    /// The connection to the sound server a session that plays there needs, started now unless one was started early;
    /// one started early that this session does not need (a file, or no speech, tones or guide) is closed.
    func connectIfNeeded(_ choices: AudioChoices) -> PendingPulseSink? {
        var started = earlyConnection
        let connection =
            choices.needsSoundServer
            ? started.take() ?? PendingPulseSink(environment: environment, clock: assembly.clock) : nil
        started = nil
        return connection
    }

    /// Plays the prepared session: into the file, or through the server (`live`, connected or connecting).
    func play(
        phrases book: PhraseBook, tones: ToneClips, choices: AudioChoices,
        dispatcher: (any SpeechDispatcherConnection)?, live connection: PendingPulseSink?
    ) throws(BreatheError) -> SessionOutcome {
        if let output = choices.output {
            let sink = try WavSink(path: output, plannedSamples: plan.totalSamples)
            let outcome: SessionOutcome
            do {
                outcome = try play(RenderPacer(sink: sink), book, tones, choices, dispatcher: nil, live: false)
            } catch {
                sink.discard()
                throw error
            }
            // Only a whole session becomes the file: one stopped by a signal leaves no partial WAV.
            if outcome.summary.status == .completed { try sink.commit() } else { sink.discard() }
            return outcome
        }
        if !choices.makesSound {
            return try assembly.runText()
        }
        let sink: LivePulseSink
        do {
            let pending = connection ?? PendingPulseSink(environment: environment, clock: assembly.clock)
            guard let connected = try pending.sink() else {
                // A stopping signal came while the server had not answered yet: the session takes it at once, as text,
                // and ends with its exit and its record.
                return try assembly.runText()
            }
            sink = connected
        } catch {
            guard fallback.goesOn, case .unavailable(let message) = error else { throw error }
            return try fallback.run(assembly, because: message)
        }
        var outcome = try play(LivePacer(sink: sink), book, tones, choices, dispatcher: dispatcher, live: true)
        outcome.playedOnServer = !outcome.outputLost
        return outcome
    }
}

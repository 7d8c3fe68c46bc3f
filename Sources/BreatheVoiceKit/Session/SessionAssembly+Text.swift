import BreatheCore
import BreatheSystem

/// The text-only session: no sound, the timeline follows the session's clock.
extension SessionAssembly {
    /// A text-only session. In screen-reader mode its lead-in leaves the screen reader time to read the opening first
    /// (`OpeningLeadIn`), as a session with sound does, unless the plan already does.
    func runText() throws(BreatheError) -> SessionOutcome {
        guard settings.readerOfTheTerminal != nil, !leadInCoversOpening else { return try runTextAsPlanned() }
        var session = self
        let leadIn = OpeningLeadIn(
            self, announcesKeys: settings.readsKeys && Terminal.isTerminal(0) && output.keysHint)
        session.replan(leadIn.readingPlan(SentenceLength(self)))
        return try session.runTextAsPlanned()
    }

    private func runTextAsPlanned() throws(BreatheError) -> SessionOutcome {
        try withLiveSession(speaks: false) { controls, presenters in
            var loop = SessionLoop(
                machine: settings.machine(announcesKeys: controls.readsKeys && output.keysHint),
                pacer: TextPacer(sampleRate: plan.sampleRate), clock: clock, presenters: presenters,
                sound: SessionSound(
                    phrases: PhraseBook(localizer: localizer),
                    tones: ToneClips(sampleRate: plan.sampleRate, volume: nil)),
                inputs: SessionInputs(sources: controls.sources), options: settings.loopOptions(speaking: nil))
            loop.afterInput = controls.settle(after:)
            return loop.run()
        }.get()
    }
}

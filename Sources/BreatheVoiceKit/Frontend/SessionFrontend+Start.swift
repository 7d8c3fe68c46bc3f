import BreatheCore
import BreatheSystem

extension SessionFrontend {
    /// `start` (and the demo, which runs it), from what was asked to an exit status: the plan (it needs the
    /// preferences: saved patterns, default pattern and length, lead-in), the sound server's early handshake, the screen
    /// reader, the display and the opening for it, then the session.
    package static func start(
        _ asked: StartRequest, preferences: Preferences, localizer: Localizer
    ) throws(BreatheError) -> Int32 {
        let plan = try SessionSetup.plan(asked.session, preferences)
        var earlyConnection: PendingPulseSink?
        if let handOff = EarlyConnectionHandOff.take(), handOff.wanted, let audio = asked.audio, audio.output == nil {
            earlyConnection = handOff.started ?? AudioSession.connectEarly(environment: ProcessEnvironment.current)
        }
        // Screen-reader mode (asked for, or a screen reader found) prints plain sentences unless a display was asked
        // for; reading it, short ones.
        let reader = SessionAssembly.screenReader(preferences.screenReader)
        let way = reader.way
        var output = try asked.display.resolve(
            preferred: way != nil ? "plain" : preferences.display, preferences: preferences)
        let interactive = Terminal.isTerminal(0)
        let mode = SessionAssembly.open(&output, for: reader, atTerminal: interactive)
        var request = Request.start(
            plan: plan, output: output, audio: asked.audio?.choices(preferences, screenReader: way), screenReader: mode,
            interactive: interactive, force: asked.force, moodBefore: asked.moodBefore, moodAfter: asked.moodAfter,
            waitsForMood: asked.waitsForMood(display: output.display), counting: preferences.flag(.count))
        request.earlyConnection = earlyConnection
        return try SessionFrontend(request: request, localizer: localizer).run()
    }
}

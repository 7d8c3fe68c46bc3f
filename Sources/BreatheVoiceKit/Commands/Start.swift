import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice start`: run one session.
    struct Start: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "start",
                abstract: HelpText.english("help.start.abstract"),
                discussion: HelpText.english("help.start.discussion")
            )
        }

        @OptionGroup var session: SessionOptions<StartDefaults>
        @OptionGroup var language: LanguageOption
        @OptionGroup var audio: AudioOptions

        @Flag(help: .english("help.option.no-audio"))
        var noAudio = false

        @OptionGroup var display: DisplayOptions
        @OptionGroup var mood: MoodOptions

        @Flag(help: .english("help.option.force"))
        var force = false

        /// Whether the words ask for a live session (`EarlyConnection`): then the sound server's handshake starts as
        /// soon as the plan is settled, and overlaps the rest of the setup; not an option.
        var connectsEarly = false
        /// The handshake `Entry` started before parsing, when the words asked for a live session and the user's cookie
        /// was whole (`PulseCookie.isWhole`); not an option.
        var startedConnection: PendingPulseSink?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            try mood.validate(localizer: localizer)
            try audio.validate(localizer: localizer)
            for (given, flag) in [(audio.output != nil, "--output"), (audio.requireAudio, "--require-audio")]
            where noAudio && given {
                throw ValidationError(
                    localizer.string(
                        Message(.errorFlagsConflict, ["first": .text("--no-audio"), "second": .text(flag)])))
            }
            if audio.output == "-", display.events == "json" {
                throw ValidationError(
                    localizer.string(
                        Message(.errorFlagsConflict, ["first": .text("--output -"), "second": .text("--events json")])))
            }
        }

        /// Options that override preferences.
        var preferenceFlags: [PreferenceKey: String] { audio.preferenceFlags.merging(display.preferenceFlags) { $1 } }

        func run(_ loaded: LoadedPreferences) throws {
            // The plan needs the preferences (saved patterns, default pattern and length, lead-in), and a bad
            // preferences file is exit 78, so both are settled here rather than in validate().
            let preferences = loaded.preferences
            let plan = try loaded.catching { () throws(BreatheError) in
                try SessionSetup.plan(session.request, preferences)
            }
            let earlyConnection =
                connectsEarly && !noAudio && audio.output == nil
                ? startedConnection ?? AudioSession.connectEarly(environment: ProcessEnvironment.current) : nil
            // Screen-reader mode (asked for, or a screen reader found) prints plain sentences unless a display was asked
            // for; reading it, short ones.
            let reader = SessionAssembly.screenReader(preferences.screenReader)
            let way = reader.way
            var output = try display.resolve(
                localizer: loaded.localizer, preferred: way != nil ? "plain" : preferences.display,
                preferences: preferences
            )
            SessionAssembly.open(&output, for: reader, atTerminal: Terminal.isTerminal(0))
            var request = SessionFrontend.Request.start(
                plan: plan, output: output, audio: noAudio ? nil : audio.choices(preferences, screenReader: way),
                interactive: Terminal.isTerminal(0),
                force: force, moodBefore: mood.before, moodAfter: mood.after,
                waitsForMood: mood.willPrompt(display: output.display),
                counting: preferences.flag(.count), textDescriptor: audio.output == "-" ? 2 : 1)
            request.earlyConnection = earlyConnection
            let frontend = SessionFrontend(request: request, localizer: loaded.localizer)
            try CommandFailure.exit(loaded.catching(frontend.run))
        }
    }
}

extension BreatheVoice.Start {
    enum CodingKeys: CodingKey {
        case session, language, audio, noAudio, display, mood, force
    }
}

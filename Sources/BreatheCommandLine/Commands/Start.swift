import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

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

        /// What was asked, for `SessionFrontend.start`, which does the rest.
        var request: SessionFrontend.StartRequest {
            SessionFrontend.StartRequest(
                session: session.request, display: display.request, audio: noAudio ? nil : audio.request, force: force,
                moodBefore: mood.before, moodAfter: mood.after)
        }

        func run(_ loaded: LoadedPreferences) throws {
            let request = self.request
            try CommandFailure.exit(
                loaded.catching { () throws(BreatheError) in
                    try SessionFrontend.start(request, preferences: loaded.preferences, localizer: loaded.localizer)
                })
        }
    }
}

extension BreatheVoice.Start {
    enum CodingKeys: CodingKey {
        case session, language, audio, noAudio, display, mood, force
    }
}

import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice start`: run one session.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a breathing session (the default command).",
            discussion: """
            Examples:
              breathe-voice --pattern 4-7-8 --cycles 4
              breathe-voice --pattern resonant --minutes 10 --ramp exhale=7
              breathe-voice --plain --no-audio --lang es

            \(BreatheVoice.exitCodesHelp)
            """
        )

        @OptionGroup var session: SessionOptions
        @OptionGroup var language: LanguageOption

        @Flag(help: "Print one plain sentence per event: no colour, no redraws. Best with a screen reader.")
        var plain = false

        @Flag(help: "Text only: no voice and no tones.")
        var noAudio = false

        @OptionGroup var mood: MoodOptions

        private var localizer: Localizer?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            self.localizer = localizer
            try mood.validate(localizer: localizer)
        }

        func run() throws {
            // The plan needs the preferences (saved patterns, default pattern and length, lead-in), and a bad
            // preferences file is exit 78, so both are settled here rather than in validate().
            let loaded = try LoadedPreferences.load(language: language)
            let plan = try SessionSetup.plan(session.request, loaded)
            let recorder = HistoryRecorder(
                store: HistoryStore(), plan: plan, language: loaded.localizer.language,
                moodBefore: mood.before, moodAfter: mood.after, waitsForMood: mood.willPrompt
            )
            let outcome = SessionLauncher(plan: plan, localizer: loaded.localizer, extraPresenters: [recorder]).runText()
            try SessionSetup.finish(recorder, outcome: outcome, mood: mood, localizer: loaded.localizer)
            switch outcome.signal {
            case .interrupt?: throw CommandFailure(code: ExitStatus.interrupted)
            case .terminate?: throw CommandFailure(code: ExitStatus.terminated)
            case .hangup?, .suspend?, .resumeFromSuspend?, .resize?, nil: return
            }
        }
    }
}

extension BreatheVoice.Start {
    enum CodingKeys: CodingKey {
        case session, language, plain, noAudio, mood
    }
}

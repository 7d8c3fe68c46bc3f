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

        @Flag(help: "Text only: no voice and no tones.")
        var noAudio = false

        @OptionGroup var display: DisplayOptions
        @OptionGroup var mood: MoodOptions

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            try mood.validate(localizer: localizer)
        }

        func run() throws {
            // The plan needs the preferences (saved patterns, default pattern and length, lead-in), and a bad
            // preferences file is exit 78, so both are settled here rather than in validate().
            let loaded = try LoadedPreferences.load(language: language)
            let plan = try SessionSetup.plan(session.request, loaded)
            let output = try display.resolve(localizer: loaded.localizer, preferred: loaded.preferences.display)
            let recorder = HistoryRecorder(
                store: HistoryStore(), plan: plan, language: loaded.localizer.language,
                moodBefore: mood.before, moodAfter: mood.after, waitsForMood: mood.willPrompt(display: output.display)
            )
            let outcome: SessionOutcome
            do throws(BreatheError) {
                outcome = try SessionLauncher(plan: plan, localizer: loaded.localizer, output: output, extraPresenters: [recorder]).runText()
            } catch {
                throw CommandFailure(error, localizer: loaded.localizer)
            }
            try SessionSetup.finish(recorder, outcome: outcome, display: output.display, localizer: loaded.localizer)
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
        case session, language, noAudio, display, mood
    }
}

import ArgumentParser
import BreatheCore
import BreatheVoiceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension BreatheVoice {
    /// `breathe-voice start`: run one session.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Run a breathing session (the default command).",
            discussion: """
            Examples:
              breathe-voice --pattern 4-7-8 --cycles 4
              breathe-voice --pattern resonant --minutes 10 --ramp exhale=7
              breathe-voice --plain --no-audio --lang es
              breathe-voice --lang es --voice es-419 --count --cycles 3
              breathe-voice --pattern box --cycles 2 --output box.wav

            \(BreatheVoice.exitCodesHelp)
            """
        )

        @OptionGroup var session: SessionOptions<StartDefaults>
        @OptionGroup var language: LanguageOption
        @OptionGroup var audio: AudioOptions

        @Flag(help: "Text only: no voice and no tones.")
        var noAudio = false

        @OptionGroup var display: DisplayOptions
        @OptionGroup var mood: MoodOptions

        @Flag(help: "Start even while another session holds the session lock (otherwise exit 75).")
        var force = false

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            try mood.validate(localizer: localizer)
            _ = try audio.choices(localizer: localizer)
            for (given, flag) in [(audio.output != nil, "--output"), (audio.requireAudio, "--require-audio")] where noAudio && given {
                throw ValidationError(localizer.string(Message(.errorFlagsConflict, ["first": .text("--no-audio"), "second": .text(flag)])))
            }
            if audio.output == "-", display.events == "json" {
                throw ValidationError(localizer.string(Message(.errorFlagsConflict, ["first": .text("--output -"), "second": .text("--events json")])))
            }
        }

        func run() throws {
            if !noAudio, audio.output == nil { AudioSessionLauncher.connectEarly(interactive: isatty(0) == 1) }
            // The plan needs the preferences (saved patterns, default pattern and length, lead-in), and a bad
            // preferences file is exit 78, so both are settled here rather than in validate().
            let loaded = try LoadedPreferences.load(language: language, flags: audio.preferenceFlags.merging(display.preferenceFlags) { $1 })
            let plan = try SessionSetup.plan(session.request, loaded)
            // Screen-reader mode prints plain sentences unless a display was asked for.
            let output = try display.resolve(
                localizer: loaded.localizer, preferred: loaded.preferences.screenReader ? "plain" : loaded.preferences.display,
                terse: loaded.preferences.terse
            )
            let recorder = HistoryRecorder(
                store: HistoryStore(), plan: plan, language: loaded.localizer.language,
                moodBefore: mood.before, moodAfter: mood.after, waitsForMood: mood.willPrompt(display: output.display)
            )
            try SessionSetup.checkHistory(recorder, interactive: isatty(0) == 1, localizer: loaded.localizer)
            var launcher = SessionLauncher(plan: plan, localizer: loaded.localizer, output: output, extraPresenters: [recorder])
            launcher.counting = loaded.preferences.count
            // Held for the whole session so that a reminder from cron skips rather than talks over it. A second
            // session is refused with exit 75 (a temporary failure: try again when the first ends) unless --force asks
            // for it anyway. A lock that cannot be taken at all (no folder for it) does not stop a session.
            let attempt = try? SessionLock.acquire(in: SessionLock.directory(environment: ProcessEnvironment.current))
            if case .busy? = attempt, !force {
                throw CommandFailure(.busy(Message(.errorSessionBusy)), localizer: loaded.localizer)
            }
            defer { withExtendedLifetime(attempt) {} }
            let outcome: SessionOutcome
            var audioLauncher: AudioSessionLauncher?
            do throws(BreatheError) {
                if noAudio {
                    outcome = try launcher.runText()
                } else {
                    let choices = audio.choices(loaded.preferences)
                    let session = AudioSessionLauncher(launcher: launcher, choices: choices, interactive: isatty(0) == 1)
                    audioLauncher = session
                    outcome = try session.run()
                }
            } catch {
                // The sound server went away mid-session (non-interactive: exit 69): what was breathed is still
                // recorded, as interrupted.
                if case .unavailable = error { recorder.recordCutShort() }
                throw CommandFailure(error, localizer: loaded.localizer)
            }
            try SessionSetup.finish(
                recorder, outcome: outcome, display: output.display, localizer: loaded.localizer,
                textDescriptor: audio.output == "-" ? 2 : 1
            )
            // Printed above, and spoken too when the session was heard through the sound server.
            audioLauncher?.speakAfterSession(recorder.newBadges.map(\.announcement), outcome: outcome)
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
        case session, language, audio, noAudio, display, mood, force
    }
}

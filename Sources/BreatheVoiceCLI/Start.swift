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

        @OptionGroup var session: SessionOptions
        @OptionGroup var language: LanguageOption
        @OptionGroup var audio: AudioOptions

        @Flag(help: "Print one plain sentence per event: no colour, no redraws. Best with a screen reader.")
        var plain = false

        @Flag(help: "Text only: no voice and no tones.")
        var noAudio = false

        /// The checked session, built once the options are known to be valid.
        private var plan: SessionPlan?
        private var localizer: Localizer?
        private var choices: AudioChoices?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            self.localizer = localizer
            do throws(InputError) {
                let request = try session.request.resolve().get()
                plan = try SessionPlan.make(
                    pattern: request.pattern, ramps: request.ramps, length: request.length,
                    sampleRate: AudioFormat.sampleRate
                ).get()
            } catch {
                throw ValidationError(localizer.string(error.message))
            }
            choices = try audio.choices(localizer: localizer)
            for (given, flag) in [(audio.output != nil, "--output"), (audio.requireAudio, "--require-audio")] where noAudio && given {
                throw ValidationError(localizer.string(Message(.errorFlagsConflict, ["first": .text("--no-audio"), "second": .text(flag)])))
            }
        }

        func run() throws {
            guard let plan, let localizer, let choices else { throw CommandFailure(code: ExitStatus.usage) }
            let outcome: SessionOutcome
            if noAudio {
                outcome = SessionLauncher(plan: plan, localizer: localizer).runText()
            } else {
                do throws(BreatheError) {
                    outcome = try AudioSessionLauncher(plan: plan, localizer: localizer, choices: choices,
                                                       interactive: isatty(0) == 1).run()
                } catch {
                    throw CommandFailure(error, localizer: localizer)
                }
            }
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
        case session, language, audio, plain, noAudio
    }
}

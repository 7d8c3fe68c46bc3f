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

        @OptionGroup var display: DisplayOptions

        @Flag(help: "Text only: no voice and no tones.")
        var noAudio = false

        /// The checked session, built once the options are known to be valid.
        private var plan: SessionPlan?
        private var localizer: Localizer?
        private var output: OutputOptions?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            self.localizer = localizer
            output = try display.resolve(localizer: localizer)
            do throws(InputError) {
                let request = try session.request.resolve().get()
                plan = try SessionPlan.make(
                    pattern: request.pattern, ramps: request.ramps, length: request.length,
                    sampleRate: AudioFormat.sampleRate
                ).get()
            } catch {
                throw ValidationError(localizer.string(error.message))
            }
        }

        func run() throws {
            guard let plan, let localizer, let output else { throw CommandFailure(code: ExitStatus.usage) }
            let outcome: SessionOutcome
            do throws(BreatheError) {
                outcome = try SessionLauncher(plan: plan, localizer: localizer, output: output).runText()
            } catch {
                throw CommandFailure(error, localizer: localizer)
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
        case session, language, display, noAudio
    }
}

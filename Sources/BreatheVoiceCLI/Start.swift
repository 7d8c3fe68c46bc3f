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

        /// The checked session, built once the options are known to be valid.
        private var plan: SessionPlan?
        private var localizer: Localizer?

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
        }

        func run() throws {
            guard let plan, let localizer else { throw CommandFailure(code: ExitStatus.usage) }
            let outcome = SessionLauncher(plan: plan, localizer: localizer).runText()
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
        case session, language, plain, noAudio
    }
}

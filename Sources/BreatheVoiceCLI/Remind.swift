import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice remind`: the short session cron runs. Never interactive; silent skips in quiet hours or while
    /// another session runs.
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a short reminder session, as cron does (non-interactive).",
            discussion: """
            Says "Time for a breathing break." and runs a short session: 1 minute of box breathing unless the session \
            options say otherwise. It reads no keys and asks nothing. In quiet hours, or while another session holds \
            the lock, it does nothing and exits 0 (with --verbose, it says why on stderr).

            \(BreatheVoice.exitCodesHelp)
            """
        )

        @OptionGroup var session: SessionOptions
        @OptionGroup var language: LanguageOption

        @Flag(help: "Say on stderr why a reminder was skipped.")
        var verbose = false

        @Flag(help: "Run as text when no sound is available, instead of failing with exit 69.")
        var allowSilent = false

        @Option(help: ArgumentHelp("Do nothing in this daily window, such as 22:00-07:00 (may wrap past midnight).", valueName: "HH:MM-HH:MM"))
        var quietHours: String?

        private var plan: SessionPlan?
        private var localizer: Localizer?
        private var quiet: QuietHours?

        init() {}

        /// A reminder is short unless asked otherwise: one minute.
        static let defaultLength = SessionLength.minutes(hundredths: 100)

        mutating func validate() throws {
            let localizer = try language.resolve()
            self.localizer = localizer
            do throws(InputError) {
                let request = try session.request.resolve(defaultLength: Self.defaultLength).get()
                plan = try SessionPlan.make(
                    pattern: request.pattern, ramps: request.ramps, length: request.length,
                    sampleRate: AudioFormat.sampleRate
                ).get()
                if let quietHours { quiet = try QuietHours.parse(quietHours).get() }
            } catch {
                throw ValidationError(localizer.string(error.message))
            }
        }

        func run() throws {
            guard let plan, let localizer else { throw CommandFailure(code: ExitStatus.usage) }
            let gate = ReminderGate(quietHours: quiet, lockDirectory: SessionLock.directory(environment: ProcessEnvironment.current))
            let lock: SessionLock
            do throws(BreatheError) {
                switch try gate.decide() {
                case .run(let held): lock = held
                case .skip(let reason):
                    if verbose {
                        var standardError = FileDescriptorSink.standardError
                        standardError.write(PlainText.line(localizer.string(reason)))
                    }
                    return
                }
            } catch {
                throw CommandFailure(error, localizer: localizer)
            }
            var output = FileDescriptorSink.standardOutput
            output.write(PlainText.line(localizer.string(Message(.remindOpening))))
            let outcome = withExtendedLifetime(lock) {
                SessionLauncher(plan: plan, localizer: localizer).runText()
            }
            switch outcome.signal {
            case .interrupt?: throw CommandFailure(code: ExitStatus.interrupted)
            case .terminate?: throw CommandFailure(code: ExitStatus.terminated)
            case .hangup?, .suspend?, .resumeFromSuspend?, .resize?, nil: return
            }
        }
    }
}

extension BreatheVoice.Remind {
    enum CodingKeys: CodingKey {
        case session, language, verbose, allowSilent, quietHours
    }
}

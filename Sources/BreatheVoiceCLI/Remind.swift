import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice remind`: the short session cron runs. Never interactive; silent skips in quiet hours or while
    /// another session runs.
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remind",
            abstract: "Run a short reminder session, as cron does (non-interactive).",
            discussion: """
            Says "Time for a breathing break." and runs a short session: \(DefaultsHelp.value(.remindMinutes)) minutes of \
            \(DefaultsHelp.value(.remindPattern)) breathing (the remind.minutes and remind.pattern preferences) unless the \
            session options say otherwise. It reads no keys and asks nothing. In quiet hours, or while another session holds \
            the lock, it does nothing and exits 0 (with --verbose, it says why on stderr).

            \(BreatheVoice.exitCodesHelp)
            """
        )

        @OptionGroup var session: SessionOptions<RemindDefaults>
        @OptionGroup var language: LanguageOption
        @OptionGroup var audio: AudioOptions
        @OptionGroup var display: DisplayOptions

        @Flag(help: "Say on stderr why a reminder was skipped.")
        var verbose = false

        @Flag(help: "Run as text when no sound or speech is available, instead of failing with exit 69: only the record is kept.")
        var allowSilent = false

        @Option(help: ArgumentHelp(
            "Do nothing in this daily window, such as 22:00-07:00 (may wrap past midnight). Default: the quietHours preference.",
            valueName: "HH:MM-HH:MM"
        ))
        var quietHours: String?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            _ = try audio.choices(localizer: localizer)
            if let quietHours, case .failure(let error) = QuietHours.parse(quietHours) {
                throw ValidationError(localizer.string(error.message))
            }
            if audio.output != nil {
                throw ValidationError(localizer.string(Message(.errorFlagsConflict, ["first": .text("remind"), "second": .text("--output")])))
            }
        }

        func run() throws {
            let loaded = try LoadedPreferences.load(language: language, flags: audio.preferenceFlags.merging(display.preferenceFlags) { $1 })
            let localizer = loaded.localizer
            let plan = try SessionSetup.plan(session.request, loaded, reminder: true)
            let gate = ReminderGate(
                quietHours: quietHours.flatMap { try? QuietHours.parse($0).get() } ?? loaded.preferences.quietHours,
                lockDirectory: SessionLock.directory(environment: ProcessEnvironment.current)
            )
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
            // Cron mails whatever a job prints, so a reminder is quiet unless a display is asked for; never visual,
            // never keys, never a prompt.
            var output = try display.resolve(localizer: localizer, preferred: display.display == nil && !display.plain ? "quiet" : "plain",
                                         terse: loaded.preferences.terse)
            if output.display == .visual { output.display = .plain }
            let recorder = HistoryRecorder(
                store: HistoryStore(), plan: plan, language: localizer.language, source: .cron,
                moodBefore: nil, moodAfter: nil, waitsForMood: false
            )
            try SessionSetup.checkHistory(recorder, interactive: false, localizer: localizer)
            var launcher = SessionLauncher(plan: plan, localizer: localizer, output: output, extraPresenters: [recorder])
            launcher.readsKeys = false
            launcher.opening = Announcement(line: Message(.remindOpening), speech: Message(.speechRemindOpening))
            let outcome: SessionOutcome
            do throws(BreatheError) {
                outcome = try withExtendedLifetime(lock) { () throws(BreatheError) -> SessionOutcome in
                    try AudioSessionLauncher(
                        launcher: launcher, choices: audio.choices(loaded.preferences), interactive: false,
                        allowsSilence: allowSilent
                    ).run()
                }
            } catch {
                // The sound server went away mid-session: what was breathed is still recorded, as interrupted.
                if case .unavailable = error { recorder.recordCutShort() }
                // The usual advice (--no-audio) does not apply to a reminder: say what cron needs instead.
                if case .unavailable(let message) = error, message.key == .errorAudioUnavailable {
                    throw CommandFailure(.unavailable(Message(.errorRemindAudioUnavailable, message.arguments)), localizer: localizer)
                }
                throw CommandFailure(error, localizer: localizer)
            }
            try SessionSetup.finish(recorder, outcome: outcome, display: output.display, localizer: localizer)
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
        case session, language, audio, display, verbose, allowSilent, quietHours
    }
}

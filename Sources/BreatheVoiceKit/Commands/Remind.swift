import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice remind`: the short session cron runs. Never interactive; silent skips in quiet hours or while
    /// another session runs.
    struct Remind: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "remind",
                abstract: HelpText.english("help.remind.abstract"),
                discussion: HelpText.english("help.remind.discussion")
            )
        }

        @OptionGroup var session: SessionOptions<RemindDefaults>
        @OptionGroup var language: LanguageOption
        @OptionGroup var audio: AudioOptions
        @OptionGroup var display: DisplayOptions

        @Flag(help: .english("help.option.verbose"))
        var verbose = false

        @Flag(
            help: .english("help.option.allow-silent"))
        var allowSilent = false

        @Option(
            help: ArgumentHelp(
                HelpText.english("help.option.quiet-hours"),
                valueName: "HH:MM-HH:MM"
            ))
        var quietHours: String?

        @Option(
            name: .customLong("defer"),
            help: ArgumentHelp(
                HelpText.english("help.option.defer"),
                valueName: "duration"
            ))
        var deferFor: String?

        init() {}

        mutating func validate() throws {
            let localizer = try language.resolve()
            try audio.validate(localizer: localizer)
            if let quietHours, case .failure(let error) = QuietHours.parse(quietHours) {
                throw ValidationError(localizer.string(error.message))
            }
            if let deferFor, case .failure(let error) = ReminderDefer.parse(deferFor) {
                throw ValidationError(localizer.string(error.message))
            }
            if audio.output != nil {
                throw ValidationError(
                    localizer.string(
                        Message(.errorFlagsConflict, ["first": .text("remind"), "second": .text("--output")])))
            }
        }

        /// Options that override preferences.
        var preferenceFlags: [PreferenceKey: String] { audio.preferenceFlags.merging(display.preferenceFlags) { $1 } }

        /// As every `PreferencesCommand` runs, but a reminder whose preferences cannot be used leaves a trace.
        func run() throws {
            let loaded: LoadedPreferences
            do {
                loaded = try LoadedPreferences.load(language: language, flags: preferenceFlags)
            } catch let failure as CommandFailure {
                let localizer = PreferencesStore().errorLocalizer(
                    flagLanguage: language.language, environment: ProcessEnvironment.current)
                ReminderFailure.recordUnplanned(
                    failure.code == ExitStatus.badPreferences ? .preferences : .other, patternName: session.pattern,
                    language: localizer.language)
                throw failure
            }
            try run(loaded)
        }

        func run(_ loaded: LoadedPreferences) throws {
            let preferences = loaded.preferences
            let plan: SessionPlan
            do throws(BreatheError) {
                plan = try SessionSetup.plan(session.request, preferences, reminder: true)
            } catch {
                // A saved pattern removed since the reminder was scheduled, most often.
                ReminderFailure.recordUnplanned(
                    ReminderFailure.reason(for: error), patternName: session.pattern ?? preferences.remindPattern,
                    language: loaded.localizer.language)
                throw CommandFailure(error, localizer: loaded.localizer)
            }
            let quiet = quietHours.flatMap { try? QuietHours.parse($0).get() } ?? preferences.quietHours
            // Only a reminder that makes a sound waits for a call to end.
            let wait = deferFor.flatMap { try? ReminderDefer.parse($0).get() } ?? preferences.remindDefer
            let deferral =
                preferences.makesSound
                ? ReminderDeferral.live(wait: wait, environment: ProcessEnvironment.current) : nil
            let recorder = HistoryRecorder(
                store: HistoryStore(), plan: plan, language: loaded.localizer.language, source: .cron)
            let admitted = try loaded.catching { () throws(BreatheError) in
                do throws(BreatheError) {
                    return try SessionFrontend.admitReminder(
                        quietHours: quiet, verbose: verbose, localizer: loaded.localizer, deferral: deferral,
                        recorder: recorder)
                } catch {
                    try? recorder.appendFailed(ReminderFailure.reason(for: error))
                    throw error
                }
            }
            guard let lock = admitted else { return }
            // Cron mails whatever a job prints, so a reminder is quiet unless a display is asked for; never visual,
            // never keys, never a prompt. A braille display shows it too, as the preferences say: for a deaf-blind user,
            // the only way it reaches them.
            let output = try display.resolve(
                localizer: loaded.localizer, preferred: display.display == nil && !display.plain ? "quiet" : "plain",
                preferences: preferences
            )
            // With a screen reader in use (the preference, or one running for this user), the reminder speaks through
            // speech-dispatcher and queues behind what the screen reader is saying instead of talking over it.
            var choices = audio.choices(
                preferences,
                screenReader: SessionAssembly.reminderScreenReader(preferences.screenReader).map { _ in .speak })
            choices.queuesBehindOtherSpeech = true
            let frontend = SessionFrontend(
                request: .reminder(
                    plan: plan, output: output, audio: choices, allowsSilence: allowSilent,
                    lock: lock
                ), localizer: loaded.localizer)
            try CommandFailure.exit(loaded.catching(frontend.run))
        }
    }
}

extension BreatheVoice.Remind {
    enum CodingKeys: CodingKey {
        case session, language, audio, display, verbose, allowSilent, quietHours, deferFor
    }
}

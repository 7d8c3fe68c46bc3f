import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

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
                SessionFrontend.recordUnloadedReminder(
                    exitCode: failure.code, patternName: session.pattern, flagLanguage: language.language)
                throw failure
            }
            try run(loaded)
        }

        /// What was asked, for `SessionFrontend.remind`, which does the rest.
        var request: SessionFrontend.ReminderRequest {
            SessionFrontend.ReminderRequest(
                session: session.request, patternName: session.pattern, display: display.request, audio: audio.request,
                verbose: verbose, allowsSilence: allowSilent,
                quietHours: quietHours.flatMap { try? QuietHours.parse($0).get() },
                deferFor: deferFor.flatMap { try? ReminderDefer.parse($0).get() })
        }

        func run(_ loaded: LoadedPreferences) throws {
            let request = self.request
            try CommandFailure.exit(
                loaded.catching { () throws(BreatheError) in
                    try SessionFrontend.remind(request, preferences: loaded.preferences, localizer: loaded.localizer)
                })
        }
    }
}

extension BreatheVoice.Remind {
    enum CodingKeys: CodingKey {
        case session, language, audio, display, verbose, allowSilent, quietHours, deferFor
    }
}

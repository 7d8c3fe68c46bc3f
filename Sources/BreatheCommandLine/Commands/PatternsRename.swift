import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.Patterns {
    /// `breathe-voice patterns rename`: gives a saved pattern another name, and the reminders and preferences that
    /// name it the new one.
    struct Rename: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "rename", abstract: HelpText.english("help.patterns.rename.abstract"),
                discussion: HelpText.english("help.patterns.rename.discussion"))
        }
        static let updatesPreferences = true
        @OptionGroup var language: LanguageOption
        @Argument(help: .english("help.patterns.rename.argument.old")) var old: String
        @Argument(help: .english("help.patterns.rename.argument.new")) var new: String

        func run(_ loaded: LoadedPreferences) throws {
            let localizer = loaded.localizer
            var patterns = loaded.document.customPatterns
            if let problem = Self.problem(renaming: old, to: new, saved: patterns) {
                throw CommandFailure(.usage(problem), localizer: localizer)
            }
            guard let index = patterns.firstIndex(where: { $0.name == old }) else { return }
            patterns[index].name = new
            var document = loaded.document
            document.values[.customPatterns] = .patterns(patterns)
            // The preferences that name it name the new one, as the reminders do.
            let keys = [PreferenceKey.defaultPattern, .remindPattern].filter { document.values[$0]?.text == old }
            for key in keys { document.values[key] = .text(new) }

            let environment = ProcessEnvironment.current
            let renaming = ReminderPatternRename(
                crontab: .live(environment: environment), systemd: .live(environment: environment))
            let (plan, reloaded) = try loaded.catching { () throws(BreatheError) in
                try renaming.rename(old, to: new) { () throws(BreatheError) in try loaded.save(document) }
            }
            var output = FileDescriptorSink.standardOutput
            output.say(Message(.patternsRenamed, ["old": .text(old), "new": .text(new)]), localizer)
            for key in keys {
                output.say(Message(.prefsSet, ["key": .text(key.rawValue), "value": .text(new)]), localizer)
            }
            for reminder in plan.reminders {
                output.say(
                    Message(
                        .patternsRenamedReminder,
                        ["id": .integer(reminder.id), "summary": .text(reminder.summary), "name": .text(new)]),
                    localizer)
            }
            if reloaded == false {
                var standardError = FileDescriptorSink.standardError
                standardError.say(Message(.patternsRenamedSystemdManual, ["name": .text(new)]), localizer)
            }
        }

        /// Why `old` cannot be renamed to `new`, or nil when it can: `old` must be saved, `new` a name a pattern may
        /// have that no other pattern has, whatever its case.
        static func problem(renaming old: String, to new: String, saved: [BreathingPattern]) -> Message? {
            guard saved.contains(where: { $0.name == old }) else {
                if let builtIn = BreathingPattern.builtIn(named: old) {
                    return Message(
                        .errorPatternRenameBuiltIn,
                        ["name": .userValue(old), "new": .userValue(new), "timings": .text(builtIn.timingsText)])
                }
                return Message(.errorPatternNotSaved, ["name": .userValue(old)])
            }
            if new == old { return Message(.errorPatternRenameSame, ["name": .userValue(old)]) }
            if let problem = PreferenceRules.checkPatternName(new) { return problem }
            // Only a change of case may keep the name's sound: the pattern itself is not its own twin.
            if let other = saved.first(where: { $0.name != old && $0.name?.lowercased() == new.lowercased() }) {
                return other.name == new
                    ? Message(.errorPatternRenameTaken, ["name": .userValue(new)])
                    : Message(.errorPatternCaseTwin, ["name": .userValue(new), "saved": .userValue(other.name ?? "")])
            }
            return nil
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.Patterns {
    /// `breathe-voice patterns remove`: removes a saved pattern.
    struct Remove: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "remove", abstract: HelpText.english("help.patterns.remove.abstract"))
        }
        static let updatesPreferences = true
        @OptionGroup var language: LanguageOption
        @Argument(help: .english("help.patterns.remove.argument.name")) var name: String
        @Flag(help: .english("help.patterns.remove.option.force")) var force = false

        func run(_ loaded: LoadedPreferences) throws {
            let localizer = loaded.localizer
            var patterns = loaded.document.customPatterns
            guard let index = patterns.firstIndex(where: { $0.name == name }) else {
                throw CommandFailure(
                    .usage(Message(.errorPatternNotSaved, ["name": .userValue(name)])), localizer: localizer)
            }
            for key in [PreferenceKey.defaultPattern, .remindPattern] where loaded.document.values[key]?.text == name {
                throw CommandFailure(
                    .usage(Message(.errorPatternInUse, ["name": .userValue(name), "key": .text(key.rawValue)])),
                    localizer: localizer)
            }
            // A scheduled reminder that plays it would fail every time from now on: refused (exit 64) unless forced.
            let environment = ProcessEnvironment.current
            let playing = ReminderPatternUse.reminders(
                playing: name,
                among: ScheduledReminders.all(
                    crontab: .live(environment: environment), timers: .live(environment: environment)),
                remindPattern: loaded.preferences.remindPattern)
            func naming(_ reminder: (id: Int, summary: String)) -> [String: MessageArgument] {
                ["name": .userValue(name), "id": .integer(reminder.id), "summary": .text(reminder.summary)]
            }
            if let first = playing.first, !force {
                throw CommandFailure(.usage(Message(.errorPatternScheduled, naming(first))), localizer: localizer)
            }
            patterns.remove(at: index)
            var document = loaded.document
            document.values[.customPatterns] = patterns.isEmpty ? nil : .patterns(patterns)
            try loaded.catching { () throws(BreatheError) in try loaded.save(document) }
            var output = FileDescriptorSink.standardOutput
            output.say(Message(.patternsRemoved, ["name": .text(name)]), localizer)
            var standardError = FileDescriptorSink.standardError
            for reminder in playing {
                standardError.say(Message(.warningPatternScheduled, naming(reminder)), localizer)
            }
        }
    }
}

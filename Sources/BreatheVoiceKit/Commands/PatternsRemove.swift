import ArgumentParser
import BreatheCore

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
            patterns.remove(at: index)
            var document = loaded.document
            document.values[.customPatterns] = patterns.isEmpty ? nil : .patterns(patterns)
            try loaded.catching { () throws(BreatheError) in try loaded.save(document) }
            var output = FileDescriptorSink.standardOutput
            output.say(Message(.patternsRemoved, ["name": .text(name)]), localizer)
        }
    }
}

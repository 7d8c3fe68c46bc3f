import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Patterns {
    /// `breathe-voice patterns add`: saves a pattern under a name.
    struct Add: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "add", abstract: HelpText.english("help.patterns.add.abstract"))
        }
        static let updatesPreferences = true
        @OptionGroup var language: LanguageOption
        @Argument(help: .english("help.argument.name")) var name: String
        @Argument(help: .english("help.argument.timings")) var timings: String

        func run(_ loaded: LoadedPreferences) throws {
            let localizer = loaded.localizer
            if let problem = PreferenceRules.checkPatternName(name) {
                throw CommandFailure(.usage(problem), localizer: localizer)
            }
            var patterns = loaded.document.customPatterns
            // Names are unique whatever their case, as the built-ins' are: speech cannot tell "calm" from "Calm".
            if let saved = patterns.first(where: { $0.name?.lowercased() == name.lowercased() }) {
                let message =
                    saved.name == name
                    ? Message(.errorPatternExists, ["name": .userValue(name)])
                    : Message(.errorPatternCaseTwin, ["name": .userValue(name), "saved": .userValue(saved.name ?? "")])
                throw CommandFailure(.usage(message), localizer: localizer)
            }
            let pattern: BreathingPattern
            switch PatternSpec.parseTimings(timings) {
            case .failure(let error): throw CommandFailure(.usage(error.message), localizer: localizer)
            case .success(let parsed): pattern = BreathingPattern(name: name, phases: parsed.phases)
            }
            patterns.append(pattern)
            var document = loaded.document
            document.values[.customPatterns] = .patterns(patterns)
            try loaded.catching { () throws(BreatheError) in try loaded.save(document) }
            var output = FileDescriptorSink.standardOutput
            output.say(
                Message(.patternsAdded, ["name": .text(name), "timings": .timings(pattern.timingsText)]), localizer)
        }
    }
}

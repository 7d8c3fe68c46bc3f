import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice patterns`: list the patterns with every number; `add` and `remove` manage saved ones.
    struct Patterns: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "patterns",
            abstract: "List the breathing patterns with their timings; save or remove your own.",
            subcommands: [List.self, Add.self, Remove.self],
            defaultSubcommand: List.self
        )

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List built-in and saved patterns.")
            @OptionGroup var language: LanguageOption
            @Flag(help: "Print one JSON document (version 1) instead of sentences.") var json = false

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language)
                var output = FileDescriptorSink.standardOutput
                if json {
                    output.write(PatternListing(localizer: loaded.localizer).json(builtIn: BreathingPattern.builtIn, saved: loaded.preferences.customPatterns))
                    return
                }
                output.write(PatternListing(localizer: loaded.localizer).text(for: BreathingPattern.builtIn))
                let saved = loaded.preferences.customPatterns
                if !saved.isEmpty {
                    output.write(PatternListing(localizer: loaded.localizer).text(for: saved, header: .patternsSavedHeader))
                }
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Save a pattern under a name: patterns add calm 4-2-6-0.")
            @OptionGroup var language: LanguageOption
            @Argument(help: "A name: letters, digits, - or _, not a built-in's.") var name: String
            @Argument(help: "Timings in-hold-out-rest, such as 4-7-8-0.") var timings: String

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language, forUpdate: true)
                let localizer = loaded.localizer
                if let problem = PreferenceRules.checkPatternName(name) { throw CommandFailure(.usage(problem), localizer: localizer) }
                var patterns = loaded.document.customPatterns
                guard !patterns.contains(where: { $0.name == name }) else {
                    throw CommandFailure(.usage(Message(.errorPatternExists, ["name": .userValue(name)])), localizer: localizer)
                }
                let pattern: BreathingPattern
                switch PatternSpec.parseTimings(timings) {
                case .failure(let error): throw CommandFailure(.usage(error.message), localizer: localizer)
                case .success(let parsed): pattern = BreathingPattern(name: name, phases: parsed.phases)
                }
                patterns.append(pattern)
                var document = loaded.document
                document.values[.customPatterns] = .patterns(patterns)
                do { try loaded.save(document) } catch { throw CommandFailure(error, localizer: localizer) }
                var output = FileDescriptorSink.standardOutput
                output.say(Message(.patternsAdded, ["name": .text(name), "timings": .decimals(pattern.timingsText)]), localizer)
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a saved pattern.")
            @OptionGroup var language: LanguageOption
            @Argument(help: "The saved pattern's name.") var name: String

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language, forUpdate: true)
                let localizer = loaded.localizer
                var patterns = loaded.document.customPatterns
                guard let index = patterns.firstIndex(where: { $0.name == name }) else {
                    throw CommandFailure(.usage(Message(.errorPatternNotSaved, ["name": .userValue(name)])), localizer: localizer)
                }
                for key in [PreferenceKey.defaultPattern, .remindPattern] where loaded.document.values[key]?.text == name {
                    throw CommandFailure(.usage(Message(.errorPatternInUse, ["name": .userValue(name), "key": .text(key.rawValue)])), localizer: localizer)
                }
                patterns.remove(at: index)
                var document = loaded.document
                document.values[.customPatterns] = patterns.isEmpty ? nil : .patterns(patterns)
                do { try loaded.save(document) } catch { throw CommandFailure(error, localizer: localizer) }
                var output = FileDescriptorSink.standardOutput
                output.say(Message(.patternsRemoved, ["name": .text(name)]), localizer)
            }
        }
    }
}

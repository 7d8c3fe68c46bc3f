import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.Patterns {
    /// `breathe-voice patterns list`: the built-in and saved patterns with their timings.
    struct List: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "list", abstract: HelpText.english("help.patterns.list.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.patterns.list.option.json")) var json = false

        func run(_ loaded: LoadedPreferences) throws {
            var output = FileDescriptorSink.standardOutput
            if json {
                output.write(
                    PatternListing(localizer: loaded.localizer).json(
                        builtIn: BreathingPattern.builtIn, saved: loaded.preferences.customPatterns))
                return
            }
            output.write(PatternListing(localizer: loaded.localizer).text(for: BreathingPattern.builtIn))
            let saved = loaded.preferences.customPatterns
            if !saved.isEmpty {
                output.write(PatternListing(localizer: loaded.localizer).text(for: saved, header: .patternsSavedHeader))
            }
        }
    }
}

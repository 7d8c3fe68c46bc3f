import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice patterns`: list the patterns with every number.
    struct Patterns: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the breathing patterns with their timings.")

        @OptionGroup var language: LanguageOption

        func run() throws {
            let localizer = try language.resolve()
            var output = FileDescriptorSink.standardOutput
            output.write(PatternListing(localizer: localizer).text(for: BreathingPattern.builtIn))
        }
    }
}

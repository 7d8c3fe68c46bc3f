import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice patterns`: list the patterns with every number; `add` and `remove` manage saved ones.
    struct Patterns: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "patterns",
            abstract: "List the breathing patterns with their timings; save or remove your own.",
            subcommands: [List.self, Add.self, Remove.self],
            defaultSubcommand: List.self
        )
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice patterns`: list the patterns with every number; `add` and `remove` manage saved ones.
    struct Patterns: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "patterns",
                abstract: HelpText.english("help.patterns.abstract"),
                subcommands: [List.self, Add.self, Rename.self, Remove.self],
                defaultSubcommand: List.self
            )
        }
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice history`: the recorded sessions; `export` and `clear`.
    struct History: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "history",
                abstract: HelpText.english("help.history.abstract"),
                subcommands: [List.self, Export.self, Import.self, Clear.self],
                defaultSubcommand: List.self
            )
        }
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice prefs`: show and change the saved preferences.
    struct Prefs: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "prefs",
                abstract:
                    HelpText.english("help.prefs.abstract"),
                discussion: HelpText.english("help.prefs.discussion"),
                subcommands: [Show.self, Get.self, Set.self, Unset.self, Reset.self, Path.self, Edit.self],
                defaultSubcommand: Show.self
            )
        }
    }
}

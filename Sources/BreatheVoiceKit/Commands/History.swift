import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice history`: the recorded sessions; `export` and `clear`.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List recorded sessions ($XDG_STATE_HOME/breathe-voice/history.jsonl); export or clear them.",
            subcommands: [List.self, Export.self, Clear.self],
            defaultSubcommand: List.self
        )
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice.History {
    /// `breathe-voice history list`: the recorded sessions, oldest first.
    struct List: PreferencesCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List sessions, oldest first.")
        @OptionGroup var language: LanguageOption
        @Option(help: ArgumentHelp("Only the last N sessions (1 to 1000000).", valueName: "n")) var last: String?
        @Option(help: ArgumentHelp("Only sessions on or after this local date.", valueName: "YYYY-MM-DD")) var since:
            String?
        @Flag(help: "One JSON object per line, as stored.") var json = false

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                let filter = try HistoryFilter(last: last, since: since)
                try HistoryStream(localizer: loaded.localizer).list(filter, json: json)
            }
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.History {
    /// `breathe-voice history list`: the recorded sessions, oldest first.
    struct List: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "list", abstract: HelpText.english("help.history.list.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Option(help: ArgumentHelp(HelpText.english("help.option.last"), valueName: "n")) var last: String?
        @Option(help: ArgumentHelp(HelpText.english("help.option.since"), valueName: "YYYY-MM-DD")) var since: String?
        @Flag(help: .english("help.history.list.option.json")) var json = false

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                let filter = try HistoryFilter(last: last, since: since)
                try HistoryStream(localizer: loaded.localizer).list(filter, json: json)
            }
        }
    }
}

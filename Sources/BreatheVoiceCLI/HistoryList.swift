import ArgumentParser
import BreatheCore
import BreatheVoiceKit

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
            let records = try loaded.catching { () throws(BreatheError) in
                try HistoryFilter(last: last, since: since).records(HistoryStore(), localizer: loaded.localizer)
            }
            var output = FileDescriptorSink.standardOutput
            if records.isEmpty && !json {
                output.say(Message(.historyEmpty), loaded.localizer)
                return
            }
            let listing = HistoryListing(localizer: loaded.localizer)
            for record in records { output.write(json ? record.line + "\n" : listing.line(record)) }
        }
    }
}

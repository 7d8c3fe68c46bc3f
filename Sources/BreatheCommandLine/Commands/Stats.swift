import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice stats`: totals, streaks, the last week, mood and badges.
    struct Stats: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "stats",
                abstract:
                    HelpText.english("help.stats.abstract")
            )
        }
        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.option.json")) var json = false

        func run(_ loaded: LoadedPreferences) throws {
            let store = HistoryStore()
            var standardError = FileDescriptorSink.standardError
            let today = WallClock.live.now().dayNumber
            let stats = try loaded.catching { () throws(BreatheError) in
                try store.stats(today: today, skipped: { standardError.say(store.skippedLine($0), loaded.localizer) })
            }
            let listing = HistoryListing(localizer: loaded.localizer)
            var output = FileDescriptorSink.standardOutput
            output.write(json ? listing.statsJSON(stats) : listing.stats(stats))
        }
    }
}

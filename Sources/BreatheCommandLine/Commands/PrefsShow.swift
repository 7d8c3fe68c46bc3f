import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs show`: every preference, with `--origin` where each came from.
    struct Show: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "show", abstract: HelpText.english("help.prefs.show.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.option.json")) var json = false
        @Flag(help: .english("help.option.origin")) var origin = false

        func run(_ loaded: LoadedPreferences) throws {
            let listing = PreferencesListing(localizer: loaded.localizer)
            var output = FileDescriptorSink.standardOutput
            output.write(
                json
                    ? listing.json(loaded.preferences, origins: origin)
                    : listing.text(loaded.preferences, origins: origin))
        }
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs show`: every preference, with `--origin` where each came from.
    struct Show: PreferencesCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print every preference.")
        @OptionGroup var language: LanguageOption
        @Flag(help: "Print JSON.") var json = false
        @Flag(help: "Say where each value came from: option, environment, file or default.") var origin = false

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

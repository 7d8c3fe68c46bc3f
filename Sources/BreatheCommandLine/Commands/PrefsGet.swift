import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs get`: one preference's value.
    struct Get: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "get", abstract: HelpText.english("help.prefs.get.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Argument(
            help: .english("help.argument.key"),
            completion: .list(PreferenceKeyCompletion.names(languages: LocaleCatalog.codes))) var key: String

        func run(_ loaded: LoadedPreferences) throws {
            let name = try PreferenceName.parse(key, loaded)
            var output = FileDescriptorSink.standardOutput
            if let code = name.language {
                let saved = loaded.document.text(name.key, for: code)
                output.write(
                    PlainText.line(saved ?? PreferencesListing(localizer: loaded.localizer).unset(name.key)))
                return
            }
            output.write(
                PlainText.line(PreferencesListing(localizer: loaded.localizer).value(name.key, in: loaded.preferences)))
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs unset`: removes a preference from the file, so its default applies.
    struct Unset: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "unset", abstract: HelpText.english("help.prefs.unset.abstract"))
        }
        static let updatesPreferences = true
        @OptionGroup var language: LanguageOption
        @Argument(
            help: .english("help.argument.key"),
            completion: .list(PreferenceKeyCompletion.names(languages: LocaleCatalog.codes))) var key: String

        func run(_ loaded: LoadedPreferences) throws {
            let name = try PreferenceName.parse(key, loaded)
            var document = loaded.document
            document.remove(name.key, language: name.language)
            if document != loaded.document {
                try loaded.catching { () throws(BreatheError) in try loaded.save(document) }
            }
            var output = FileDescriptorSink.standardOutput
            output.say(Message(.prefsUnset, ["key": .text(key)]), loaded.localizer)
        }
    }
}

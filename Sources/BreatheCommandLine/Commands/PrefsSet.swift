import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs set`: saves a preference, checked first.
    struct Set: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "set", abstract: HelpText.english("help.prefs.set.abstract"))
        }
        static let updatesPreferences = true
        @OptionGroup var language: LanguageOption
        @Argument(
            help: .english("help.argument.key"),
            completion: .list(PreferenceKeyCompletion.names(languages: LocaleCatalog.codes))) var key: String
        @Argument(help: .english("help.argument.value")) var value: String

        func run(_ loaded: LoadedPreferences) throws {
            let name = try PreferenceName.parse(key, loaded)
            var document = loaded.document
            let rules = loaded.store.rules
            let parsed: PreferenceValue
            switch rules.typed(name.key, name: key, value, customPatterns: document.customPatterns) {
            case .success(let value): parsed = value
            case .failure(let refusal): throw CommandFailure(.usage(refusal.message), localizer: loaded.localizer)
            }
            // One kept per language is saved for the language named (`voice.es`), else for the session's.
            let language = name.language ?? loaded.preferences.language
            try loaded.catching { () throws(BreatheError) in
                try SavedValues.checkTyped(parsed, for: name.key, language: language)
            }
            document.save(parsed, for: name.key, language: language)
            try loaded.catching { () throws(BreatheError) in try loaded.save(document) }
            var output = FileDescriptorSink.standardOutput
            output.say(
                Message(.prefsSet, ["key": .text(key), "value": .text(parsed.displayText)]),
                Localizer(language: document.values[.language]?.text ?? loaded.localizer.language))
        }
    }
}

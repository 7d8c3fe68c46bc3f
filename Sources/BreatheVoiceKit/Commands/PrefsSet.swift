import ArgumentParser
import BreatheCore

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
            guard name.key != .customPatterns else {
                throw CommandFailure(
                    .usage(Message(.errorPrefReadOnly, ["key": .text(key)])), localizer: loaded.localizer)
            }
            guard let parsed = rules.parse(name.key, value, customPatterns: document.customPatterns) else {
                let message = Preferences.refusal(key: key, value: value, allowed: rules.allowed(name.key))
                throw CommandFailure(.usage(message), localizer: loaded.localizer)
            }
            if name.key == .voice {
                // Checked against the voices installed for its language now, not at the next session.
                let language = name.language ?? loaded.preferences.language
                if let voice = parsed.text {
                    try loaded.catching { () throws(BreatheError) in
                        try VoicePreference.check(voice, language: language, speech: LiveSpeech.speech)
                    }
                }
                document.setVoice(parsed.text, for: language)
            } else {
                document.values[name.key] = parsed
            }
            try loaded.catching { () throws(BreatheError) in try loaded.save(document) }
            var output = FileDescriptorSink.standardOutput
            output.say(
                Message(.prefsSet, ["key": .text(key), "value": .text(parsed.displayText)]),
                Localizer(language: document.values[.language]?.text ?? loaded.localizer.language))
        }
    }
}

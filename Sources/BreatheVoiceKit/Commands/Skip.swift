import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice skip`: skips to the running session's next phase, as its s key does, from any terminal (through the session bus: `SessionRemote`).
    struct Skip: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "skip", abstract: HelpText.english("help.skip.abstract"))
        }
        @OptionGroup var language: LanguageOption

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                try SessionRemote.send(.skip, environment: ProcessEnvironment.current)
            }
        }
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice repeat`: says the running session's instruction again, as its r key does, from any terminal (through the session bus: `SessionRemote`).
    struct RepeatInstruction: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "repeat", abstract: HelpText.english("help.repeat.abstract"))
        }
        @OptionGroup var language: LanguageOption

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                try SessionRemote.send(.repeatInstruction, environment: ProcessEnvironment.current)
            }
        }
    }
}

import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice stop`: stops and saves the running session, as its q key does, from any terminal (through the session bus: `SessionRemote`).
    struct Stop: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "stop", abstract: HelpText.english("help.stop.abstract"))
        }
        @OptionGroup var language: LanguageOption

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                try SessionRemote.send(.stop, environment: ProcessEnvironment.current)
            }
        }
    }
}

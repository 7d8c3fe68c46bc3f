import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice pause`: pauses the running session, as its space key does, from any terminal (through the session bus: `SessionRemote`).
    struct Pause: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "pause", abstract: HelpText.english("help.pause.abstract"))
        }
        @OptionGroup var language: LanguageOption

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                try SessionRemote.send(.pause, environment: ProcessEnvironment.current)
            }
        }
    }
}

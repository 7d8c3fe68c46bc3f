import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice resume`: resumes the paused session, as its space key does, from any terminal (through the session bus: `SessionRemote`).
    struct Resume: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "resume", abstract: HelpText.english("help.resume.abstract"))
        }
        @OptionGroup var language: LanguageOption

        func run(_ loaded: LoadedPreferences) throws {
            try loaded.catching { () throws(BreatheError) in
                try SessionRemote.send(.resume, environment: ProcessEnvironment.current)
            }
        }
    }
}

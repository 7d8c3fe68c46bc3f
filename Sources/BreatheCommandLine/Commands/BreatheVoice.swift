import ArgumentParser
import BreatheSystem

/// The root command: `breathe-voice` alone starts a session.
struct BreatheVoice: ParsableCommand {
    static let version = "0.1.0"

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "breathe-voice",
            abstract: HelpText.english("help.root.abstract"),
            discussion: HelpText.english("help.root.discussion"),
            version: "breathe-voice " + version,
            subcommands: [
                Start.self, Demo.self, Patterns.self, Voices.self, Prefs.self, History.self, Stats.self, Remind.self,
                Schedule.self, Doctor.self, Pause.self, Resume.self, Skip.self, RepeatInstruction.self, Stop.self,
            ],
            defaultSubcommand: Start.self
        )
    }

    /// `--version --verbose`: the program, then the libraries that speak and play, one per line.
    static var verboseVersion: String {
        """
        breathe-voice \(version)
        eSpeak NG \(LiveSpeech.loadedVersion())
        libpulse \(LivePulseSink.libraryVersion)
        """
    }

    /// Where a command's help lists the exit codes: `HelpText` fills it from `ExitCodeTable` in the help's language.
    static let exitCodesHelp = "{exitCodes}"
}

import ArgumentParser
import BreatheVoiceKit

/// The root command: `breathe-voice` alone starts a session.
public struct BreatheVoice: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "breathe-voice",
        abstract: "Guided breathing, spoken and chimed, for the terminal and for screen readers.",
        discussion: """
        Runs a breathing session: each phase is announced in one plain sentence, spoken by eSpeak NG and marked by a \
        tone. With no subcommand, `start` runs.

        \(exitCodesHelp)
        """,
        version: version,
        subcommands: [Start.self, Patterns.self, Remind.self, Schedule.self, Doctor.self],
        defaultSubcommand: Start.self
    )

    public init() {}

    /// The exit-code table, shared by `--help` and the man page.
    static let exitCodesHelp = """
    EXIT CODES:
      0    done, including a session the user stopped
      64   usage error (bad option or value)
      65   bad data (e.g. an unreadable history line, when strict)
      69   audio or speech unavailable, when audio was required
      73   cannot create output
      74   I/O error
      75   temporary failure: another session holds the lock
      78   bad preferences file
      130  interrupted by SIGINT (Ctrl-C), after saving
      143  terminated by SIGTERM, after saving
    """
}

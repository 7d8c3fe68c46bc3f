import ArgumentParser

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
                Schedule.self, Doctor.self,
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

    /// Keys, files, environment and a cron example: shared by `--help` and the man page.
    static let terminalHelp = """
        KEYS (when standard input is a terminal):
          space  pause or resume (resuming says the seconds left)
          s      skip to the next phase
          t      say the time left in the phase and the session
          r      repeat the instruction
          + -    speak faster or slower
          ] [    louder or softer tones
          q, Esc stop and save
          ?      say the keys

        Ctrl-C stops and saves (exit 130); Ctrl-Z pauses and suspends; after fg the session stays paused until space.

        FILES:
          $XDG_CONFIG_HOME/breathe-voice/preferences.json  preferences (default ~/.config)
          $XDG_STATE_HOME/breathe-voice/history.jsonl      one line per session (default ~/.local/state)
          $XDG_RUNTIME_DIR/breathe-voice/                  lock and runtime files (else the state folder)

        ENVIRONMENT:
          LC_ALL, LC_MESSAGES, LANG  the language when --lang is not given: {languages}
          TERM                       dumb (or unset) makes --display auto plain; dumb turns visual into plain
          NO_COLOR                   any non-empty value: no colour in the visual display
          XDG_CONFIG_HOME, XDG_STATE_HOME, XDG_RUNTIME_DIR  where the files above live
          PULSE_SERVER               the sound server to play through
          SPEECHD_ADDRESS            the speech-dispatcher for --speech-via speechd (else your own socket)
          BREATHE_VOICE_*            one per preference (BREATHE_VOICE_RATE, …); an option wins over it, it over the file

        EXAMPLES:
          A two-minute box session at 14:00 on weekdays, from crontab -e:
            0 14 * * 1-5  breathe-voice --pattern box --minutes 2 --display quiet
          A status bar fed by the event stream:
            breathe-voice --events json=fd:3 3>/tmp/breathe.fifo
        """
}

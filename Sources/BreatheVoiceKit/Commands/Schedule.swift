import ArgumentParser
import BreatheCore

extension BreatheVoice {
    /// `breathe-voice schedule`: reminders in the user's crontab.
    struct Schedule: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schedule",
            abstract: "Schedule breathing reminders in your crontab.",
            discussion: """
                The reminders live in one marked block of your crontab; everything else in it is left exactly as it was. \
                Each line runs this binary by its absolute path as `breathe-voice remind`, with \
                XDG_RUNTIME_DIR=/run/user/<uid> so that the reminder finds your sound server. The crontab is read and \
                written with `crontab -l` and `crontab -` (or the program named by BREATHE_VOICE_CRONTAB).

                Examples:
                  breathe-voice schedule add --every 2h --from 09:00 --to 18:00 --days mon-fri
                  breathe-voice schedule add --every 45m --pattern 4-7-8 --minutes 2
                  breathe-voice schedule add --at 12:30 --dry-run
                  breathe-voice schedule list
                  breathe-voice schedule remove 1
                  breathe-voice schedule remove --all

                \(BreatheVoice.exitCodesHelp)
                """,
            subcommands: [Add.self, List.self, Remove.self]
        )
    }
}

extension BreatheVoice.Schedule {
    /// The crontab program and the user's language, for every `schedule` subcommand.
    static func editor(localizer: Localizer) -> ScheduleEditor {
        ScheduleEditor(
            crontab: .live(environment: ProcessEnvironment.current), localizer: localizer,
            systemd: .live(environment: ProcessEnvironment.current)
        )
    }

    /// Prints each line as plain text on stdout.
    static func print(_ lines: [String]) {
        var output = FileDescriptorSink.standardOutput
        for line in lines { output.write(PlainText.line(line)) }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice schedule`: reminders in the user's crontab.
    struct Schedule: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "schedule",
                abstract: HelpText.english("help.schedule.abstract"),
                discussion: HelpText.english("help.schedule.discussion"),
                subcommands: [Add.self, List.self, Remove.self]
            )
        }
    }
}

extension BreatheVoice.Schedule {
    /// The crontab program and the user's language, for every `schedule` subcommand.
    static func editor(localizer: Localizer) -> ScheduleEditor {
        ScheduleEditor(
            crontab: .live(environment: ProcessEnvironment.current), localizer: localizer,
            systemd: .live(environment: ProcessEnvironment.current), environment: ProcessEnvironment.current
        )
    }

    /// Prints each line as plain text on stdout.
    static func print(_ lines: [String]) {
        var output = FileDescriptorSink.standardOutput
        for line in lines { output.write(PlainText.line(line)) }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule list`: the reminders in the crontab.
    struct List: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "list", abstract: HelpText.english("help.schedule.list.abstract"))
        }

        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.schedule.list.option.json")) var json = false
        @Flag(help: .english("help.schedule.list.option.cron")) var cron = false

        func run() throws {
            let localizer = try language.resolve()
            try CommandFailure.catching(localizer) { () throws(BreatheError) in
                let editor = BreatheVoice.Schedule.editor(localizer: localizer)
                if json {
                    var output = FileDescriptorSink.standardOutput
                    output.write(try editor.listJSON())
                } else {
                    BreatheVoice.Schedule.print(try editor.list(cron: cron))
                }
            }
        }
    }
}

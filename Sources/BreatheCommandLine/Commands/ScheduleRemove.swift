import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule remove`: one reminder, or all of them.
    struct Remove: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "remove", abstract: HelpText.english("help.schedule.remove.abstract"))
        }

        @Argument(help: ArgumentHelp(HelpText.english("help.argument.id"), valueName: "id"))
        var id: Int?

        @Flag(help: .english("help.option.all"))
        var all = false

        @Flag(help: .english("help.option.dry-run"))
        var dryRun = false

        @OptionGroup var language: LanguageOption

        func validate() throws {
            let localizer = try language.resolve()
            guard (id == nil) == all else { throw ValidationError(localizer.string(Message(.errorScheduleRemoveWhat))) }
        }

        func run() throws {
            let localizer = try language.resolve()
            try CommandFailure.catching(localizer) { () throws(BreatheError) in
                BreatheVoice.Schedule.print(
                    try BreatheVoice.Schedule.editor(localizer: localizer).remove(id: id, dryRun: dryRun))
            }
        }
    }
}

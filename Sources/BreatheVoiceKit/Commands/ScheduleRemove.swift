import ArgumentParser
import BreatheCore

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule remove`: one reminder, or all of them.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a reminder by its number, or all with --all.")

        @Argument(help: ArgumentHelp("The reminder's number, from schedule list.", valueName: "id"))
        var id: Int?

        @Flag(help: "Remove every reminder, and the block, from the crontab.")
        var all = false

        @Flag(help: "Show what would change (crontab lines or systemd unit files), and change nothing.")
        var dryRun = false

        @OptionGroup var language: LanguageOption

        func validate() throws {
            let localizer = try language.resolve()
            guard (id == nil) == all else { throw ValidationError(localizer.string(Message(.errorScheduleRemoveWhat))) }
        }

        func run() throws {
            let localizer = try language.resolve()
            try CommandFailure.catching(localizer) { () throws(BreatheError) in
                let lock = try FileLock.crontab()
                defer { withExtendedLifetime(lock) {} }
                BreatheVoice.Schedule.print(
                    try BreatheVoice.Schedule.editor(localizer: localizer).remove(id: id, dryRun: dryRun))
            }
        }
    }
}

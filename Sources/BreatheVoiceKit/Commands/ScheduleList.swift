import ArgumentParser
import BreatheCore

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule list`: the reminders in the crontab.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the scheduled reminders with their crontab times.")

        @OptionGroup var language: LanguageOption
        @Flag(help: "Print one JSON document (version 1) instead of sentences.") var json = false

        func run() throws {
            let localizer = try language.resolve()
            try CommandFailure.catching(localizer) { () throws(BreatheError) in
                let editor = BreatheVoice.Schedule.editor(localizer: localizer)
                if json {
                    var output = FileDescriptorSink.standardOutput
                    output.write(try editor.listJSON())
                } else {
                    BreatheVoice.Schedule.print(try editor.list())
                }
            }
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice.Schedule {
    /// `breathe-voice schedule list`: the reminders in the crontab.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the scheduled reminders with their crontab times.")

        @OptionGroup var language: LanguageOption

        func run() throws {
            let localizer = try language.resolve()
            do throws(BreatheError) {
                BreatheVoice.Schedule.print(try BreatheVoice.Schedule.editor(localizer: localizer).list())
            } catch {
                throw CommandFailure(error, localizer: localizer)
            }
        }
    }
}

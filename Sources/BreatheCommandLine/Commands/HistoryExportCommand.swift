import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.History {
    /// `breathe-voice history export`: the whole history as CSV or JSON, to standard output or a file.
    struct Export: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "export", abstract: HelpText.english("help.history.export.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Option(help: ArgumentHelp(HelpText.english("help.option.format"), valueName: "format")) var format: String
        @Option(
            help: ArgumentHelp(
                HelpText.english("help.history.export.option.output"),
                valueName: "file")) var output: String?

        func validate() throws {
            if output == "" {
                let localizer = try language.resolve()
                throw ValidationError(localizer.string(Message(.errorOutputEmpty, ["option": .text("--output")])))
            }
        }

        func run(_ loaded: LoadedPreferences) throws {
            let count = try loaded.catching { () throws(BreatheError) in
                try HistoryStream(localizer: loaded.localizer).export(HistoryExport.Format(named: format), to: output)
            }
            guard let output else { return }
            var standardOutput = FileDescriptorSink.standardOutput
            standardOutput.say(
                Message(.historyExported, ["n": .integer(count), "file": .text(output)]), loaded.localizer)
        }
    }
}

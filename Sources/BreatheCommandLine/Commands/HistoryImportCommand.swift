import ArgumentParser
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

extension BreatheVoice.History {
    /// `breathe-voice history import FILE…`: sessions from another machine, a backup or an export, each added once.
    struct Import: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "import", abstract: HelpText.english("help.history.import.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.history.import.option.dry-run")) var dryRun = false
        @Argument(help: .english("help.history.import.argument.files")) var files: [String]

        func run(_ loaded: LoadedPreferences) throws {
            let outcome = try loaded.catching { () throws(BreatheError) in
                try HistoryImport().run(files, dryRun: dryRun)
            }
            var output = FileDescriptorSink.standardOutput
            output.say(HistoryImport.summary(outcome, dryRun: dryRun), loaded.localizer)
        }
    }
}

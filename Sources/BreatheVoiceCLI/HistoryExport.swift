import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice.History {
    /// `breathe-voice history export`: the whole history as CSV or JSON, to standard output or a file.
    struct Export: PreferencesCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write the whole history as CSV (RFC 4180) or a JSON array.")
        @OptionGroup var language: LanguageOption
        @Option(help: ArgumentHelp("csv or json.", valueName: "format")) var format: String
        @Option(
            help: ArgumentHelp(
                "Write to FILE instead of standard output: a file is replaced whole (temporary file, then rename), a FIFO or device written in place; a symbolic link or a missing folder is refused.",
                valueName: "file")) var output: String?

        func validate() throws {
            if output == "" {
                let localizer = try language.resolve()
                throw ValidationError(localizer.string(Message(.errorOutputEmpty, ["option": .text("--output")])))
            }
        }

        func run(_ loaded: LoadedPreferences) throws {
            let localizer = loaded.localizer
            let (text, count) = try loaded.catching { () throws(BreatheError) in
                let kind = try HistoryExport.Format(named: format)
                let records = try HistoryFilter().records(HistoryStore(), localizer: localizer)
                return (HistoryExport.text(records, format: kind), records.count)
            }
            var standardOutput = FileDescriptorSink.standardOutput
            guard let output else {
                standardOutput.write(text)
                return
            }
            try loaded.catching { () throws(BreatheError) in try FileSystem.writeUserFile(output, Array(text.utf8)) }
            standardOutput.say(Message(.historyExported, ["n": .integer(count), "file": .text(output)]), localizer)
        }
    }
}

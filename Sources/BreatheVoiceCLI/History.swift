import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice {
    /// `breathe-voice history`: the recorded sessions; `export` and `clear`.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List recorded sessions ($XDG_STATE_HOME/breathe-voice/history.jsonl); export or clear them.",
            subcommands: [List.self, Export.self, Clear.self],
            defaultSubcommand: List.self
        )

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List sessions, oldest first.")
            @OptionGroup var language: LanguageOption
            @Option(help: ArgumentHelp("Only the last N sessions (1 to 1000000).", valueName: "n")) var last: String?
            @Option(help: ArgumentHelp("Only sessions on or after this local date.", valueName: "YYYY-MM-DD")) var since: String?
            @Flag(help: "One JSON object per line, as stored.") var json = false

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language)
                let filter = try HistoryFilter(last: last, since: since, localizer: loaded.localizer)
                let store = HistoryStore()
                let records = try filter.records(store, localizer: loaded.localizer)
                var output = FileDescriptorSink.standardOutput
                if records.isEmpty && !json { output.say(Message(.historyEmpty), loaded.localizer); return }
                let listing = HistoryListing(localizer: loaded.localizer)
                for record in records { output.write(json ? record.line + "\n" : listing.line(record)) }
            }
        }

        struct Export: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the whole history as CSV (RFC 4180) or a JSON array.")
            @OptionGroup var language: LanguageOption
            @Option(help: ArgumentHelp("csv or json.", valueName: "format")) var format: String
            @Option(help: ArgumentHelp("Write to FILE instead of standard output: a file is replaced whole (temporary file, then rename), a FIFO or device written in place; a symbolic link or a missing folder is refused.", valueName: "file")) var output: String?

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language)
                let localizer = loaded.localizer
                let kind = format.lowercased()
                guard kind == "csv" || kind == "json" else {
                    throw CommandFailure(.usage(Message(.errorFormat, ["value": .userValue(format)])), localizer: localizer)
                }
                let records = try HistoryFilter(last: nil, since: nil, localizer: localizer).records(HistoryStore(), localizer: localizer)
                var text = ""
                if kind == "csv" {
                    text = CSVWriter.row(CSVWriter.header)
                    for record in records { text += CSVWriter.row(CSVWriter.fields(record)) }
                } else {
                    text = JSONWriter.pretty(.array(records.map { JSONNode($0.json) }))
                }
                var standardOutput = FileDescriptorSink.standardOutput
                guard let output else { standardOutput.write(text); return }
                do { try FileSystem.writeUserFile(output, Array(text.utf8)) } catch { throw CommandFailure(error, localizer: localizer) }
                standardOutput.say(Message(.historyExported, ["n": .integer(records.count), "file": .text(output)]), localizer)
            }
        }

        struct Clear: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "clear", abstract: "Delete every recorded session (needs --yes).")
            @OptionGroup var language: LanguageOption
            @Flag(help: "Confirm.") var yes = false

            func run() throws {
                let loaded = try LoadedPreferences.load(language: language)
                guard yes else { throw CommandFailure(.usage(Message(.errorClearNeedsYes)), localizer: loaded.localizer) }
                let store = HistoryStore()
                do { try store.clear() } catch { throw CommandFailure(error, localizer: loaded.localizer) }
                var output = FileDescriptorSink.standardOutput
                output.say(Message(.historyCleared, ["file": .text(store.path)]), loaded.localizer)
            }
        }
    }

    /// `breathe-voice stats`: totals, streaks, the last week, mood and badges.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show totals, streaks (local calendar days), the last 7 days, mood change, top patterns and badges."
        )
        @OptionGroup var language: LanguageOption
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let loaded = try LoadedPreferences.load(language: language)
            let store = HistoryStore()
            let stats: SessionStats
            var standardError = FileDescriptorSink.standardError
            do {
                stats = try store.stats(skipped: { standardError.say(store.skippedLine($0), loaded.localizer) })
            } catch {
                throw CommandFailure(error, localizer: loaded.localizer)
            }
            let today = WallClock.now().dayNumber
            let listing = HistoryListing(localizer: loaded.localizer)
            var output = FileDescriptorSink.standardOutput
            output.write(json ? listing.statsJSON(stats, today: today) : listing.stats(stats, today: today))
        }
    }
}

/// `--last` and `--since`, checked.
struct HistoryFilter {
    var last: Int?
    var sinceDay: Int?

    init(last: String?, since: String?, localizer: Localizer) throws {
        if let last {
            let field = NumberField(name: .fieldCycles, places: 0, range: 1...1_000_000, rangeKey: .rangeCount)
            guard case .success(let value) = field.parse(last) else {
                throw CommandFailure(.usage(Message(.errorPrefValue, [
                    "name": .message(Message(.prefNameFlag, ["flag": .text("--last")])), "value": .userValue(last),
                    "allowed": .message(field.rangeMessage),
                ])), localizer: localizer)
            }
            self.last = value
        }
        if let since {
            guard let date = LocalTimestamp.parse(since + "T00:00:00Z"), since.count == 10,
                  LocalTimestamp.date(dayNumber: date.dayNumber) == (date.year, date.month, date.day)
            else { throw CommandFailure(.usage(Message(.errorDate, ["value": .userValue(since)])), localizer: localizer) }
            sinceDay = date.dayNumber
        }
    }

    /// The matching records, oldest first, streamed; with `--last` only the file's tail is read, from the newest back.
    func records(_ store: HistoryStore, localizer: Localizer) throws -> [SessionRecord] {
        var records: [SessionRecord] = []
        var standardError = FileDescriptorSink.standardError
        let warn = { (line: Int) in standardError.say(store.skippedLine(line), localizer) }
        do {
            if let last {
                try store.forEachFromNewest(skipped: warn) { record in
                    if let sinceDay, record.start.dayNumber < sinceDay { return true }
                    records.append(record)
                    return records.count < last
                }
                records.reverse()
            } else {
                try store.forEach(skipped: warn) { record in
                    if let sinceDay, record.start.dayNumber < sinceDay { return true }
                    records.append(record)
                    return true
                }
            }
        } catch {
            throw CommandFailure(error, localizer: localizer)
        }
        return records
    }
}

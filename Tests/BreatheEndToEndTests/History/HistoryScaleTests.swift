import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Every history command streams (issue 29): over a long history in time order the first line leaves once the file's
/// order is scanned, before the rest of the file is read again, a reader that goes away stops the reading (exit 0,
/// nothing on standard error), and peak memory stays that of `stats`, which keeps nothing per record. The history is
/// 100 000 generated records (about 35 MB), one unreadable.
@Suite struct HistoryScaleTests {
    static let recordCount = 100_000
    /// The 1-based line that holds no record.
    static let unreadableLine = 50_001

    /// A home with the generated history, shared by the tests (which only read it), and the file's size.
    static let generated: (home: TemporaryHome, size: Int)? = try? generate()

    static func generate() throws -> (home: TemporaryHome, size: Int) {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let patterns = [
            (#""box""#, "4-4-4-4", "builtIn", 16), (#""4-7-8""#, "4-7-8", "builtIn", 19),
            (#""resonant""#, "5.5-5.5", "builtIn", 11), (#""evening, calm""#, "4-2-7-1", "saved", 14),
            ("null", "5-7", "timings", 12),
        ]
        var text = ""
        text.reserveCapacity(recordCount * 360)
        for index in 0..<recordCount {
            if index + 1 == unreadableLine { text += "{\"id\":\"torn\",\"start\":\n" }
            let (name, timings, kind, cycleSeconds) = patterns[index % patterns.count]
            let cycles = 5 + index % 40
            let seconds = cycles * cycleSeconds
            let start = 946_684_800 + index * 7_200
            let mood = index % 3 == 0 ? "null" : String(1 + index % 5)
            text +=
                #"{"id":"s\#(index)","start":"\#(iso8601(start))","end":"\#(iso8601(start + seconds + 6))","pattern":{"name":\#(name),"timings":"\#(timings)","kind":"\#(kind)"},"ramps":[],"plannedCycles":\#(cycles),"actualCycles":\#(cycles),"plannedSeconds":\#(seconds),"actualSeconds":\#(seconds),"status":"completed","moodBefore":\#(mood),"moodAfter":\#(mood),"language":"en","source":"interactive"}"#
                + "\n"
        }
        let data = Data(text.utf8)
        try data.write(to: home.historyFile)
        return (home, data.count)
    }

    /// Seconds since 1970 as `YYYY-MM-DDTHH:MM:SS+01:00` (the local time an hour ahead of UTC).
    static func iso8601(_ utcSeconds: Int) -> String {
        let seconds = utcSeconds + 3_600
        let days = seconds / 86_400
        let time = seconds % 86_400
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(year)-\(two(month))-\(two(day))T\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60))+01:00"
    }

    /// The warning for the unreadable line, as `--lang en` words it.
    static func warning(_ home: TemporaryHome) -> String {
        "Warning: history \(home.historyFile.path), line \(unreadableLine) is not a readable session and is skipped."
    }

    /// Each command's first line, read from a pipe once the command has scanned the 35 MB file for its order (issues 50
    /// and 52: time order whatever the file's order) and read a few hundred KB more; then the pipe is closed: the
    /// command ends at once with exit 0 and nothing on standard error, having read (over its whole life, every file
    /// counted) the history once and less than an eighth of it again. Before the commands streamed, each read the whole
    /// file, and printed everything, before its first line.
    @Test(arguments: [
        (
            ["history"],
            "January 1st, 2000, 1:00: Box breathing (4, 4, 4, 4), 5 of 5 cycles, 1 minute 20 seconds, completed."
        ),
        (["history", "--json"], #"{"id":"s0","start":"2000-01-01T01:00:00+01:00","#),
        (
            ["history", "--since", "2000-01-02"],
            "January 2nd, 2000, 1:00: Resonant breathing (5.5, 5.5), 17 of 17 cycles"
        ),
        (["history", "export", "--format", "csv"], "id,start,end,pattern,timings,ramps,"),
        (["history", "export", "--format", "json"], "["),
    ])
    func theFirstLineLeavesBeforeTheRestIsReadAndAClosedPipeStopsTheReading(
        arguments: [String], firstLine: String
    ) throws {
        let (home, size) = try #require(Self.generated)
        // Both ends close on exec, so that no other test's child holds the reading end open.
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        for descriptor in ends { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let errors = home.root.path + "/stderr-" + UUID().uuidString
        let child = try ChildProcess(
            BinaryRun.binary, arguments + ["--lang", "en"], environment: home.environment, standardOutput: ends[1],
            standardError: errors)
        close(ends[1])
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.contains(0x0A) {
            let count = read(ends[0], &chunk, chunk.count)
            if count <= 0 { break }
            received += chunk[..<count]
        }
        close(ends[0])
        child.waitForExit()
        let read = child.bytesRead()
        let ending = child.wait()
        let line = String(decoding: received.prefix { $0 != 0x0A }, as: UTF8.self)
        #expect(line.hasPrefix(firstLine), "\(arguments): first line \(line)")
        #expect(ending == .exited(0), "\(arguments)")
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "", "\(arguments): standard error")
        let bytes = try #require(read)
        #expect(bytes < size + size / 8, "\(arguments): read \(bytes) bytes of a \(size)-byte history")
    }

    /// The peak memory of each command over the whole history (its output read to the end) stays within 16 MiB of
    /// `stats`'s, with every record written and the unreadable line reported once. Before the commands streamed, they
    /// held every record (`history`: about 40 MiB more than `stats` here; `export --format json`: hundreds).
    @Test func peakMemoryIsThatOfStats() throws {
        let (home, _) = try #require(Self.generated)
        func run(_ arguments: [String]) throws -> (maxRSS: Int, output: String, errors: [String]) {
            let name = home.root.path + "/run-" + UUID().uuidString
            let child = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/time"),
                ["-f", "%M", "-o", name + ".rss", BinaryRun.binary.path] + arguments + ["--lang", "en"],
                environment: home.environment, outputFile: name + ".out", standardError: name + ".err")
            #expect(child.wait() == .exited(0), "\(arguments)")
            let rss = try String(contentsOfFile: name + ".rss", encoding: .utf8)
            let kib = try #require(rss.split(separator: "\n").last.flatMap { Int($0) }, "\(arguments): \(rss)")
            let errors = try String(contentsOfFile: name + ".err", encoding: .utf8)
            let output = try String(contentsOfFile: name + ".out", encoding: .utf8)
            return (kib, output, errors.split(separator: "\n").map(String.init))
        }
        let stats = try run(["stats"])
        #expect(stats.output.hasPrefix("\(Self.recordCount) sessions in total"))
        let bound = stats.maxRSS + 16 * 1_024
        let file = home.root.path + "/export.json"
        let runs: [([String], (String) -> Bool)] = [
            (["history"], { $0.split(separator: "\n").count == Self.recordCount }),
            (["history", "--json"], { $0.split(separator: "\n").count == Self.recordCount }),
            (["history", "--last", "90000"], { $0.split(separator: "\n").count == 90_000 }),
            (
                ["history", "export", "--format", "csv"],
                { $0.components(separatedBy: "\r\n").count == Self.recordCount + 2 }
            ),
            (
                ["history", "export", "--format", "json", "--output", file],
                { $0 == "Exported \(Self.recordCount) sessions to \(file).\n" }
            ),
        ]
        for (arguments, outputIsWhole) in runs {
            let run = try run(arguments)
            #expect(run.maxRSS <= bound, "\(arguments): peak \(run.maxRSS) KiB, stats \(stats.maxRSS) KiB")
            #expect(outputIsWhole(run.output), "\(arguments): output \(run.output.prefix(200))")
            #expect(run.errors == [Self.warning(home)], "\(arguments)")
        }
        let exported = try String(contentsOfFile: file, encoding: .utf8)
        #expect(exported.hasPrefix("[\n  {\n    \"id\": \"s0\",\n"))
        #expect(exported.hasSuffix("\n  }\n]\n"))
        #expect(exported.components(separatedBy: "\n    \"id\": ").count == Self.recordCount + 1)
    }

    /// `history export --output FILE` writes into a temporary file beside FILE for as long as the export takes; a signal
    /// that ends it meanwhile removes the temporary file first: FILE keeps its old contents, and nothing else is left.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringAnExportToAFileLeavesNoTemporaryFile(signal: Int32) throws {
        let (home, _) = try #require(Self.generated)
        let folder = home.root.path + "/signal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let file = folder + "/export.json"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: file))
        let child = try ChildProcess(
            BinaryRun.binary, ["history", "export", "--format", "json", "--output", file],
            environment: home.environment)
        // Once the temporary file holds records, the export is under way (it takes seconds over this history).
        func temporaryFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "export.json" }
        }
        Waiting.until(timeout: 60, every: 0.001) {
            temporaryFiles().first.flatMap({
                try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as? Int
            }) ?? 0 >= 1_000_000
        }
        #expect(!temporaryFiles().isEmpty, "no temporary file seen")
        child.kill(signal)
        #expect(child.wait() == .killed(by: signal))
        #expect(temporaryFiles() == [])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// `history import` (issue 50), walked as a returning user would: sessions exported on one machine and imported on
/// another, twice; files in any order; a bad line; a dry run; a history joined by hand.
@Suite struct HistoryImportTests {
    static let session = ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--plain", "--lang", "en"]

    /// One history line, starting at `start`, with `extra` members after the known ones.
    static func record(_ id: String, _ start: String, mood: String = "null", extra: String = "") -> String {
        #"{"id":"\#(id)","start":"\#(start)","end":"\#(start)","pattern":{"name":"box","timings":"4-4-4-4","kind":"builtIn"},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":16,"actualSeconds":16,"status":"completed","moodBefore":null,"moodAfter":\#(mood),"language":"en","source":"interactive"\#(extra)}"#
    }

    static func write(_ lines: [String], to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
    }

    static func ids(_ home: TemporaryHome) throws -> [String] {
        try home.run(["history", "--json"]).stdoutLines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["id"] as? String ?? "?"
        }
    }

    /// The path: three sessions on one machine, exported as CSV and JSON and copied as the history itself; on another
    /// machine with one session of its own, each file imported twice; `history` and `stats` count every session once.
    @Test func exportOnOneHomeImportOnAnotherTwiceThenHistoryAndStats() throws {
        let laptop = try TemporaryHome()
        for mood in ["2", "3", "4"] {
            #expect(try laptop.run(Self.session + ["--mood-before", mood, "--mood-after", "5"]).status == 0)
        }
        let csv = laptop.root.appendingPathComponent("sessions.csv").path
        let json = laptop.root.appendingPathComponent("sessions.json").path
        #expect(try laptop.run(["history", "export", "--format", "csv", "--output", csv]).status == 0)
        #expect(try laptop.run(["history", "export", "--format", "json", "--output", json]).status == 0)
        let desktop = try TemporaryHome()
        #expect(try desktop.run(Self.session).status == 0)
        let copied = desktop.root.appendingPathComponent("laptop.jsonl")
        try FileManager.default.copyItem(at: laptop.historyFile, to: copied)
        let first = try desktop.run(["history", "import", csv, "--lang", "en"])
        #expect(first.status == 0)
        #expect(first.stdoutLines == ["Imported 3 sessions."])
        let again = try desktop.run(["history", "import", csv, json, copied.path, "--lang", "en"])
        #expect(again.stdoutLines == ["Imported 0 sessions; 9 were already here."])
        #expect(again.stderr == "")
        let history = try desktop.run(["history", "--lang", "en"])
        #expect(history.stdoutLines.count == 4)
        #expect(history.stdoutLines.filter { $0.hasSuffix("Mood 2 to 5.") }.count == 1)
        let stats = try desktop.run(["stats", "--lang", "en"])
        #expect(stats.stdoutLines.first == "4 sessions in total, 8 seconds of breathing.")
        #expect(stats.stdoutLines.contains("Average mood change: +2 over 3 sessions."))
        // The laptop's sessions came first, the desktop's own after them: time order, not the order of the files.
        let ids = try Self.ids(desktop)
        #expect(try Self.ids(laptop) == Array(ids.prefix(3)))
    }

    /// Records given in any order, into a history they interleave with, come out in time order (by the moment, whatever
    /// the UTC offset) in `history`, `--last`, `export`; an amendment in the imported file is folded into its record;
    /// a member this version does not know is kept; a record already here stays as it was.
    @Test func sessionsComeOutInTimeOrderWhateverTheFilesOrder() throws {
        let home = try TemporaryHome()
        try Self.write(
            [
                Self.record("b", "2024-05-02T10:00:00+02:00"),
                #"{"amends":"b","moodAfter":3}"#,
                Self.record("d", "2024-05-04T10:00:00+02:00"),
            ], to: home.historyFile)
        let file = home.root.appendingPathComponent("other.jsonl")
        try Self.write(
            [
                Self.record("e", "2024-05-05T10:00:00+00:00", extra: #","heartRate":61"#),
                Self.record("c", "2024-05-03T10:00:00-05:00"),
                Self.record("a", "2024-05-01T10:00:00+02:00"),
                #"{"amends":"a","moodAfter":4}"#,
                Self.record("b", "2024-05-02T10:00:00+02:00", mood: "1"),
            ], to: file)
        let run = try home.run(["history", "import", file.path, "--lang", "en"])
        #expect(run.stdoutLines == ["Imported 3 sessions; 1 was already here."])
        #expect(try Self.ids(home) == ["a", "b", "c", "d", "e"])
        #expect(try home.run(["history", "--last", "2", "--json"]).stdoutLines.count == 2)
        #expect(try Self.ids(home).suffix(2) == ["d", "e"])
        let csv = try home.run(["history", "export", "--format", "csv"]).stdout.components(separatedBy: "\r\n")
        #expect(csv.dropFirst().prefix(5).map { String($0.prefix(1)) } == ["a", "b", "c", "d", "e"])
        let stored = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(stored.contains(#""moodAfter":4,"language":"en","source":"interactive"}"#), "a's amendment folded in")
        #expect(stored.contains(#"{"amends":"b","moodAfter":3}"#), "b kept as it was, its amendment too")
        #expect(stored.contains(#""heartRate":61"#))
    }

    /// A line that is no session stops everything: the file and the line are named, 65, and nothing is written.
    @Test func aBadLineIsReportedAndNothingIsWritten() throws {
        let home = try TemporaryHome()
        try Self.write([Self.record("here", "2024-05-02T10:00:00+02:00")], to: home.historyFile)
        let before = try Data(contentsOf: home.historyFile)
        let good = home.root.appendingPathComponent("good.jsonl")
        try Self.write([Self.record("new", "2024-05-03T10:00:00+02:00")], to: good)
        let bad = home.root.appendingPathComponent("bad.jsonl")
        try Self.write(
            [Self.record("x", "2024-05-04T10:00:00+02:00"), "", #"{"id":"torn","start":"#], to: bad)
        let run = try home.run(["history", "import", good.path, bad.path, "--lang", "en"])
        #expect(run.status == 65)
        #expect(
            run.stderrLines == [
                "breathe-voice: \(bad.path), line 3: not a session of a breathe-voice history or export; nothing was imported."
            ])
        #expect(run.stdout == "")
        #expect(try Data(contentsOf: home.historyFile) == before)
        let csv = home.root.appendingPathComponent("bad.csv")
        try Data("id,start\r\na,b\r\n".utf8).write(to: csv)
        let spanish = try home.run(["history", "import", csv.path, "--lang", "es"])
        #expect(spanish.status == 65)
        #expect(spanish.stderr.contains("\(csv.path), línea 1:"))
    }

    /// `--dry-run` says what would be imported and leaves the history as it was (and creates none).
    @Test func aDryRunSaysWhatWouldBeImported() throws {
        let home = try TemporaryHome()
        let file = home.root.appendingPathComponent("other.jsonl")
        try Self.write(
            [Self.record("a", "2024-05-01T10:00:00+02:00"), Self.record("b", "2024-05-02T10:00:00+02:00")], to: file)
        let nothing = try home.run(["history", "import", "--dry-run", file.path, "--lang", "en"])
        #expect(nothing.stdoutLines == ["Dry run, nothing is written: 2 sessions would be imported."])
        #expect(!FileManager.default.fileExists(atPath: home.historyFile.path))
        try Self.write([Self.record("a", "2024-05-01T10:00:00+02:00")], to: home.historyFile)
        let before = try Data(contentsOf: home.historyFile)
        let run = try home.run(["history", "import", "--dry-run", file.path, "--lang", "en"])
        #expect(run.stdoutLines == ["Dry run, nothing is written: 1 session would be imported; 1 is already here."])
        #expect(try Data(contentsOf: home.historyFile) == before)
        let french = try home.run(["history", "import", file.path, "--lang", "fr"])
        #expect(french.stdoutLines == ["Une séance importée ; une y était déjà."])
    }

    /// A history joined by hand (the same file twice, out of order) reads in time order, each session once, before and
    /// after it is put in order in the file by importing it into itself.
    @Test func aHistoryJoinedByHandIsPutRightByImportingIt() throws {
        let home = try TemporaryHome()
        let part = [
            Self.record("b", "2024-05-02T10:00:00+02:00"), #"{"amends":"b","moodAfter":3}"#,
            Self.record("a", "2024-05-01T10:00:00+02:00"),
        ]
        try Self.write(part + part, to: home.historyFile)
        #expect(try home.run(["stats", "--lang", "en"]).stdoutLines.first?.hasPrefix("2 sessions") == true)
        #expect(try Self.ids(home) == ["a", "b"])
        let copy = home.root.appendingPathComponent("copy.jsonl")
        try FileManager.default.copyItem(at: home.historyFile, to: copy)
        let run = try home.run(["history", "import", copy.path, "--lang", "en"])
        #expect(run.stdoutLines == ["Imported 0 sessions; 4 were already here."])
        #expect(try Self.ids(home) == ["a", "b"])
        #expect(try home.run(["stats", "--lang", "en"]).stdoutLines.first?.hasPrefix("2 sessions") == true)
        #expect(try home.run(["history", "--json"]).stdout.contains(#""moodAfter":3"#))
        let left = try FileManager.default.contentsOfDirectory(
            atPath: home.historyFile.deletingLastPathComponent().path)
        #expect(left.filter { $0.contains(".tmp-") }.isEmpty, "no temporary file left")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// A history put together by hand (issues 50 and 52), walked as a user would in a fresh home: two machines' histories
/// joined with `cat`, newer first, sharing a session; a clock set back; then `history`, `--last`, `stats` and both
/// exports, all in time order and counting each session once; and `history import` still putting it right after.
@Suite struct JoinedHistoryTests {
    static func record(_ id: String, _ start: String, extra: String = "") -> String {
        HistoryImportTests.record(id, start, extra: extra)
    }

    /// The ids of a JSON array of records, in order.
    static func ids(ofArray text: String) throws -> [String] {
        let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        return try #require(array).map { $0["id"] as? String ?? "?" }
    }

    @Test func twoHistoriesJoinedByHandOutOfOrderListOnceInTimeOrder() throws {
        let home = try TemporaryHome()
        // The desk's history, newer; an unknown member (a newer version's) on one record, a mood given afterwards.
        let desk = home.root.appendingPathComponent("desk.jsonl")
        try HistoryImportTests.write(
            [
                Self.record("shared", "2024-05-03T08:00:00+02:00"),
                Self.record("desk-1", "2024-05-04T08:00:00+02:00", extra: #","heartRate":{"rest":61}"#),
                #"{"amends":"desk-1","moodAfter":4}"#,
                Self.record("desk-2", "2024-05-05T08:00:00+02:00"),
            ], to: desk)
        // The laptop's, older, sharing one session with the desk (both synced it).
        let laptop = home.root.appendingPathComponent("laptop.jsonl")
        try HistoryImportTests.write(
            [
                Self.record("laptop-1", "2024-05-01T21:00:00-05:00"),
                Self.record("laptop-2", "2024-05-02T21:00:00-05:00"),
                Self.record("shared", "2024-05-03T08:00:00+02:00"),
            ], to: laptop)
        try FileManager.default.createDirectory(
            at: home.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let joined = try Data(contentsOf: desk) + Data(contentsOf: laptop)
        try joined.write(to: home.historyFile)
        let order = ["laptop-1", "laptop-2", "shared", "desk-1", "desk-2"]

        let history = try home.run(["history", "--lang", "en"])
        #expect(history.status == 0 && history.stderr == "")
        #expect(
            history.stdoutLines == [
                "May 1st, 2024, 21:00: Box breathing (4, 4, 4, 4), 1 of 1 cycle, 16 seconds, completed.",
                "May 2nd, 2024, 21:00: Box breathing (4, 4, 4, 4), 1 of 1 cycle, 16 seconds, completed.",
                "May 3rd, 2024, 8:00: Box breathing (4, 4, 4, 4), 1 of 1 cycle, 16 seconds, completed.",
                "May 4th, 2024, 8:00: Box breathing (4, 4, 4, 4), 1 of 1 cycle, 16 seconds, completed. Mood afterwards: 4.",
                "May 5th, 2024, 8:00: Box breathing (4, 4, 4, 4), 1 of 1 cycle, 16 seconds, completed.",
            ])
        #expect(try HistoryImportTests.ids(home) == order)
        let last = try home.run(["history", "--last", "2", "--lang", "en"])
        #expect(last.stdoutLines == Array(history.stdoutLines.suffix(2)))
        let lastThree = try home.run(["history", "--last", "3", "--json"]).stdoutLines.joined(separator: ",")
        #expect(try Self.ids(ofArray: "[" + lastThree + "]") == ["shared", "desk-1", "desk-2"])

        let stats = try home.run(["stats", "--lang", "en"])
        #expect(stats.stdoutLines.first == "5 sessions in total, 1 minute 20 seconds of breathing.")
        #expect(stats.stdoutLines.contains("Most used patterns: Box breathing (5)."))

        let csv = try home.run(["history", "export", "--format", "csv"])
        let rows = csv.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        #expect(rows.map { String($0.prefix { $0 != "," }) } == order)
        let json = try home.run(["history", "export", "--format", "json"])
        #expect(json.status == 0)
        #expect(try Self.ids(ofArray: json.stdout) == order)
        // The unknown member is kept, in its place (last), as stored; the amendment's mood is folded in.
        #expect(
            json.stdout.contains(
                """
                    "moodAfter": 4,
                    "language": "en",
                    "source": "interactive",
                    "heartRate": {
                      "rest": 61
                    }
                  },
                """))

        // A clock set back: a session recorded now, after one dated later by hand, is listed before it.
        try (try Data(contentsOf: home.historyFile) + Data((Self.record("future", "2099-01-01T08:00:00Z") + "\n").utf8))
            .write(to: home.historyFile)
        #expect(try home.run(HistoryImportTests.session).status == 0)
        let now = try HistoryImportTests.ids(home)
        #expect(now.count == 7 && now.prefix(5) == order[...] && now.last == "future")

        // `history import` still works after, and writes the file in order, each session once.
        let more = home.root.appendingPathComponent("more.jsonl")
        try HistoryImportTests.write([Self.record("older", "2024-04-30T08:00:00+02:00")], to: more)
        let imported = try home.run(["history", "import", more.path, desk.path, "--lang", "en"])
        #expect(imported.stdoutLines == ["Imported 1 session; 3 were already here."])
        let stored = try String(contentsOf: home.historyFile, encoding: .utf8).split(separator: "\n")
        #expect(stored.count == 9, "7 sessions, the amendment and the one imported")
        #expect(try HistoryImportTests.ids(home) == ["older"] + order + [now[5], "future"])
        #expect(try home.run(["stats", "--lang", "en"]).stdoutLines.first?.hasPrefix("8 sessions in total") == true)
    }
}

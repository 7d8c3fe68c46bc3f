import Foundation
import Testing

@testable import BreatheTestSupport

@Suite struct HistoryCommandTests {
    static let session = ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--plain", "--lang", "en"]

    @Test func threeSessionsShowInHistoryStatsAndCSV() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "leadIn", "off"]).status == 0)
        let first = try home.run(Self.session + ["--mood-before", "2", "--mood-after", "4"])
        #expect(first.stdoutLines.suffix(2) == ["New badge: First session.", "New badge: Your own pattern."])
        for _ in 0..<2 {
            let again = try home.run(Self.session)
            #expect(!again.stdout.contains("New badge"), "a badge is announced once")
        }
        let history = try home.run(["history", "--lang", "en"])
        #expect(history.stdoutLines.count == 3)
        #expect(
            history.stdoutLines[0].hasSuffix("Custom pattern (1, 1), 1 of 1 cycle, 2 seconds, completed. Mood 2 to 4."))
        #expect(try home.run(["history", "--last", "2", "--json"]).stdoutLines.count == 2)
        let stats = try home.run(["stats", "--lang", "en"])
        #expect(stats.stdoutLines.first == "3 sessions in total, 6 seconds of breathing.")
        #expect(stats.stdoutLines.contains("Current streak: 1 day. Longest streak: 1 day."))
        #expect(stats.stdoutLines.contains("Average mood change: +2 over 1 session."))
        #expect(stats.stdoutLines.contains("Most used patterns: 1, 1 (3)."))
        let csv = try home.run(["history", "export", "--format", "csv"])
        let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("id,start,end,pattern,timings"))
        let clear = try home.run(["history", "clear", "--lang", "en"])
        #expect(clear.status == 64)
        #expect(try home.run(["history", "clear", "--yes"]).status == 0)
        #expect(try home.run(["history", "--lang", "en"]).stdoutLines == ["No sessions recorded yet."])
    }

    /// `history --json` gives each record exactly as stored (issue 50): members this version does not know, written by
    /// a newer one, are kept in their order, nested ones too; an amendment's mood is folded in without losing them.
    @Test func historyJSONKeepsMembersItDoesNotKnow() throws {
        let home = try TemporaryHome()
        let line =
            #"{"id":"a","start":"2024-03-31T10:00:00+02:00","end":"2024-03-31T10:01:00+02:00","pattern":{"name":"box","timings":"4-4-4-4","kind":"builtIn","source":"app"},"ramps":[],"plannedCycles":4,"actualCycles":4,"plannedSeconds":64,"actualSeconds":64,"status":"completed","moodBefore":null,"moodAfter":null,"heart":{"rate":61},"language":"en","source":"interactive","device":"watch"}"#
        let second = line.replacingOccurrences(of: #""id":"a""#, with: #""id":"b""#)
            .replacingOccurrences(of: "2024-03-31T10", with: "2024-03-31T11")
        try FileManager.default.createDirectory(
            at: home.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let amendment = #"{"amends":"b","moodAfter":5}"#
        try Data([line, second, amendment].map { $0 + "\n" }.joined().utf8).write(to: home.historyFile)
        let run = try home.run(["history", "--json"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.first == line)
        #expect(
            run.stdoutLines.last == second.replacingOccurrences(of: #""moodAfter":null"#, with: #""moodAfter":5"#))
    }

    @Test func csvExportQuotesCommasAndQuotesInPatternNames() throws {
        let home = try TemporaryHome()
        let line =
            #"{"id":"a","start":"2024-03-31T10:00:00+02:00","end":"2024-03-31T10:01:00+02:00","pattern":{"name":"calm, \"deep\"","timings":"4-6","kind":"saved"},"ramps":[],"plannedCycles":6,"actualCycles":6,"plannedSeconds":60,"actualSeconds":60,"status":"completed","moodBefore":null,"moodAfter":null,"language":"en","source":"interactive"}"#
        try FileManager.default.createDirectory(
            at: home.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((line + "\n").utf8).write(to: home.historyFile)
        let out = home.root.appendingPathComponent("out.csv")
        let run = try home.run(["history", "export", "--format", "csv", "--output", out.path, "--lang", "en"])
        #expect(run.stdoutLines == ["Exported 1 session to \(out.path)."])
        let rows = try String(contentsOf: out, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(
            rows[1]
                == #"a,2024-03-31T10:00:00+02:00,2024-03-31T10:01:00+02:00,"calm, ""deep""",4-6,,6,6,60,60,completed,,,en,interactive,"#
        )
        let json = try home.run(["history", "export", "--format", "json"])
        let array = try JSONSerialization.jsonObject(with: json.standardOutput) as? [[String: Any]]
        #expect((array?.first?["pattern"] as? [String: Any])?["name"] as? String == "calm, \"deep\"")
    }

    @Test func streakOverRecordedDaysInMadrid() throws {
        let home = try TemporaryHome()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Madrid")!
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = calendar.timeZone
        formatter.formatOptions = [.withInternetDateTime]
        var lines = ""
        // Today and the two days before, at 23:59 local, plus one session four days ago (a gap breaks it).
        for daysAgo in [0, 1, 2, 4] {
            let day = calendar.date(byAdding: .day, value: -daysAgo, to: calendar.startOfDay(for: Date()))!
            let time = formatter.string(from: calendar.date(bySettingHour: 0, minute: 0, second: 30, of: day)!)
            lines +=
                #"{"id":"\#(daysAgo)","start":"\#(time)","end":"\#(time)","pattern":{"name":"box","timings":"4-4-4-4","kind":"builtIn"},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":16,"actualSeconds":16,"status":"completed","moodBefore":null,"moodAfter":null,"language":"en","source":"interactive"}"#
                + "\n"
        }
        try FileManager.default.createDirectory(
            at: home.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(lines.utf8).write(to: home.historyFile)
        let stats = try home.run(["stats", "--lang", "en"], environment: ["TZ": "Europe/Madrid"])
        #expect(stats.stdoutLines.contains("Current streak: 3 days. Longest streak: 3 days."))
    }

    @Test func aGarbledLineIsSkippedWithOneWarning() throws {
        let home = try TemporaryHome()
        #expect(try home.run(Self.session).status == 0)
        let handle = try FileHandle(forWritingTo: home.historyFile)
        handle.seekToEndOfFile()
        handle.write(Data("{\"id\":\"half".utf8))
        try handle.close()
        #expect(try home.run(Self.session).status == 0)
        let history = try home.run(["history", "--lang", "en"])
        #expect(history.stdoutLines.count == 2)
        #expect(
            history.stderrLines == [
                "Warning: history \(home.historyFile.path), line 2 is not a readable session and is skipped."
            ])
        let stats = try home.run(["stats", "--lang", "en"])
        #expect(stats.stdoutLines.first?.hasPrefix("2 sessions in total") == true)
        #expect(stats.stderrLines == history.stderrLines)
    }

    @Test func badOptionsAreOneLine() throws {
        let home = try TemporaryHome()
        let last = try home.run(["history", "--last", "0", "--lang", "en"])
        #expect(last.status == 64)
        #expect(
            last.stderrLines == [
                "breathe-voice: Option --last: \"0\" is not allowed; use a whole number from 1 to 1000000."
            ])
        let since = try home.run(["history", "--since", "2024-02-30", "--lang", "es"])
        #expect(since.status == 64)
        #expect(since.stderrLines == ["breathe-voice: «2024-02-30» no es una fecha: usa AAAA-MM-DD."])
        let mood = try home.run(Self.session + ["--mood-after", "6"])
        #expect(mood.status == 64)
        #expect(
            mood.stderrLines == [
                "breathe-voice: Option --mood-after: \"6\" is not allowed; use a whole number from 1 (very stressed) to 5 (very calm)."
            ])
    }
}

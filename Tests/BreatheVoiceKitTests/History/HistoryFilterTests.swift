import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// `history --last N --since DATE`: the values checked, and the records chosen from the file.
@Suite struct HistoryFilterTests {
    static func record(_ id: String, on date: String) -> SessionRecord {
        let time = LocalTimestamp.parse(date + "T10:00:00+00:00")!
        return SessionRecord(
            id: id, start: time, end: time, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
            plannedCycles: 4, actualCycles: 4, plannedTenths: 640, actualTenths: 640, status: .completed, language: "en"
        )
    }

    static func store() throws -> HistoryStore {
        let store = HistoryStore(path: try Scratch().path + "/history.jsonl")
        for (id, date) in [("a", "2024-03-01"), ("b", "2024-03-05"), ("c", "2024-03-09"), ("d", "2024-03-10")] {
            try store.append(record(id, on: date))
        }
        return store
    }

    /// The ids `filter` hands out, in order, and the line numbers it skipped.
    static func ids(_ filter: HistoryFilter, _ store: HistoryStore) throws -> (ids: [String], skipped: [Int]) {
        var ids: [String] = []
        var skipped: [Int] = []
        try filter.forEach(store, skipped: { skipped.append($0) }) {
            ids.append($0.id)
            return true
        }
        return (ids, skipped)
    }

    @Test func noFilterIsEveryRecordOldestFirst() throws {
        #expect(try Self.ids(HistoryFilter(), Self.store()).ids == ["a", "b", "c", "d"])
    }

    @Test func lastIsTheNewestOldestFirst() throws {
        let filter = try HistoryFilter(last: "2", since: nil)
        #expect(filter == HistoryFilter(last: 2))
        #expect(try Self.ids(filter, Self.store()).ids == ["c", "d"])
    }

    @Test func lastWithSinceIsTheNewestOfThoseFromThatDayOn() throws {
        #expect(
            try Self.ids(HistoryFilter(last: 3, sinceDay: Self.day("2024-03-05")), Self.store()).ids == ["b", "c", "d"])
        #expect(try Self.ids(HistoryFilter(last: 9, sinceDay: Self.day("2024-03-11")), Self.store()).ids == [])
    }

    static func day(_ date: String) -> Int { LocalTimestamp.parse(date + "T00:00:00Z")!.dayNumber }

    @Test func sinceIsFromThatLocalDayOn() throws {
        let filter = try HistoryFilter(last: nil, since: "2024-03-05")
        #expect(try Self.ids(filter, Self.store()).ids == ["b", "c", "d"])
        let both = try HistoryFilter(last: "10", since: "2024-03-06")
        #expect(try Self.ids(both, Self.store()).ids == ["c", "d"])
    }

    @Test(arguments: ["0", "1000001", "x", "1.5", ""])
    func aLastOutOfRangeIsAUsageError(text: String) {
        do {
            _ = try HistoryFilter(last: text, since: nil)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.exitCode == ExitStatus.usage)
            #expect(error.message.key == .errorPrefValue)
        }
    }

    @Test(arguments: ["2024-02-30", "2024-3-1", "yesterday", "2024-03-01T00:00"])
    func aDateThatIsNotOneIsAUsageError(text: String) {
        do {
            _ = try HistoryFilter(last: nil, since: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.exitCode == ExitStatus.usage)
            #expect(error.message.key == .errorDate)
        }
    }

    @Test func unreadableLinesAreReportedAndSkipped() throws {
        let store = try Self.store()
        try store.append(line: "not json")
        try store.append(Self.record("e", on: "2024-03-11"))
        let read = try Self.ids(HistoryFilter(), store)
        #expect(read.ids == ["a", "b", "c", "d", "e"])
        #expect(read.skipped == [5])
        // With --last, the unreadable lines among the newest: none among the last one, this one among the last two.
        #expect(try Self.ids(HistoryFilter(last: 1), store) == (["e"], []))
        #expect(try Self.ids(HistoryFilter(last: 2), store) == (["d", "e"], [5]))
    }
}

import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// The quick scan that tells a history in time order (streamed as it lies) from one out of order (sorted first).
@Suite struct TimeOrderScanTests {
    static func scan(_ lines: [String]) -> TimeOrderScan {
        var scan = TimeOrderScan()
        for line in lines { Array(line.utf8).withUnsafeBufferPointer { scan.read($0) } }
        return scan
    }

    static func record(_ id: String, _ start: String) -> String {
        let time = LocalTimestamp.parse(start)!
        return SessionRecord(
            id: id, start: time, end: time, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
            plannedCycles: 1, actualCycles: 1, plannedTenths: 160, actualTenths: 160, status: .completed,
            language: "en"
        ).line
    }

    static let cases: [(name: String, lines: [String], inOrder: Bool, records: Int)] = [
        ("empty", [], true, 0),
        (
            "in order, an amendment and an unreadable line between",
            [
                record("a", "2024-05-01T10:00:00+02:00"), SessionAmendment(id: "a", moodAfter: 3).line, "garbage {",
                record("b", "2024-05-01T10:00:00+02:00"), record("c", "2024-05-02T10:00:00Z"),
            ], true, 3
        ),
        (
            "in order by the moment, whatever the offset (09:30 in New York is after 10:00 in Madrid)",
            [record("a", "2024-05-01T10:00:00+02:00"), record("b", "2024-05-01T09:30:00-05:00")], true, 2
        ),
        (
            "later by the clock, earlier by the moment",
            [record("a", "2024-05-01T09:30:00-05:00"), record("b", "2024-05-01T10:00:00+02:00")], false, 2
        ),
        (
            "two files joined by hand",
            [
                record("b", "2024-05-02T10:00:00Z"), record("a", "2024-05-01T10:00:00Z"),
                record("b", "2024-05-02T10:00:00Z"),
            ],
            false, 3
        ),
        (
            "members in another order: read in full",
            [
                #"{"start":"2024-05-03T10:00:00Z","id":"x","end":"2024-05-03T10:00:00Z","pattern":{"name":null,"timings":"4-4","kind":"timings"},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8,"actualSeconds":8,"status":"completed","moodBefore":null,"moodAfter":null,"language":"en","source":"cron"}"#,
                record("a", "2024-05-01T10:00:00Z"),
            ], false, 2
        ),
        (
            "a torn line that begins as a record counts, and finds the history out of order",
            [record("a", "2024-05-02T10:00:00Z"), #"{"id":"t","start":"2024-05-01T10:00:00Z","end":"#], false, 2
        ),
        (
            "an escaped id is read in full: this line is no record", [#"{"id":"\"","start":"2024-05-01T10:00:00Z"}"#],
            true, 0
        ),
    ]

    @Test(arguments: cases)
    func findsWhetherTheRecordsAreInOrder(name: String, lines: [String], inOrder: Bool, records: Int) {
        let scan = Self.scan(lines)
        #expect(scan.isInOrder == inOrder, "\(name)")
        #expect(scan.records == records, "\(name)")
    }

    /// On every line of a varied history, the start read from a line as the program writes it is the start the full
    /// reader reads; sorted by start the history is in order, and one record moved back puts it out of order.
    @Test(arguments: [1 as UInt64, 2])
    func theQuickStartIsTheRecordsStart(seed: UInt64) {
        let lines = VariedHistory.lines(count: 1_000, seed: seed)
        var reader = SessionRecordReader()
        var quick = 0
        var records: [(second: Int, line: String)] = []
        for line in lines {
            let bytes = Array(line.utf8)
            let full = bytes.withUnsafeBufferPointer { reader.startSecond($0) }
            if let full { records.append((full, line)) }
            guard let written = bytes.withUnsafeBufferPointer({ TimeOrderScan.writtenStart($0) }) else { continue }
            quick += 1
            #expect(full == nil || full == written, "\(line)")
        }
        #expect(quick > records.count / 3)
        let sorted = records.sorted { $0.second < $1.second }
        let inOrder = Self.scan(sorted.map(\.line))
        #expect(inOrder.isInOrder && inOrder.records == records.count)
        var moved = sorted.map(\.line)
        moved.append(moved.remove(at: 10))
        #expect(!Self.scan(moved).isInOrder)
    }
}

import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// `RecordLineWindow` folds amendments in exactly as `AmendmentWindow` does over `SessionRecord`s, in one pass over
/// the lines, with storage that does not grow with the history.
@Suite struct RecordLineWindowTests {
    /// What leaves, in order, as text, with a marker for each unreadable line: through `AmendmentWindow` (the records
    /// made as `SessionRecordReader.record` makes them) and through `RecordLineWindow`.
    static func fold(_ lines: [String]) -> (amendmentWindow: [String], lineWindow: [String]) {
        var reader = SessionRecordReader()
        var window = AmendmentWindow()
        var expected: [String] = []
        var lineWindow = RecordLineWindow()
        var actual: [String] = []
        func text(_ record: SessionRecord) -> String { record.line }
        for line in lines where !line.allSatisfy({ $0 == " " }) {
            let bytes = Array(line.utf8)
            if let record = reader.record(bytes) {
                if let leaving = window.add(record) { expected.append(text(leaving)) }
            } else if let amendment = bytes.withUnsafeBufferPointer({ SessionAmendment.parse(line: $0) }) {
                window.amend(amendment)
            } else {
                while let record = window.removeOldest() { expected.append(text(record)) }
                expected.append("unreadable")
            }
            switch bytes.withUnsafeBufferPointer({ lineWindow.read($0) }) {
            case .record:
                if lineWindow.isFull { lineWindow.removeOldest { record, _ in actual.append(text(record.record)) } }
            case .amendment: break
            case .unreadable:
                while !lineWindow.isEmpty {
                    lineWindow.removeOldest { record, _ in actual.append(text(record.record)) }
                }
                actual.append("unreadable")
            }
        }
        while let record = window.removeOldest() { expected.append(text(record)) }
        while !lineWindow.isEmpty { lineWindow.removeOldest { record, _ in actual.append(text(record.record)) } }
        return (expected, actual)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func amendmentsAreFoldedInAsAmendmentWindowFoldsThem(seed: UInt64) {
        let lines = VariedHistory.lines(count: 1_500, seed: seed)
        let folded = Self.fold(lines)
        #expect(folded.lineWindow == folded.amendmentWindow)
        // The history did amend records, reached some only just, and missed some out of reach.
        #expect(folded.amendmentWindow.count >= 1_500)
    }

    @Test func anAmendmentReachesBackExactlyReachRecords() {
        let reach = AmendmentWindow.reach
        for distance in [0, 1, reach - 1, reach, reach + 1] {
            var lines = [AmendmentWindowTests.record("first").line]
            for index in 0..<distance { lines.append(AmendmentWindowTests.record("r\(index)").line) }
            lines.append(SessionAmendment(id: "first", moodAfter: 5).line)
            let folded = Self.fold(lines)
            #expect(folded.lineWindow == folded.amendmentWindow, "\(distance) records between")
            #expect(folded.lineWindow.first?.contains("\"moodAfter\":5") == (distance < reach), "\(distance)")
        }
    }

    /// However long the history, the window holds at most `reach` records once the oldest has left: its storage is
    /// one slot more than that, reused.
    @Test func theWindowHoldsAFixedNumberOfRecords() {
        var window = RecordLineWindow()
        var held = 0
        var left = 0
        for index in 0..<(AmendmentWindow.reach * 10) {
            let line = Array(AmendmentWindowTests.record("r\(index)").line.utf8)
            #expect(line.withUnsafeBufferPointer { window.read($0) } == .record)
            held += 1
            if window.isFull {
                window.removeOldest { _, _ in left += 1 }
                held -= 1
            }
            #expect(held <= AmendmentWindow.reach)
        }
        #expect(left == AmendmentWindow.reach * 9)
    }
}

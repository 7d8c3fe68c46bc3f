import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// A history out of time order, read in time order through its index (`HistoryIndex`): every record with its
/// amendments folded in as the file's own order folds them, ordered by start (ties in file order), each session once,
/// the first kept; `--last N` the last N of those.
@Suite struct HistoryIndexTests {
    /// The index of `lines` (each line's number as its offset), sorted, read through `forEachRecord`.
    static func read(_ lines: [String], newest: Int? = nil) -> [SessionRecord] {
        var index = HistoryIndex()
        HistoryReference.fold(lines) { index.append($0, at: $1) }
        index.sort()
        // The line handed out stays valid until the next is asked for, as the store's reader keeps it.
        var current = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0)
        defer { current.deallocate() }
        var out: [SessionRecord] = []
        index.forEachRecord(
            newest: newest,
            line: { offset in
                current.deallocate()
                current = .allocate(capacity: lines[offset].utf8.count)
                _ = current.initialize(from: lines[offset].utf8)
                return UnsafeBufferPointer(current)
            }
        ) { record in
            out.append(record.record)
            return true
        }
        return out
    }

    /// Histories as users make them: as written (sessions of a day out of order), joined twice, a sorted history
    /// joined with an overlapping part of itself, an old part appended after a newer one.
    static func histories(seed: UInt64) -> [(name: String, lines: [String])] {
        let lines = VariedHistory.lines(count: 400, seed: seed)
        let sorted = HistoryReference.sorted(lines)
        return [
            ("as written", lines), ("joined twice", lines + lines),
            ("overlapping", sorted + Array(sorted[250...]) + Array(sorted[300...])),
            ("older after newer", Array(sorted[200...]) + Array(sorted[..<220])),
        ]
    }

    @Test(arguments: [1 as UInt64, 2])
    func everySessionOnceInTimeOrder(seed: UInt64) {
        for (name, lines) in Self.histories(seed: seed) {
            let expected = HistoryReference.listed(lines)
            #expect(expected.count >= 380, "\(name)")
            let read = Self.read(lines)
            #expect(read.map(\.line) == expected.map(\.line), "\(name)")
            #expect(zip(read, read.dropFirst()).allSatisfy { $0.start.epochSeconds <= $1.start.epochSeconds })
        }
    }

    @Test(arguments: [3 as UInt64])
    func theNewestAreTheLastOfThem(seed: UInt64) {
        for (name, lines) in Self.histories(seed: seed) {
            let expected = HistoryReference.listed(lines)
            for count in [0, 1, 2, 20, expected.count - 1, expected.count, expected.count + 1] {
                #expect(
                    Self.read(lines, newest: count).map(\.line) == expected.suffix(count).map(\.line),
                    "\(name) \(count)")
            }
        }
    }

    /// An amendment travels with its record, and a copy of a session keeps its own: the first place's.
    @Test func amendmentsTravelWithTheirRecord() {
        let record = TimeOrderScanTests.record
        let newer = [record("b", "2024-05-02T10:00:00+02:00"), SessionAmendment(id: "b", moodAfter: 4).line]
        let older = [record("a", "2024-05-01T10:00:00+02:00"), record("b", "2024-05-02T10:00:00+02:00")]
        let read = Self.read(newer + older)
        #expect(read.map(\.id) == ["a", "b"])
        #expect(read.map(\.moodAfter) == [nil, 4])
        let other = Self.read(older + newer)
        #expect(other.map(\.moodAfter) == [nil, nil], "the first copy, without the mood its second copy was given")
    }
}

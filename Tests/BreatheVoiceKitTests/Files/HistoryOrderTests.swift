import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Every reader of the history file hands over what `HistoryReference` works out, whatever the file's order: in time
/// order, each session once, amendments folded in; `--last N` the last N of them; `stats` the stats of them.
@Suite struct HistoryOrderTests {
    /// Histories as users make them, from a varied one (unreadable lines, amendments at every distance, odd texts).
    static func histories(seed: UInt64) -> [(name: String, lines: [String])] {
        let lines = VariedHistory.lines(count: 600, seed: seed)
        let sorted = HistoryReference.sorted(lines)
        return [
            ("as written", lines), ("in order", sorted), ("joined twice", lines + lines),
            ("in order, overlapping", sorted + Array(sorted[550...])),
            ("older after newer", Array(sorted[300...]) + Array(sorted[..<320])),
        ]
    }

    static func write(_ lines: [String]) throws -> HistoryStore {
        let path = try Scratch().path + "/history.jsonl"
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return HistoryStore(path: path)
    }

    /// The numbers of the lines a reader must report: neither blank, a record nor an amendment.
    static func unreadable(_ lines: [String]) -> [Int] {
        var reader = SessionRecordReader()
        return lines.indices.filter { index in
            let bytes = Array(lines[index].utf8)
            guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }), reader.record(bytes) == nil else { return false }
            return bytes.withUnsafeBufferPointer { SessionAmendment.parse(line: $0) } == nil
        }.map { $0 + 1 }
    }

    @Test(arguments: [1 as UInt64, 2])
    func everyReaderListsEverySessionOnceInTimeOrder(seed: UInt64) throws {
        for (name, lines) in Self.histories(seed: seed) {
            let store = try Self.write(lines)
            let expected = HistoryReference.listed(lines).map(\.line)
            var listed: [String] = []
            var skipped: [Int] = []
            try store.forEachRecordLine(skipped: { skipped.append($0) }) {
                listed.append($0.record.line)
                return true
            }
            #expect(listed == expected, "\(name)")
            #expect(skipped == Self.unreadable(lines), "\(name)")
            for count in [1, 3, 40, expected.count - 1, expected.count + 2] {
                var newest: [String] = []
                try store.forEachOfNewest(count) {
                    newest.append($0.line)
                    return true
                }
                #expect(newest == Array(expected.suffix(count)), "\(name), --last \(count)")
            }
            let today = LocalTimestamp.parse("2022-01-10T12:00:00Z")!.dayNumber
            var reference = SessionStats(today: today)
            for record in HistoryReference.listed(lines) { reference.add(record) }
            var statsSkipped: [Int] = []
            let stats = try store.stats(today: today, skipped: { statsSkipped.append($0) })
            #expect(stats == reference, "\(name)")
            #expect(stats.recorded == expected.count && stats.lastSevenDays.contains { $0.sessions > 0 }, "\(name)")
            #expect(statsSkipped == skipped, "\(name)")
        }
    }

    /// A history in order streams: an unreadable line is reported after the records before it, as it is met. One out of
    /// order is read whole first: its unreadable lines are reported before any record.
    @Test func warningsComeAsTheLineIsMetOnlyInAHistoryInOrder() throws {
        let record = { (id: String, day: Int) in
            HistoryFilterTests.record(id, on: "2024-03-0\(day)").line
        }
        for (lines, inOrder) in [
            ([record("a", 1), "garbage", record("b", 2)], true), ([record("b", 2), "garbage", record("a", 1)], false),
        ] {
            var events: [String] = []
            try Self.write(lines).forEachRecordLine(skipped: { events.append("line \($0)") }) {
                events.append($0.record.id)
                return true
            }
            #expect(events == (inOrder ? ["a", "line 2", "b"] : ["line 2", "a", "b"]))
        }
    }

    /// Lines read at offsets in any order: long ones (beyond a window), the last without its newline, runs of lines
    /// asked for one after another in several places; a file cut short meanwhile is a read error.
    @Test func linesAreReadAtOffsetsInAnyOrder() throws {
        var random = SplitMix(state: 5)
        var lines: [String] = []
        for index in 0..<3_000 {
            let length = index % 500 == 7 ? 150_000 : Int.random(in: 0..<300, using: &random)
            lines.append(String(repeating: Character(UnicodeScalar(UInt8(97 + index % 26))), count: length))
        }
        let path = try Scratch().path + "/lines"
        try Data((lines.joined(separator: "\n")).utf8).write(to: URL(fileURLWithPath: path))
        var offsets: [Int] = []
        var offset = 0
        for line in lines {
            offsets.append(offset)
            offset += line.utf8.count + 1
        }
        let size = offset - 1
        // Twelve runs in order, interleaved, then lines at random.
        var order: [Int] = []
        let runs = (0..<12).map { $0 * 250 }
        for step in 0..<250 { order += runs.map { $0 + step } }
        order += (0..<2_000).map { _ in Int.random(in: 0..<lines.count, using: &random) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = ScatteredLineReader(descriptor: descriptor, end: size, path: path)
        for index in order {
            let line = try reader.line(at: offsets[index])
            #expect(String(decoding: line, as: UTF8.self) == lines[index], "line \(index)")
        }
        #expect(truncate(path, off_t(offsets[2_000])) == 0)
        var again = ScatteredLineReader(descriptor: descriptor, end: size, path: path)
        #expect(throws: BreatheError.self) { _ = try again.line(at: offsets[2_900]) }
    }
}

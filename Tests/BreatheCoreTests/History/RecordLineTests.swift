import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// `RecordLine`: a record read without making its texts into Strings, and written out byte by byte exactly as the
/// String writers write `SessionRecord` (the old path of `history --json` and `history export`).
@Suite struct RecordLineTests {
    static let lines = VariedHistory.lines(count: 3_000, seed: 45)

    /// Every line reads as the record `SessionRecordReader.record` reads, or as none when it reads none; and one
    /// `RecordLine` reused for every line gives the same.
    @Test func aLineReadsAsTheRecordReaderReadsIt() {
        var reader = SessionRecordReader()
        var reused = RecordLine()
        var records = 0
        for line in Self.lines {
            let bytes = Array(line.utf8)
            let expected = reader.record(bytes)
            #expect(RecordLine(line: bytes)?.record == expected, "\(line)")
            let read = bytes.withUnsafeBufferPointer { reader.read($0, into: &reused) }
            #expect(read == (expected != nil), "\(line)")
            if let expected, read {
                #expect(reused.record == expected)
                records += 1
            }
        }
        #expect(records == 3_000)
    }

    /// Compact JSON (`history --json`), indented JSON (`export --format json`) and the CSV row, byte for byte.
    @Test func theWritersWriteWhatTheStringWritersWrite() throws {
        var reused = RecordLine()
        var reader = SessionRecordReader()
        for line in Self.lines {
            let bytes = Array(line.utf8)
            guard let record = reader.record(bytes) else { continue }
            #expect(bytes.withUnsafeBufferPointer { reader.read($0, into: &reused) })
            var compact: [UInt8] = []
            reused.appendJSON(to: &compact)
            #expect(String(decoding: compact, as: UTF8.self) == record.line, "\(line)")
            for level in [0, 1, 2] {
                var pretty: [UInt8] = []
                reused.appendJSON(to: &pretty, level: level)
                #expect(String(decoding: pretty, as: UTF8.self) == JSONWriter.pretty(record.json, level: level))
            }
            var row: [UInt8] = []
            reused.appendCSVRow(to: &row)
            #expect(String(decoding: row, as: UTF8.self) == CSVWriter.row(CSVWriter.fields(record)), "\(line)")
        }
    }

    @Test func anIDIsMatchedAsStringsCompare() throws {
        let time = LocalTimestamp.parse("2026-05-04T14:00:00+02:00")!
        for (id, other, same) in [
            ("abc", "abc", true), ("abc", "abd", false), ("abc", "ab", false), ("", "", true),
            ("caf\u{E9}", "cafe\u{301}", true), ("caf\u{E9}", "cafe", false), ("a\"b", "a\"b", true),
        ] {
            let record = SessionRecord(
                id: id, start: time, end: time, patternName: nil, timings: "4-4", patternKind: .timings,
                plannedCycles: 1, actualCycles: 1, plannedTenths: 80, actualTenths: 80, status: .completed,
                language: "en")
            #expect(RecordLine(record).hasID(other) == same, "\(id) / \(other)")
        }
    }

    @Test(arguments: [0, 7, -7, 45, -45, 600, 1_234_567, Int.max, Int.min + 1])
    func numbersAreWrittenAsStringsWriteThem(value: Int) {
        var integer: [UInt8] = []
        RecordLine.append(integer: value, to: &integer)
        #expect(String(decoding: integer, as: UTF8.self) == String(value))
        var tenths: [UInt8] = []
        RecordLine.append(tenths: value, to: &tenths)
        #expect(String(decoding: tenths, as: UTF8.self) == TenthsFormat.plain(value))
    }
}

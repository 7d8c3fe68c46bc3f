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

    /// The value of a JSON text, written compact: two texts with the same members in the same order, the same numbers
    /// and the same strings give the same.
    static func value(_ bytes: [UInt8]) -> String? {
        guard case .success(let node) = JSONParser.parse(bytes, positions: false) else { return nil }
        return JSONWriter.compact(node.value)
    }

    /// The line itself (`history --json`), the line laid out (`export --format json`) and the CSV row: a line as this
    /// version writes it comes out byte for byte as the String writers write its record; any other line keeps its
    /// members and values as stored.
    @Test func theWritersWriteWhatTheStringWritersWrite() throws {
        var reused = RecordLine()
        var reader = SessionRecordReader()
        var written = 0
        for line in Self.lines {
            let bytes = Array(line.utf8)
            guard let record = reader.record(bytes) else { continue }
            #expect(bytes.withUnsafeBufferPointer { reader.read($0, into: &reused) })
            var stored: [UInt8] = []
            reused.appendStoredJSON(to: &stored)
            #expect(stored == bytes)
            for level in [0, 1, 2] {
                var pretty: [UInt8] = []
                reused.appendStoredJSON(to: &pretty, level: level)
                if line == record.line {
                    #expect(String(decoding: pretty, as: UTF8.self) == JSONWriter.pretty(record.json, level: level))
                }
                #expect(Self.value(pretty) == Self.value(bytes), "\(line)")
            }
            if line == record.line { written += 1 }
            var row: [UInt8] = []
            reused.appendCSVRow(to: &row)
            #expect(String(decoding: row, as: UTF8.self) == CSVWriter.row(CSVWriter.fields(record)), "\(line)")
        }
        #expect(written > 1_000)
    }

    /// Members this version does not know, in any order and spacing, stay where they are, with their values as written;
    /// an amendment's mood replaces `moodAfter`'s value in its place, or comes last when the line has none.
    @Test func unknownMembersAreKeptAsStored() throws {
        let spaced =
            #"{"id":"a", "x":[1, {"y":null}],"start":"2024-05-01T10:00:00+02:00","end":"2024-05-01T10:00:00+02:00","pattern":{"timings":"4-4","kind":"timings","name":null,"z":{}},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8.0,"actualSeconds":8,"status":"completed","moodBefore":2,"moodAfter":3,"language":"en","source":"cron","heartRate":6.10e1}"#
        var record = try #require(RecordLine(line: Array(spaced.utf8)))
        var pretty: [UInt8] = []
        record.appendStoredJSON(to: &pretty, level: 1)
        let node = try JSONParser.parse(spaced).get()
        #expect(String(decoding: pretty, as: UTF8.self) == JSONWriter.pretty(node.value, level: 1))
        record.moodAfter = 5
        var amended: [UInt8] = []
        record.appendStoredJSON(to: &amended)
        #expect(
            String(decoding: amended, as: UTF8.self)
                == #"{"id":"a","x":[1,{"y":null}],"start":"2024-05-01T10:00:00+02:00","end":"2024-05-01T10:00:00+02:00","pattern":{"timings":"4-4","kind":"timings","name":null,"z":{}},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8.0,"actualSeconds":8,"status":"completed","moodBefore":2,"moodAfter":5,"language":"en","source":"cron","heartRate":6.10e1}"#
        )
        let reordered =
            "\u{FEFF}"
            + #"{"source":"cron","id":"b\u00e9","start":"2024-05-01T10:00:00Z","end":"2024-05-01T10:00:00Z","pattern":{"timings":"4-4","kind":"timings"},"ramps":[ ],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8,"actualSeconds":8,"status":"completed","language":"en","later":true}"#
        var other = try #require(RecordLine(line: Array(reordered.utf8)))
        other.moodAfter = 4
        var added: [UInt8] = []
        other.appendStoredJSON(to: &added)
        #expect(
            String(decoding: added, as: UTF8.self)
                == #"{"source":"cron","id":"b\u00e9","start":"2024-05-01T10:00:00Z","end":"2024-05-01T10:00:00Z","pattern":{"timings":"4-4","kind":"timings"},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8,"actualSeconds":8,"status":"completed","language":"en","later":true,"moodAfter":4}"#
        )
        var laidOut: [UInt8] = []
        other.appendStoredJSON(to: &laidOut, level: 0)
        let text = String(decoding: laidOut, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"source\": \"cron\",\n  \"id\": \"b\\u00e9\","))
        #expect(text.hasSuffix("\"later\": true,\n  \"moodAfter\": 4\n}"))
        #expect(Self.value(laidOut) == Self.value(added))
    }

    /// A text is read to its closing quote eight bytes at a time: an escaped quote or backslash at any place of a
    /// word (and a text ending in an escaped backslash) ends it where a byte-by-byte reading would.
    @Test func textsEndAtTheirClosingQuoteWhereverTheirEscapesFall() throws {
        for place in 0..<20 {
            for escape in [#"\""#, #"\\"#, #"\u0022"#] {
                let padding = String(repeating: "x", count: place)
                let name = padding + escape + String(repeating: "y", count: 19 - place)
                let line =
                    #"{"id":"a","note":""# + name + #"","trailing":""# + padding
                    + #"\\","start":"2024-05-01T10:00:00Z","end":"2024-05-01T10:00:00Z","pattern":{"timings":"4-4","kind":"timings","x":""#
                    + name
                    + #""},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8,"actualSeconds":8,"status":"completed","language":"en","source":"cron"}"#
                guard let record = RecordLine(line: Array(line.utf8)) else {
                    Issue.record("not read: \(line)")
                    continue
                }
                var laidOut: [UInt8] = []
                record.appendStoredJSON(to: &laidOut, level: 1)
                let node = try JSONParser.parse(line).get()
                // An escape is kept as stored (`\u0022` stays so), the value is the same.
                #expect(Self.value(laidOut) == Self.value(Array(line.utf8)), "\(line)")
                if !escape.hasPrefix(#"\u"#) {
                    #expect(
                        String(decoding: laidOut, as: UTF8.self) == JSONWriter.pretty(node.value, level: 1), "\(line)")
                }
            }
        }
    }

    /// A line is laid out in room made for it, twice its length and a little: one that needs more (members nested
    /// deep, each deeper line indented further) is laid out again with more, after what the output held before.
    @Test func aLineThatOutgrowsItsRoomIsLaidOutWhole() throws {
        for depth in [1, 12, 40] {
            let deep = String(repeating: "[", count: depth) + "1,2" + String(repeating: "]", count: depth)
            let line =
                #"{"id":"a","deep":"# + deep
                + #","start":"2024-05-01T10:00:00Z","end":"2024-05-01T10:00:00Z","pattern":{"timings":"4-4","kind":"timings"},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8,"actualSeconds":8,"status":"completed","language":"en","source":"cron"}"#
            guard let record = RecordLine(line: Array(line.utf8)) else {
                Issue.record("not read: \(line)")
                continue
            }
            var laidOut = Array("before ".utf8)
            record.appendStoredJSON(to: &laidOut, level: 1)
            let node = try JSONParser.parse(line).get()
            let expected = "before " + JSONWriter.pretty(node.value, level: 1)
            #expect(String(decoding: laidOut, as: UTF8.self) == expected, "depth \(depth)")
            if depth == 40 { #expect(laidOut.count > line.utf8.count * 2 + 256, "the room was enough: nothing shown") }
        }
    }

    /// A CSV row goes after what the output held, in room made for it, whatever its texts: all quotes (each written
    /// twice), commas, escapes of other scripts, a name of 3 000 bytes.
    @Test(arguments: [#"\"\"\"\""#, "a,b", #"caf\u00e9 \u4e2d"#, String(repeating: #"\""#, count: 1_500)])
    func aRowIsWrittenWholeWhateverItsTexts(name: String) throws {
        let line =
            #"{"id":"a\"b","start":"2024-05-01T10:00:00+02:00","end":"2024-05-01T10:01:00+02:00","pattern":{"name":""#
            + name
            + #"","timings":"4-4","kind":"saved"},"ramps":[],"plannedCycles":1,"actualCycles":1,"plannedSeconds":8,"actualSeconds":8,"status":"completed","language":"en","source":"cron"}"#
        var reader = SessionRecordReader()
        let parsed = reader.record(Array(line.utf8))
        let record = try #require(parsed, "not read: \(line)")
        let stored = try #require(RecordLine(line: Array(line.utf8)))
        var row = Array("before\r\n".utf8)
        stored.appendCSVRow(to: &row)
        #expect(String(decoding: row, as: UTF8.self) == "before\r\n" + CSVWriter.row(CSVWriter.fields(record)))
    }

    /// Digits as `String` writes them, with zeros before them up to a width: the largest values and powers of ten
    /// included.
    @Test func digitsAreWrittenAsStringsWriteThem() {
        let values: [UInt] = [
            0, 5, 9, 10, 99, 100, 12_345, 9_999_999_999_999_999_999, 10_000_000_000_000_000_000, .max,
        ]
        for value in values {
            for width in [1, 2, 4, 25] {
                var bytes: [UInt8] = []
                RecordLine.append(digitsOf: value, width: width, to: &bytes)
                let text = String(value)
                let expected = String(repeating: "0", count: max(0, width - text.count)) + text
                #expect(String(decoding: bytes, as: UTF8.self) == expected)
            }
        }
    }

    /// A word's bytes that are a quote are found wherever they are: the lowest one marked is the first, none is marked
    /// in a word without one, and the bytes next to a quote's value are not taken for it where they come first.
    @Test func aWordsQuotesAreFoundWhereverTheyAre() {
        let quote = UInt8(ascii: "\"")
        func word(_ bytes: [UInt8]) -> UInt64 {
            UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        }
        for place in 0..<8 {
            for other in [UInt8(ascii: "a"), quote - 1, quote + 1, 0, 0xFF] {
                var bytes = [UInt8](repeating: other, count: 8)
                bytes[place] = quote
                let found = RecordLine.places(of: quote, in: word(bytes))
                #expect(found.trailingZeroBitCount / 8 == place, "\(bytes)")
                #expect(RecordLine.places(of: UInt8(ascii: "\\"), in: word(bytes)) == 0)
            }
        }
        let near: [UInt8] = [quote - 1, quote + 1, quote | 0x80, 0, 0xFF, quote - 1, quote + 1, 0x80]
        #expect(RecordLine.places(of: quote, in: word(near)) == 0)
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

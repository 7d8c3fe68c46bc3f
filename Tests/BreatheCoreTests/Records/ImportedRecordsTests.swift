import Testing

@testable import BreatheCore

/// The three forms `history import` reads (issue 50), and the first line that is no session.
@Suite struct ImportedRecordsTests {
    static let record = SessionRecord(
        id: "s1",
        start: LocalTimestamp(year: 2024, month: 5, day: 1, hour: 10, minute: 0, second: 0, offsetSeconds: 7_200),
        end: LocalTimestamp(year: 2024, month: 5, day: 1, hour: 10, minute: 2, second: 0, offsetSeconds: 7_200),
        patternName: "calm, \"deep\"", timings: "4-6", patternKind: .saved,
        ramps: [Ramp(kind: .exhale, targetTenths: 80)],
        plannedCycles: 12, actualCycles: 12, plannedTenths: 1_200, actualTenths: 1_200, status: .completed,
        moodBefore: 2, moodAfter: nil, language: "fr", source: .cron)

    static func read(_ text: String) -> Result<[ImportedRecord], ImportedRecords.BadLine> {
        ImportedRecords.read(Array(text.utf8))
    }

    @Test func theHistorysOwnLinesWithAnAmendmentFoldedIn() throws {
        let text = Self.record.line + "\n\n" + #"{"amends":"s1","moodAfter":4}"# + "\n"
        let records = try Self.read(text).get()
        var amended = Self.record
        amended.moodAfter = 4
        #expect(records == [ImportedRecord(id: "s1", start: Self.record.start, line: amended.line)])
    }

    @Test func unknownMembersAreKeptInTheirPlace() throws {
        let line = Self.record.line.replacingOccurrences(of: #","source""#, with: #","heart":{"rate":61},"source""#)
        #expect(try Self.read(line).get().first?.line == line)
    }

    @Test func anExportAsJSONAndAsCSVGiveTheSameRecord() throws {
        let json = "[\n  " + Self.record.line + "\n]\n"
        #expect(try Self.read(json).get().map(\.line) == [Self.record.line])
        let csv = CSVWriter.row(CSVWriter.header) + CSVWriter.row(CSVWriter.fields(Self.record))
        #expect(try Self.read(csv).get().map(\.line) == [Self.record.line])
        // A built-in pattern's name gives its kind back; no name, typed timings.
        var builtIn = Self.record
        builtIn.patternName = "box"
        builtIn.patternKind = .builtIn
        var typed = Self.record
        typed.patternName = nil
        typed.patternKind = .timings
        let both = csv + CSVWriter.row(CSVWriter.fields(builtIn)) + CSVWriter.row(CSVWriter.fields(typed))
        #expect(try Self.read(both).get().map(\.line) == [Self.record.line, builtIn.line, typed.line])
    }

    @Test(arguments: [
        ("{\"id\":\"s1\"}\n", 1),
        ("\n\n" + #"{"amends":"s1","moodAfter":9}"#, 3),
        ("[\n  {\"id\":1},\n  3\n]", 2),
        ("[\n  1,\n", 3),
        ("id,start,end\r\n", 1),
        (CSVWriter.row(CSVWriter.header) + "a,\"b\"c\r\n", 2),
        (CSVWriter.row(CSVWriter.header) + "\"multi\nline\",x\r\n", 2),
        (CSVWriter.row(CSVWriter.header) + "x,\"never closed\r\n\r\n", 2),
    ])
    func theFirstLineThatIsNoSessionIsNamed(text: String, line: Int) {
        #expect(Self.read(text) == .failure(ImportedRecords.BadLine(line: line)))
    }

    @Test func anEmptyFileHoldsNoSession() throws {
        #expect(try Self.read("").get().isEmpty)
        #expect(try Self.read(" \n\n").get().isEmpty)
        #expect(try Self.read(CSVWriter.row(CSVWriter.header)).get().isEmpty)
    }

    @Test func csvFieldsKeepCommasQuotesAndLineBreaks() throws {
        let rows = try CSVReader.rows(Array("a,\"b,\"\"c\"\"\nd\",\r\n\r\ne\n".utf8)).get()
        #expect(rows == [.init(fields: ["a", "b,\"c\"\nd", ""], line: 1), .init(fields: ["e"], line: 4)])
    }

    @Test func timeOrderIsTheMomentWhateverTheOffset() {
        let earlier = ImportedRecord(id: "z", start: LocalTimestamp.parse("2024-05-01T10:00:00+02:00")!, line: "")
        let later = ImportedRecord(id: "a", start: LocalTimestamp.parse("2024-05-01T09:00:00+00:00")!, line: "")
        #expect(ImportedRecord.precedes(earlier, later))
        #expect(!ImportedRecord.precedes(later, earlier))
    }
}

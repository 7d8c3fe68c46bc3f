import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// `history export --format csv|json`.
@Suite struct HistoryExportTests {
    @Test(arguments: [("csv", HistoryExport.Format.csv), ("CSV", .csv), ("Json", .json)])
    func theFormatIsNamedInAnyCase(name: String, format: HistoryExport.Format) throws {
        #expect(try HistoryExport.Format(named: name) == format)
    }

    @Test func anyOtherFormatIsAUsageError() {
        do {
            _ = try HistoryExport.Format(named: "xml")
            Issue.record("accepted xml")
        } catch {
            #expect(error.exitCode == ExitStatus.usage)
            #expect(error.message == Message(.errorFormat, ["value": .userValue("xml")]))
        }
    }

    @Test func csvIsTheHeaderThenOneRowPerRecord() {
        let records = [
            HistoryFilterTests.record("a", on: "2024-03-01"), HistoryFilterTests.record("b", on: "2024-03-02"),
        ]
        let text = HistoryExport.text(records, format: .csv)
        #expect(text == CSVWriter.row(CSVWriter.header) + records.map { CSVWriter.row(CSVWriter.fields($0)) }.joined())
        #expect(HistoryExport.text([], format: .csv) == CSVWriter.row(CSVWriter.header))
    }

    @Test func jsonIsOneArrayOfTheRecords() throws {
        let records = [HistoryFilterTests.record("a", on: "2024-03-01")]
        let text = HistoryExport.text(records, format: .json)
        #expect(text == JSONWriter.pretty(.array(records.map { JSONNode($0.json) })))
        #expect(text.hasPrefix("["))
        #expect(HistoryExport.text([], format: .json).hasPrefix("["))
    }
}

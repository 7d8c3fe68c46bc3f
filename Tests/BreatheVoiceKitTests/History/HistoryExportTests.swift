import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
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

    /// What `HistoryExport.write` writes for `records`, read back from the file it wrote to, and the count it returned.
    static func export(_ records: [SessionRecord], _ format: HistoryExport.Format) throws -> (text: String, count: Int)
    {
        let path = try Scratch().path + "/export"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = ChunkedWriter(fileDescriptor: descriptor, chunkSize: 100)
        let count = try HistoryExport.write(
            format,
            records: { body in
                for record in records where !body(record) { break }
            }, to: output)
        #expect(output.flush())
        return (try String(contentsOfFile: path, encoding: .utf8), count)
    }

    static let records = (0..<3).map { HistoryFilterTests.record("r\($0)", on: "2024-03-0\($0 + 1)") }

    @Test(arguments: [0, 1, 3])
    func csvIsTheHeaderThenOneRowPerRecord(count: Int) throws {
        let records = Array(Self.records.prefix(count))
        let exported = try Self.export(records, .csv)
        #expect(
            exported.text
                == CSVWriter.row(CSVWriter.header) + records.map { CSVWriter.row(CSVWriter.fields($0)) }.joined())
        #expect(exported.count == count)
    }

    /// Written record by record, the array is byte for byte the one document `JSONWriter.pretty` makes of them all.
    @Test(arguments: [0, 1, 3])
    func jsonIsOneArrayOfTheRecordsByteForByte(count: Int) throws {
        let records = Array(Self.records.prefix(count))
        let exported = try Self.export(records, .json)
        #expect(exported.text == JSONWriter.pretty(.array(records.map { JSONNode($0.json) })))
        #expect(exported.text.hasPrefix(count == 0 ? "[]\n" : "[\n  {\n    \"id\": \"r0\","))
        #expect(exported.count == count)
    }

    /// A write that fails stops the export at once: no record is asked for after it.
    @Test func aFailedWriteStopsTheExport() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = ChunkedWriter(fileDescriptor: descriptor, chunkSize: 1)
        var asked = 0
        let count = try HistoryExport.write(
            .json,
            records: { body in
                for record in Self.records {
                    asked += 1
                    if !body(record) { break }
                }
            }, to: output)
        #expect(output.failure == ENOSPC)
        #expect(asked == 0 && count == 0)
    }
}

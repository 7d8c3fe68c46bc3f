import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// `history`'s rows written byte by byte (`HistoryRowWriter`) are `HistoryListing.line`'s, in every language, for
/// every kind of record, whether the words were kept or let go.
@Suite struct HistoryRowWriterTests {
    static let records: [SessionRecord] = {
        var reader = SessionRecordReader()
        return VariedHistory.lines(count: 1_500, seed: 41).compactMap { reader.record(Array($0.utf8)) }
    }()

    @Test(arguments: LocaleCatalog.codes)
    func rowsAreTheListingsLinesByteForByte(code: String) {
        let listing = HistoryListing(localizer: Localizer(language: code))
        // A small arena, so that kept words are let go many times along the way.
        for limit in [1 << 20, 256] {
            var writer = HistoryRowWriter(listing: listing, arenaLimit: limit)
            for record in Self.records {
                var row: [UInt8] = []
                writer.append(RecordLine(record), to: &row)
                #expect(String(decoding: row, as: UTF8.self) == listing.line(record), "\(code): \(record.line)")
            }
        }
    }

    /// Whatever the number of distinct lengths, cycles and patterns, the words kept stay within the arena's limit
    /// (and one row's words): memory does not grow with the history.
    @Test func theWordsKeptAreBounded() {
        let listing = HistoryListing(localizer: Localizer(language: "fr"))
        var writer = HistoryRowWriter(listing: listing, arenaLimit: 4_096)
        let time = LocalTimestamp.parse("2026-05-04T14:00:00+02:00")!
        var largest = 0
        for index in 0..<20_000 {
            let record = SessionRecord(
                id: "r\(index)", start: time, end: time, patternName: "p\(index % 500)", timings: "4-\(index % 300)",
                patternKind: .saved, plannedCycles: index, actualCycles: index, plannedTenths: index * 7,
                actualTenths: index * 7, status: .completed, language: "fr")
            var row: [UInt8] = []
            writer.append(RecordLine(record), to: &row)
            largest = max(largest, writer.keptBytes)
        }
        #expect(largest > 0 && largest <= 4_096 + 1_024)
    }
}

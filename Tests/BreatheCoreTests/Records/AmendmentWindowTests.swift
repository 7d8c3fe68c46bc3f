import Testing

@testable import BreatheCore

/// The mood given after a session is an amendment line after its record; readers fold it in through
/// `AmendmentWindow`, so records leave in file order with their amendments applied.
@Suite struct AmendmentWindowTests {
    static func record(_ id: String, after: Int? = nil) -> SessionRecord {
        let time = LocalTimestamp.parse("2026-05-04T14:00:00+02:00")!
        return SessionRecord(
            id: id, start: time, end: time, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
            plannedCycles: 1, actualCycles: 1, plannedTenths: 160, actualTenths: 160, status: .completed,
            moodAfter: after, language: "en")
    }

    /// Feeds the records and amendments in order; returns what left, in order.
    static func fold(_ items: [Either]) -> [SessionRecord] {
        var window = AmendmentWindow()
        var out: [SessionRecord] = []
        for item in items {
            switch item {
            case .record(let record): if let leaving = window.add(record) { out.append(leaving) }
            case .amendment(let amendment): window.amend(amendment)
            }
        }
        while let record = window.removeOldest() { out.append(record) }
        return out
    }

    enum Either {
        case record(SessionRecord)
        case amendment(SessionAmendment)
    }

    @Test func anAmendmentSetsItsRecordsMoodAndNothingElse() {
        let out = Self.fold([
            .record(Self.record("a")), .record(Self.record("b")), .amendment(SessionAmendment(id: "a", moodAfter: 4)),
            .record(Self.record("c")),
        ])
        #expect(out.map(\.id) == ["a", "b", "c"])
        #expect(out.map(\.moodAfter) == [4, nil, nil])
    }

    @Test func theLaterOfTwoAmendmentsWinsAndAnUnknownIdAmendsNothing() {
        let out = Self.fold([
            .record(Self.record("a", after: 2)), .amendment(SessionAmendment(id: "a", moodAfter: 3)),
            .amendment(SessionAmendment(id: "a", moodAfter: 5)), .amendment(SessionAmendment(id: "zz", moodAfter: 1)),
        ])
        #expect(out.map(\.moodAfter) == [5])
    }

    @Test func anAmendmentReachesBackExactlyReachRecords() {
        let reach = AmendmentWindow.reach
        for distance in [reach - 1, reach] {
            var items: [Either] = [.record(Self.record("first"))]
            for index in 0..<distance { items.append(.record(Self.record("r\(index)"))) }
            items.append(.amendment(SessionAmendment(id: "first", moodAfter: 5)))
            let out = Self.fold(items)
            #expect(out.count == distance + 1)
            #expect(out.first?.moodAfter == (distance < reach ? 5 : nil), "\(distance) records between")
        }
    }

    @Test func anAmendmentLineRoundTripsAndOnlyAnAmendmentParses() {
        let amendment = SessionAmendment(id: "0123456789abcdef", moodAfter: 4)
        #expect(amendment.line == #"{"amends":"0123456789abcdef","moodAfter":4}"#)
        func parse(_ text: String) -> SessionAmendment? {
            Array(text.utf8).withUnsafeBufferPointer { SessionAmendment.parse(line: $0) }
        }
        #expect(parse(amendment.line) == amendment)
        #expect(parse(#" { "moodAfter" : 2 , "amends" : "x" } "#) == SessionAmendment(id: "x", moodAfter: 2))
        for bad in [
            #"{"amends":"x","moodAfter":6}"#, #"{"amends":"x","moodAfter":0}"#, #"{"amends":"x","moodAfter":null}"#,
            #"{"amends":1,"moodAfter":3}"#, #"{"amends":"x","moodAfter":3,"more":1}"#, #"{"amends":"x"}"#,
            #"{"amends":"x","moodAfter":3.5}"#, #"{"amends":"x","moodAfter":3"#, "",
        ] {
            #expect(parse(bad) == nil, "\(bad)")
        }
        // A record is no amendment, and an amendment no record.
        var reader = SessionRecordReader()
        #expect(reader.record(Array(amendment.line.utf8)) == nil)
        #expect(parse(Self.record("a").line) == nil)
    }
}

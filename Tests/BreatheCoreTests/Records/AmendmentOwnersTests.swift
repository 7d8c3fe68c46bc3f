import Testing

@testable import BreatheCore

/// An amendment line goes with the record a reader would apply it to: the newest of the last `AmendmentWindow.reach`
/// records with its id.
@Suite struct AmendmentOwnersTests {
    static func owner(_ owners: AmendmentOwners, _ line: String) -> Int? {
        Array(line.utf8).withUnsafeBufferPointer { owners.owner(of: $0) }
    }

    @Test func theNewestRecordWithTheIdWithinReachOwnsIt() {
        var owners = AmendmentOwners()
        owners.record(id: "a", at: 0)
        owners.record(id: "b", at: 1)
        owners.record(id: "a", at: 2)
        #expect(Self.owner(owners, SessionAmendment(id: "a", moodAfter: 4).line) == 2)
        #expect(Self.owner(owners, SessionAmendment(id: "b", moodAfter: 1).line) == 1)
        #expect(Self.owner(owners, SessionAmendment(id: "c", moodAfter: 1).line) == nil)
        // A line that is no amendment (a record, a torn line, a blank one) has no owner.
        #expect(Self.owner(owners, #"{"amends":"a","moodAfter":9}"#) == nil)
        #expect(Self.owner(owners, #"{"amends":"a"#) == nil)
        #expect(Self.owner(owners, "") == nil)
    }

    /// As far back as a reader reaches, and no further.
    @Test func aRecordOutOfReachOwnsNothing() {
        var owners = AmendmentOwners()
        owners.record(id: "first", at: 0)
        for place in 1..<AmendmentWindow.reach { owners.record(id: "other\(place)", at: place) }
        #expect(Self.owner(owners, SessionAmendment(id: "first", moodAfter: 3).line) == 0)
        owners.record(id: "one more", at: AmendmentWindow.reach)
        #expect(Self.owner(owners, SessionAmendment(id: "first", moodAfter: 3).line) == nil)
    }
}

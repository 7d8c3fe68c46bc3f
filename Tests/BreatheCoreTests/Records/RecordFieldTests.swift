import Testing

@testable import BreatheCore

/// `RecordField` names every member the program writes, object by object, in the order it writes them.
@Suite struct RecordFieldTests {
    static let record = SessionRecord(
        id: "7",
        start: LocalTimestamp(year: 2026, month: 3, day: 1, hour: 8, minute: 0, second: 0, offsetSeconds: 3600),
        end: LocalTimestamp(year: 2026, month: 3, day: 1, hour: 8, minute: 2, second: 0, offsetSeconds: 3600),
        patternName: "box", timings: "4-4-4-4", patternKind: .builtIn, ramps: [Ramp(kind: .exhale, targetTenths: 80)],
        plannedCycles: 8, actualCycles: 8, plannedTenths: 1280, actualTenths: 1280, status: .skipped, moodBefore: 2,
        moodAfter: 4, language: "en", source: .cron, reason: .call
    )

    static func keys(_ value: JSONValue?) -> [String] {
        guard case .object(let members)? = value else { return [] }
        return members.map(\.key)
    }

    static func names(_ object: RecordField.Object) -> [String] {
        RecordField.allCases.filter { $0.object == object }.map(\.key)
    }

    @Test func namesAreTheWrittenMembersInOrder() throws {
        let json = try JSONParser.parse(Self.record.line).get().value
        #expect(Self.names(.record) == Self.keys(json))
        #expect(Self.names(.pattern) == Self.keys(json["pattern"]?.value))
        guard case .array(let ramps)? = json["ramps"]?.value else {
            Issue.record("no ramps")
            return
        }
        #expect(Self.names(.ramp) == Self.keys(ramps.first?.value))
        // Only a skipped reminder has a reason: any other record has every member but that last one.
        var completed = Self.record
        completed.status = .completed
        completed.reason = nil
        let written = try JSONParser.parse(completed.line).get().value
        #expect(Self.names(.record).dropLast() == Self.keys(written)[...])
    }

    /// Each object's members are consecutive slots, and together the objects use every slot once.
    @Test func eachObjectHasConsecutiveSlots() {
        var covered: [Int] = []
        for object in RecordField.Object.allCases {
            let slots = RecordField.slots(of: object)
            #expect(RecordField.allCases.filter { $0.object == object }.map(\.rawValue) == Array(slots))
            covered += slots
        }
        #expect(covered.sorted() == Array(0..<RecordField.allCases.count))
    }
}

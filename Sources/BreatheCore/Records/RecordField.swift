/// Every member a history record has, each with its name and the object it sits in; `SessionRecordReader` keeps where
/// it found each one in a slot numbered by the raw value, so adding a member here gives it a name, a slot and room.
///
/// Within each object the cases are in the order the program writes the members (`SessionRecord.json`), the order the
/// reader looks for them first; an object's members are consecutive cases.
enum RecordField: Int, CaseIterable, Sendable {
    case id, start, end, pattern, ramps, plannedCycles, actualCycles, plannedSeconds, actualSeconds, status, moodBefore
    case moodAfter, language, source, reason
    case patternName, patternTimings, patternKind
    case rampPhase, rampSeconds

    /// The objects of a record: the record itself, its `pattern`, and each element of its `ramps`.
    enum Object: CaseIterable, Sendable {
        case record, pattern, ramp
    }

    /// The object the member sits in.
    var object: Object {
        switch self {
        case .id, .start, .end, .pattern, .ramps, .plannedCycles, .actualCycles, .plannedSeconds, .actualSeconds,
            .status, .moodBefore, .moodAfter, .language, .source, .reason:
            .record
        case .patternName, .patternTimings, .patternKind: .pattern
        case .rampPhase, .rampSeconds: .ramp
        }
    }

    /// The member's key.
    var name: StaticString {
        switch self {
        case .id: "id"
        case .start: "start"
        case .end: "end"
        case .pattern: "pattern"
        case .ramps: "ramps"
        case .plannedCycles: "plannedCycles"
        case .actualCycles: "actualCycles"
        case .plannedSeconds: "plannedSeconds"
        case .actualSeconds: "actualSeconds"
        case .status: "status"
        case .moodBefore: "moodBefore"
        case .moodAfter: "moodAfter"
        case .language: "language"
        case .source: "source"
        case .reason: "reason"
        case .patternName: "name"
        case .patternTimings: "timings"
        case .patternKind: "kind"
        case .rampPhase: "phase"
        case .rampSeconds: "seconds"
        }
    }

    /// The member's key as a String.
    var key: String { name.description }

    /// The slots of an object's members: consecutive raw values.
    static func slots(of object: Object) -> Range<Int> {
        let members = allCases.filter { $0.object == object }.map(\.rawValue)
        return members.first!..<(members.last! + 1)
    }
}

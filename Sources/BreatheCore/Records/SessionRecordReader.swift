/// Reads history lines into records, reusing its working memory from one line to the next.
///
/// A line is checked as strict JSON on a `JSONTape` and its members are decoded straight from the bytes, so a record
/// costs a few small Strings rather than a tree of values. It accepts and rejects exactly the lines that
/// `SessionRecord(json:)` over `JSONParser` does (the tests compare the two on valid, damaged and random lines).
package struct SessionRecordReader {
    private var tape = JSONTape()

    package init() {}

    /// The record on one line (without its newline); nil when it is not a complete, valid record.
    package mutating func record(_ line: UnsafeBufferPointer<UInt8>) -> SessionRecord? {
        guard tape.load(line) else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: SessionRecordReader.slotCount) { slots in
            var ramps: [Ramp] = []
            guard let checked = check(line, slots: slots, ramps: &ramps, collect: true) else { return nil }
            // Every text was checked to be a string entry, of which `tape.string` always makes a String.
            func text(_ entry: Int) -> String { tape.string(entry, in: line) ?? "" }
            return SessionRecord(
                id: text(slots[.id]), start: checked.start, end: checked.end,
                patternName: checked.hasName ? text(slots[.patternName]) : nil, timings: text(slots[.patternTimings]),
                patternKind: checked.kind, ramps: ramps, plannedCycles: checked.plannedCycles,
                actualCycles: checked.actualCycles, plannedTenths: checked.plannedTenths,
                actualTenths: checked.actualTenths, status: checked.status, moodBefore: checked.moodBefore,
                moodAfter: checked.moodAfter, language: text(slots[.language]), source: checked.source,
                reason: checked.reason)
        }
    }

    mutating func record(_ line: [UInt8]) -> SessionRecord? {
        line.withUnsafeBufferPointer { record($0) }
    }

    /// When the record on one line started, in seconds since 1970; nil exactly when `record` is nil.
    mutating func startSecond(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard tape.load(line) else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: SessionRecordReader.slotCount) { slots in
            var none: [Ramp] = []
            return check(line, slots: slots, ramps: &none, collect: false)?.start.epochSeconds
        }
    }

    /// Reads the record on one line (without its newline) into `record`, reusing its storage, as `record` reads it;
    /// false, leaving `record` unusable until the next line that is one, when the line is no valid record.
    package mutating func read(_ line: UnsafeBufferPointer<UInt8>, into record: inout RecordLine) -> Bool {
        guard tape.load(line) else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: SessionRecordReader.slotCount) { slots in
            record.ramps.removeAll(keepingCapacity: true)
            guard let checked = check(line, slots: slots, ramps: &record.ramps, collect: true) else { return false }
            func text(_ entry: Int) -> RecordLine.Text {
                let item = tape.entries[entry]
                return RecordLine.Text(range: item.start..<item.end, plain: item.flag)
            }
            record.bytes.removeAll(keepingCapacity: true)
            record.bytes.append(contentsOf: line)
            record.start = checked.start
            record.end = checked.end
            record.patternKind = checked.kind
            record.plannedCycles = checked.plannedCycles
            record.actualCycles = checked.actualCycles
            record.plannedTenths = checked.plannedTenths
            record.actualTenths = checked.actualTenths
            record.status = checked.status
            record.moodBefore = checked.moodBefore
            record.moodAfter = checked.moodAfter
            record.storedMoodAfter = checked.moodAfter
            let mood = slots[.moodAfter]
            record.storedMoodAfterValue = mood >= 0 ? tape.entries[mood].start..<tape.entries[mood].end : nil
            record.source = checked.source
            record.reason = checked.reason
            record.id = text(slots[.id])
            record.patternName = checked.hasName ? text(slots[.patternName]) : nil
            record.timings = text(slots[.patternTimings])
            record.language = text(slots[.language])
            return true
        }
    }

    /// A pattern label as `facts` finds it: a range of the line's bytes when they are its text (plain ASCII), else the text.
    enum Label {
        case bytes(Range<Int>)
        case text(String)
    }

    /// What the stats count of the record on one line, its pattern label, its id and when it started (seconds since
    /// 1970); nil exactly when `record` is nil.
    ///
    /// The line is checked just as `record` checks it, but the Strings stats have no use for (id, language, the
    /// label's text) are never made: `stats` over a long history spends its time here.
    mutating func facts(_ line: UnsafeBufferPointer<UInt8>) -> (
        facts: SessionFacts, label: Label, id: Label, second: Int
    )? {
        guard tape.load(line) else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: SessionRecordReader.slotCount) { slots in
            var none: [Ramp] = []
            guard let checked = check(line, slots: slots, ramps: &none, collect: false) else { return nil }
            let labelEntry = checked.hasName ? slots[.patternName] : slots[.patternTimings]
            let entry = tape.entries[labelEntry]
            let label: Label =
                entry.flag ? .bytes(entry.start..<entry.end) : .text(tape.string(labelEntry, in: line) ?? "")
            let idEntry = tape.entries[slots[.id]]
            let id: Label =
                idEntry.flag ? .bytes(idEntry.start..<idEntry.end) : .text(tape.string(slots[.id], in: line) ?? "")
            let facts = SessionFacts(
                dayNumber: checked.start.dayNumber, actualTenths: checked.actualTenths,
                isPracticeDay: checked.actualCycles > 0 || checked.status == .completed,
                isCustomPattern: checked.kind != .builtIn, moodBefore: checked.moodBefore,
                moodAfter: checked.moodAfter,
                counts: SessionFacts.counts(
                    status: checked.status, actualCycles: checked.actualCycles, actualTenths: checked.actualTenths)
            )
            return (facts, label, id, checked.start.epochSeconds)
        }
    }

    /// Every field's name and its fingerprint, by slot (`RecordField.rawValue`); one slot per field.
    private static let names = RecordField.allCases.map(\.name)
    private static let prints = names.map(JSONTape.fingerprint)
    private static let slotCount = names.count
    /// The slots of the record's, the pattern's and a ramp's members.
    private static let recordSlots = RecordField.slots(of: .record)
    private static let patternSlots = RecordField.slots(of: .pattern)
    private static let rampSlots = RecordField.slots(of: .ramp)

    /// Records, in each of the slots `fields`, the entry of the object's member with that slot's name (or leaves -1).
    /// False when `object` is not an object.
    private func members(
        of object: Int, _ fields: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>,
        into slots: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        guard tape.entries[object].kind == .object else { return false }
        let names = SessionRecordReader.names
        let prints = SessionRecordReader.prints
        UnsafeMutableBufferPointer(rebasing: slots[fields]).update(repeating: -1)
        var key = object + 1
        var expected = fields.lowerBound
        let end = tape.entries[object].next
        while key < end {
            let print = tape.entries[key].fingerprint
            // Lines written by the program have the members in order, so the expected name nearly always matches first.
            if expected < fields.upperBound && print == prints[expected]
                && tape.string(key, equals: names[expected], in: bytes)
            {
                slots[expected] = key + 1
                expected += 1
            } else {
                for slot in fields
                where (print == -1 || print == prints[slot]) && tape.string(key, equals: names[slot], in: bytes) {
                    slots[slot] = key + 1
                    expected = slot + 1
                    break
                }
            }
            key = tape.entries[key + 1].next
        }
        return true
    }

    /// The case whose raw value a string entry holds; plain text is matched without making a String.
    private func choice<Value: RawRepresentable>(
        _ entry: Int, _ cases: [(StaticString, Value)], _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Value? where Value.RawValue == String {
        guard entry >= 0 else { return nil }
        guard tape.plainBytes(entry, in: bytes) != nil else {
            return tape.string(entry, in: bytes).flatMap(Value.init(rawValue:))
        }
        for (text, value) in cases where tape.string(entry, equals: text, in: bytes) { return value }
        return nil
    }

    private static let kinds: [(StaticString, SessionRecord.PatternKind)] = [
        ("builtIn", .builtIn), ("saved", .saved), ("timings", .timings),
    ]
    private static let statuses: [(StaticString, SessionRecord.Status)] = [
        ("completed", .completed), ("stopped", .stopped), ("interrupted", .interrupted), ("skipped", .skipped),
        ("failed", .failed),
    ]
    private static let sources: [(StaticString, SessionRecord.Source)] = [
        ("interactive", .interactive), ("cron", .cron),
    ]
    private static let reasons: [(StaticString, SessionRecord.Reason)] = [
        ("call", .call), ("recording", .recording), ("user", .user), ("sound", .sound), ("speech", .speech),
        ("voice", .voice), ("pattern", .pattern), ("preferences", .preferences), ("other", .other),
    ]
    private static let phases: [(StaticString, PhaseKind)] = [
        ("inhale", .inhale), ("hold", .hold), ("exhale", .exhale), ("rest", .rest),
    ]

    // MARK: The members, one kind at a time

    /// A timestamp member, read from its bytes when it has no escapes; nil when absent or malformed.
    @inline(__always)
    private func timestamp(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> LocalTimestamp? {
        guard entry >= 0 else { return nil }
        if let plain = tape.plainBytes(entry, in: bytes) { return LocalTimestamp.parse(utf8: plain) }
        return tape.string(entry, in: bytes).flatMap(LocalTimestamp.parse)
    }

    @inline(__always)
    private func integer(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        entry >= 0 ? tape.integer(entry, in: bytes) : nil
    }

    @inline(__always)
    private func tenthsValue(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        entry >= 0 ? tape.tenths(entry, in: bytes) : nil
    }

    /// A mood member: `.some(nil)` when absent or null, `.some(level)` for 1 to 5, nil (the line is bad) otherwise.
    @inline(__always)
    private func moodLevel(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard entry >= 0, tape.entries[entry].kind != .null else { return .some(nil) }
        guard let level = tape.integer(entry, in: bytes), SessionRecord.moodRange.contains(level) else { return nil }
        return .some(level)
    }

    /// A skipped or failed reminder's `reason`: `.some(nil)` when absent or null, `.some(reason)` for a known one, nil (the line
    /// is bad) otherwise.
    @inline(__always)
    private func recordReason(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> SessionRecord.Reason?? {
        guard entry >= 0, tape.entries[entry].kind != .null else { return .some(nil) }
        guard tape.entries[entry].kind == .string,
            let reason = choice(entry, SessionRecordReader.reasons, bytes)
        else { return nil }
        return .some(reason)
    }

    /// What `check` found on a valid line: the values both readers use. The texts (id, name, timings, language) stay
    /// on the tape, in their slots, for `record` alone to make into Strings.
    private struct Checked {
        var start: LocalTimestamp
        var end: LocalTimestamp
        var kind: SessionRecord.PatternKind
        var plannedCycles: Int
        var actualCycles: Int
        var plannedTenths: Int
        var actualTenths: Int
        var status: SessionRecord.Status
        var moodBefore: Int?
        var moodAfter: Int?
        var source: SessionRecord.Source
        var reason: SessionRecord.Reason?
        /// False when the pattern has no name (absent or null): its timings are its label.
        var hasName: Bool
    }

    /// The one decoder: checks every member of the loaded line as `SessionRecord(json:)` does, leaving each member's
    /// entry in `slots`; nil when the line is no valid record. Makes no String (texts are only checked to be strings)
    /// and appends the ramps to `ramps` only when `collect`: `stats` over a long history spends its time here.
    @inline(__always)
    private func check(
        _ bytes: UnsafeBufferPointer<UInt8>, slots: UnsafeMutableBufferPointer<Int>, ramps: inout [Ramp],
        collect collectRamps: Bool
    ) -> Checked? {
        guard members(of: 0, SessionRecordReader.recordSlots, bytes, into: slots) else { return nil }
        func isText(_ entry: Int) -> Bool { entry >= 0 && tape.entries[entry].kind == .string }
        func time(_ entry: Int) -> LocalTimestamp? { timestamp(entry, bytes) }
        func int(_ entry: Int) -> Int? { integer(entry, bytes) }
        func tenths(_ entry: Int) -> Int? { tenthsValue(entry, bytes) }
        func mood(_ entry: Int) -> Int?? { moodLevel(entry, bytes) }
        guard let start = time(slots[.start]), let end = time(slots[.end]),
            slots[.pattern] >= 0, members(of: slots[.pattern], SessionRecordReader.patternSlots, bytes, into: slots),
            let kind = choice(slots[.patternKind], SessionRecordReader.kinds, bytes),
            let plannedCycles = int(slots[.plannedCycles]), let actualCycles = int(slots[.actualCycles]),
            let plannedTenths = tenths(slots[.plannedSeconds]), let actualTenths = tenths(slots[.actualSeconds]),
            let status = choice(slots[.status], SessionRecordReader.statuses, bytes),
            let moodBefore = mood(slots[.moodBefore]), let moodAfter = mood(slots[.moodAfter]),
            let source = choice(slots[.source], SessionRecordReader.sources, bytes),
            isText(slots[.id]), isText(slots[.patternTimings]), isText(slots[.language]),
            let reason = recordReason(slots[.reason], bytes)
        else { return nil }
        let list = slots[.ramps]
        if list >= 0 && tape.entries[list].kind == .array {
            var element = list + 1
            while element < tape.entries[list].next {
                guard members(of: element, SessionRecordReader.rampSlots, bytes, into: slots),
                    let phase = choice(slots[.rampPhase], SessionRecordReader.phases, bytes),
                    let seconds = tenths(slots[.rampSeconds])
                else { return nil }
                if collectRamps { ramps.append(Ramp(kind: phase, targetTenths: seconds)) }
                element = tape.entries[element].next
            }
        }
        let hasName: Bool
        if slots[.patternName] < 0 || tape.entries[slots[.patternName]].kind == .null {
            hasName = false
        } else if isText(slots[.patternName]) {
            hasName = true
        } else {
            return nil
        }
        return Checked(
            start: start, end: end, kind: kind, plannedCycles: plannedCycles, actualCycles: actualCycles,
            plannedTenths: plannedTenths, actualTenths: actualTenths, status: status, moodBefore: moodBefore,
            moodAfter: moodAfter, source: source, reason: reason, hasName: hasName)
    }
}

extension UnsafeMutableBufferPointer<Int> {
    /// The entry found for a field (its slot), or -1.
    fileprivate subscript(field: RecordField) -> Int { self[field.rawValue] }
}

/// One session as the history keeps it: one line of `history.jsonl`.
package struct SessionRecord: Hashable, Sendable {
    /// How the pattern was chosen, which decides the "custom pattern" badge.
    package enum PatternKind: String, Hashable, Sendable {
        case builtIn
        case saved
        case timings
    }

    /// What started the session.
    package enum Source: String, Hashable, Sendable {
        case interactive
        case cron
    }

    /// How the session ended, as the history records it: as the session machine ended it, `skipped` or `failed`.
    package enum Status: String, Hashable, Sendable {
        case completed
        case stopped
        case interrupted
        /// A reminder that never ran: a call or a recording outlasted its wait (`remind --defer`). It has a `reason`,
        /// and never counts in stats, streaks or badges.
        case skipped
        /// A reminder that could not play (no sound server, no voice, its pattern gone…). It has a `reason`, and
        /// never counts in stats, streaks or badges.
        case failed

        package init(_ status: SessionStatus) {
            switch status {
            case .completed: self = .completed
            case .stopped: self = .stopped
            case .interrupted: self = .interrupted
            }
        }
    }

    package var id: String
    package var start: LocalTimestamp
    var end: LocalTimestamp
    /// The pattern's name (built-in or saved), nil for typed timings.
    package var patternName: String?
    /// `4-7-8`, as typed or as the named pattern's timings.
    package var timings: String
    package var patternKind: PatternKind
    var ramps: [Ramp]
    package var plannedCycles: Int
    package var actualCycles: Int
    var plannedTenths: Int
    package var actualTenths: Int
    package var status: Status
    /// 1 (very stressed) to 5 (very calm).
    package var moodBefore: Int?
    package var moodAfter: Int?
    var language: String
    package var source: Source
    /// Only for a skipped or failed reminder; written (as `reason`) only then.
    package var reason: Reason?

    package init(
        id: String, start: LocalTimestamp, end: LocalTimestamp, patternName: String?, timings: String,
        patternKind: PatternKind, ramps: [Ramp] = [], plannedCycles: Int, actualCycles: Int, plannedTenths: Int,
        actualTenths: Int, status: Status, moodBefore: Int? = nil, moodAfter: Int? = nil, language: String,
        source: Source = .interactive, reason: Reason? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end
        self.patternName = patternName
        self.timings = timings
        self.patternKind = patternKind
        self.ramps = ramps
        self.plannedCycles = plannedCycles
        self.actualCycles = actualCycles
        self.plannedTenths = plannedTenths
        self.actualTenths = actualTenths
        self.status = status
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.language = language
        self.source = source
        self.reason = reason
    }

    /// Mood levels: 1 very stressed … 5 very calm.
    package static let moodRange = 1...5

    /// The name the listings and the stats use: the pattern's name, else its timings.
    var patternLabel: String { patternName ?? timings }

    /// The record as a JSON object, in a fixed member order.
    var json: JSONValue {
        func optional(_ value: Int?) -> JSONValue { value.map { .number(String($0)) } ?? .null }
        var members: [(key: String, node: JSONNode)] = [
            ("id", JSONNode(.string(id))),
            ("start", JSONNode(.string(start.iso8601))),
            ("end", JSONNode(.string(end.iso8601))),
            (
                "pattern",
                JSONNode(
                    .object([
                        "name": patternName.map(JSONValue.string) ?? .null,
                        "timings": .string(timings),
                        "kind": .string(patternKind.rawValue),
                    ]))
            ),
            (
                "ramps",
                JSONNode(
                    .array(
                        ramps.map {
                            JSONNode(
                                .object([
                                    "phase": .string($0.kind.rawValue), "seconds": JSONWriter.tenths($0.targetTenths),
                                ]))
                        }))
            ),
            ("plannedCycles", JSONNode(.number(String(plannedCycles)))),
            ("actualCycles", JSONNode(.number(String(actualCycles)))),
            ("plannedSeconds", JSONNode(JSONWriter.tenths(plannedTenths))),
            ("actualSeconds", JSONNode(JSONWriter.tenths(actualTenths))),
            ("status", JSONNode(.string(status.rawValue))),
            ("moodBefore", JSONNode(optional(moodBefore))),
            ("moodAfter", JSONNode(optional(moodAfter))),
            ("language", JSONNode(.string(language))),
            ("source", JSONNode(.string(source.rawValue))),
        ]
        // Only a skipped or failed reminder says why: every other record keeps the members it always had.
        if let reason { members.append(("reason", JSONNode(.string(reason.rawValue)))) }
        return .object(members)
    }

    /// One history line, without its newline.
    package var line: String { JSONWriter.compact(json) }

    /// Reads one history line; nil when it is not a complete, valid record.
    static func parse(line bytes: [UInt8]) -> SessionRecord? {
        var reader = SessionRecordReader()
        return reader.record(bytes)
    }

    /// A record from a parsed JSON value; `SessionRecordReader` reads lines the same way without building the tree.
    init?(json value: JSONValue) {
        func int(_ key: String) -> Int? { value[key]?.value.integer }
        func mood(_ key: String) -> Int?? {
            guard let node = value[key], node.value != .null else { return .some(nil) }
            guard let level = node.value.integer, SessionRecord.moodRange.contains(level) else { return nil }
            return .some(level)
        }
        guard let id = value["id"]?.value.string,
            let start = value["start"]?.value.string.flatMap(LocalTimestamp.parse),
            let end = value["end"]?.value.string.flatMap(LocalTimestamp.parse),
            let pattern = value["pattern"]?.value,
            let timings = pattern["timings"]?.value.string,
            let kind = pattern["kind"]?.value.string.flatMap(PatternKind.init(rawValue:)),
            let plannedCycles = int("plannedCycles"), let actualCycles = int("actualCycles"),
            let plannedTenths = value["plannedSeconds"]?.value.tenths,
            let actualTenths = value["actualSeconds"]?.value.tenths,
            let status = value["status"]?.value.string.flatMap(Status.init(rawValue:)),
            let moodBefore = mood("moodBefore"), let moodAfter = mood("moodAfter"),
            let language = value["language"]?.value.string,
            let source = value["source"]?.value.string.flatMap(Source.init(rawValue:))
        else { return nil }
        let reason: Reason?
        switch value["reason"]?.value {
        case .string(let text)?:
            guard let known = Reason(rawValue: text) else { return nil }
            reason = known
        case .null?, nil: reason = nil
        default: return nil
        }
        var ramps: [Ramp] = []
        if case .array(let elements)? = value["ramps"]?.value {
            for element in elements {
                guard let phase = element.value["phase"]?.value.string.flatMap(PhaseKind.init(rawValue:)),
                    let seconds = element.value["seconds"]?.value.tenths
                else { return nil }
                ramps.append(Ramp(kind: phase, targetTenths: seconds))
            }
        }
        let name: String?
        switch pattern["name"]?.value {
        case .string(let text)?: name = text
        case .null?, nil: name = nil
        default: return nil
        }
        self.init(
            id: id, start: start, end: end, patternName: name, timings: timings, patternKind: kind, ramps: ramps,
            plannedCycles: plannedCycles, actualCycles: actualCycles, plannedTenths: plannedTenths,
            actualTenths: actualTenths,
            status: status, moodBefore: moodBefore, moodAfter: moodAfter, language: language, source: source,
            reason: reason
        )
    }
}

/// One history record as `history` and `history export` stream it: a copy of its line's bytes and the values checked on
/// it, its texts (id, pattern name, timings, language) left as ranges of those bytes.
///
/// Reading a line into a `RecordLine` that was used before reuses its storage, so a long history costs no allocation per
/// record; `record` makes the `SessionRecord` that `SessionRecordReader.record` reads from the same line.
package struct RecordLine {
    /// A text member: where its bytes are (between the quotes), and whether they are its text (plain ASCII, no escapes).
    struct Text: Sendable {
        var range: Range<Int>
        var plain: Bool
    }

    /// The line, without its newline; the texts' ranges index it.
    var bytes: [UInt8] = []
    package internal(set) var start = LocalTimestamp.zero
    var end = LocalTimestamp.zero
    package internal(set) var patternKind = SessionRecord.PatternKind.builtIn
    var ramps: [Ramp] = []
    package internal(set) var plannedCycles = 0
    package internal(set) var actualCycles = 0
    var plannedTenths = 0
    package internal(set) var actualTenths = 0
    package internal(set) var status = SessionRecord.Status.completed
    package internal(set) var moodBefore: Int?
    /// Amendments (`SessionAmendment`) change it after the line was read.
    package var moodAfter: Int?
    /// `moodAfter` as the line holds it, before any amendment, and where its value is in `bytes` (nil when absent).
    var storedMoodAfter: Int?
    var storedMoodAfterValue: Range<Int>?
    var source = SessionRecord.Source.interactive
    package internal(set) var reason: SessionRecord.Reason?
    var id = Text(range: 0..<0, plain: true)
    /// Nil when the pattern has no name (absent or null).
    var patternName: Text?
    var timings = Text(range: 0..<0, plain: true)
    var language = Text(range: 0..<0, plain: true)

    package init() {}

    /// The record on `line`; nil when it is none (as `SessionRecordReader.record` would say).
    init?(line: [UInt8]) {
        var reader = SessionRecordReader()
        guard line.withUnsafeBufferPointer({ reader.read($0, into: &self) }) else { return nil }
    }

    /// The record `record` appends, read back: what every history command shows of it.
    package init(_ record: SessionRecord) {
        // `SessionRecord.line` is always a valid record line.
        self = RecordLine(line: Array(record.line.utf8)) ?? RecordLine()
    }

    /// A text's bytes when they are its text (plain ASCII), else nil.
    @inline(__always)
    func withPlainBytes<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard text.plain else { return body(nil) }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[text.range])) }
    }

    /// A text member as a String, escapes resolved.
    func string(_ text: Text) -> String {
        bytes.withUnsafeBufferPointer { all in
            let raw = UnsafeBufferPointer(rebasing: all[text.range])
            return text.plain ? String(decoding: raw, as: UTF8.self) : JSONTape.unescape(raw)
        }
    }

    /// Whether the pattern has a name (not absent, not null).
    package var hasPatternName: Bool { patternName != nil }

    /// The pattern's name, escapes resolved; nil when it has none.
    package var patternNameText: String? { patternName.map(string) }

    /// The pattern's timings, escapes resolved.
    package var timingsText: String { string(timings) }

    /// The pattern name's bytes when it has one in plain ASCII (an empty buffer when it has none), else nil.
    package func withPatternNameBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let patternName else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return withPlainBytes(patternName, body)
    }

    /// The timings' bytes when they are plain ASCII, else nil.
    package func withTimingsBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        withPlainBytes(timings, body)
    }

    /// The record's id, escapes resolved.
    var idText: String { string(id) }

    /// Whether the record's id is `other` (as Strings compare).
    func hasID(_ other: String) -> Bool {
        var other = other
        let sameBytes = other.withUTF8 { wanted in
            withPlainBytes(id) { plain in
                guard let plain else { return false }
                return plain.count == wanted.count
                    && (plain.isEmpty || JSONTape.equal(plain.baseAddress!, wanted.baseAddress!, plain.count))
            }
        }
        // Plain ASCII equal by bytes is equal; otherwise Strings decide (canonical equivalence).
        return sameBytes || (!(id.plain && other.utf8.allSatisfy { $0 < 0x80 }) && idText == other)
    }

    /// The record as a `SessionRecord`.
    package var record: SessionRecord {
        SessionRecord(
            id: string(id), start: start, end: end, patternName: patternName.map(string), timings: string(timings),
            patternKind: patternKind, ramps: ramps, plannedCycles: plannedCycles, actualCycles: actualCycles,
            plannedTenths: plannedTenths, actualTenths: actualTenths, status: status, moodBefore: moodBefore,
            moodAfter: moodAfter, language: string(language), source: source, reason: reason)
    }
}

extension LocalTimestamp {
    /// 1970-01-01T00:00:00Z: what a `RecordLine` holds before a line is read into it.
    fileprivate static let zero = LocalTimestamp(
        year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, offsetSeconds: 0)
}

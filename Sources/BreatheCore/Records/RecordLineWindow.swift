/// The last few records read from the history as `RecordLine`s, held back until no amendment can still reach them, as
/// `AmendmentWindow` holds `SessionRecord`s: a record leaves `AmendmentWindow.reach` records later (or when the reading
/// ends, or at an unreadable line), with every amendment met meanwhile applied.
///
/// Memory stays the same whatever the history's length: one more slot than the reach, each reused line after line, so
/// that reading a record costs a copy of its bytes and no allocation.
package struct RecordLineWindow {
    /// What a line was.
    package enum Line: Equatable, Sendable {
        /// A record, now held.
        case record
        /// An amendment, applied to the newest held record with its id (if any).
        case amendment
        /// Neither: what is held should leave before the line is reported.
        case unreadable
    }

    private var reader = SessionRecordReader()
    private var slots = [RecordLine](repeating: RecordLine(), count: AmendmentWindow.reach + 1)
    /// Where each slot's record was read from (as `read` was told).
    private var offsets = [Int](repeating: 0, count: AmendmentWindow.reach + 1)
    /// Where the oldest held record is, and how many are held.
    private var oldest = 0
    private var count = 0

    package init() {}

    /// Reads one line (without its newline), found at `offset` in its file. After a record, when more than
    /// `AmendmentWindow.reach` are held, the oldest must leave (`isFull`, `removeOldest`) before the next line is read.
    package mutating func read(_ line: UnsafeBufferPointer<UInt8>, at offset: Int = 0) -> Line {
        precondition(count < slots.count, "the oldest record must leave first")
        let free = (oldest + count) % slots.count
        if reader.read(line, into: &slots[free]) {
            offsets[free] = offset
            count += 1
            return .record
        }
        guard let amendment = SessionAmendment.parse(line: line) else { return .unreadable }
        var offset = count - 1
        while offset >= 0 {
            let index = (oldest + offset) % slots.count
            if slots[index].hasID(amendment.id) {
                slots[index].moodAfter = amendment.moodAfter
                break
            }
            offset -= 1
        }
        return .amendment
    }

    /// Whether a record must leave before the next line is read: no amendment can reach the oldest any more.
    package var isFull: Bool { count > AmendmentWindow.reach }

    /// Whether no record is held.
    package var isEmpty: Bool { count == 0 }

    /// Hands the oldest held record to `body` with where it was read from (as `read` was told), then lets it go; nil
    /// when none is held. `body` must not keep the record.
    package mutating func removeOldest<Result>(_ body: (_ record: RecordLine, _ offset: Int) -> Result) -> Result? {
        guard count > 0 else { return nil }
        let result = body(slots[oldest], offsets[oldest])
        oldest = (oldest + 1) % slots.count
        count -= 1
        return result
    }
}

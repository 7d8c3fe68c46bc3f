/// The last few records read from the history, held back until no amendment can still reach them: each record leaves
/// the window `reach` records later (or at the end of the reading), with every amendment met meanwhile applied.
///
/// Memory stays the same whatever the history's length: a ring of `reach` records.
struct AmendmentWindow {
    /// How many records after its own an amendment may come and still be folded in. Only sessions that ended while a
    /// mood question was open come between a record and its amendment, so a few would do.
    static let reach = 32

    private var ring: [SessionRecord?] = Array(repeating: nil, count: AmendmentWindow.reach)
    /// Where the oldest held record is, and how many are held.
    private var oldest = 0
    private var count = 0

    init() {}

    /// Holds `record`; returns the record that leaves to make room for it, if the window was full.
    mutating func add(_ record: SessionRecord) -> SessionRecord? {
        var leaving: SessionRecord?
        if count == AmendmentWindow.reach { leaving = removeOldest() }
        ring[(oldest + count) % AmendmentWindow.reach] = record
        count += 1
        return leaving
    }

    /// Applies `amendment` to the newest held record with its id; false when none is held (it then amends nothing).
    @discardableResult
    mutating func amend(_ amendment: SessionAmendment) -> Bool {
        var offset = count - 1
        while offset >= 0 {
            let index = (oldest + offset) % AmendmentWindow.reach
            if ring[index]?.id == amendment.id {
                amendment.apply(to: &ring[index]!)
                return true
            }
            offset -= 1
        }
        return false
    }

    /// The oldest held record, taken out of the window; nil when it is empty.
    mutating func removeOldest() -> SessionRecord? {
        guard count > 0 else { return nil }
        let record = ring[oldest]
        ring[oldest] = nil
        oldest = (oldest + 1) % AmendmentWindow.reach
        count -= 1
        return record
    }
}

/// Finds where the newest `count` sessions of a history begin, reading its records in time order from the newest
/// back, each session counted once (`SameSecondRun`): `history --last N`.
///
/// The reading goes back to the first record of the second that holds the `count`-th newest session, so that the
/// reading forward from there meets every copy of a session in its first place; the sessions of that second that are
/// older than the newest `count` (by their first place) are then left out, the first `surplus` of the reading forward.
package struct NewestSessions {
    private let count: Int
    private var found = 0
    private var run = SameSecondRun()

    package init(count: Int) {
        self.count = count
    }

    /// Reads one more record back (the session with `id` that started at `second`); false when it is older than the
    /// newest `count` sessions: the reading back stops there, and the reading forward starts at the record read before
    /// it. `plain` and `text` are as `SameSecondRun.repeats` takes them.
    package mutating func reads(second: Int, plain: UnsafeBufferPointer<UInt8>?, text: () -> String) -> Bool {
        if found >= count && second != run.second { return false }
        if !run.repeats(second: second, plain: plain, text: text) { found += 1 }
        return true
    }

    /// `reads(second:plain:text:)` for a record read into a `RecordLine`.
    package mutating func reads(_ record: RecordLine) -> Bool {
        if found >= count && record.start.epochSeconds != run.second { return false }
        if !run.repeats(record) { found += 1 }
        return true
    }

    /// How many sessions the reading forward leaves out before the first it hands over.
    package var surplus: Int { max(0, found - count) }
}

/// Which of the last records read an amendment line belongs to, as a reader would apply it (`AmendmentWindow`): the
/// newest of the last `AmendmentWindow.reach` records with its id. A history rewritten in time order keeps each
/// amendment with its record this way, even one answered after another session ended.
package struct AmendmentOwners {
    /// The last records read, their ids and where the caller keeps them: a ring, `next` the slot the next one takes.
    private var recent: [(id: String, place: Int)?] = Array(repeating: nil, count: AmendmentWindow.reach)
    private var next = 0

    package init() {}

    /// A record read, kept at `place` (the caller's index for it).
    package mutating func record(id: String, at place: Int) {
        recent[next] = (id, place)
        next = (next + 1) % recent.count
    }

    /// The place of the record `line` amends, when it is an amendment of one of the last records read.
    package func owner(of line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let amendment = SessionAmendment.parse(line: line) else { return nil }
        // The newest first.
        for age in 1...recent.count {
            if let entry = recent[(next - age + recent.count) % recent.count], entry.id == amendment.id {
                return entry.place
            }
        }
        return nil
    }
}

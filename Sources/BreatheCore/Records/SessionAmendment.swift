/// A later word on a session already in the history: one line of `history.jsonl` of its own,
/// `{"amends":"<id>","moodAfter":4}`, appended after the record it amends.
///
/// A session is recorded when its breathing ends, before any question, so that no way out loses it; the mood given at
/// the question comes afterwards, as an amendment. Readers fold an amendment into the record with its id among the
/// `AmendmentWindow.reach` records before it (it nearly always follows its record directly: only a session that ended
/// while the question was open can come between), so every listing, export and stat shows the mood as if the record
/// had held it from the start.
package struct SessionAmendment: Hashable, Sendable {
    /// The amended record's `id`.
    var id: String
    /// The mood after the session, 1 (very stressed) to 5 (very calm).
    var moodAfter: Int

    package init(id: String, moodAfter: Int) {
        self.id = id
        self.moodAfter = moodAfter
    }

    /// The amendment as a JSON object, in a fixed member order.
    var json: JSONValue {
        .object([
            ("amends", JSONNode(.string(id))),
            ("moodAfter", JSONNode(.number(String(moodAfter)))),
        ])
    }

    /// One history line, without its newline.
    package var line: String { JSONWriter.compact(json) }

    /// Applies the amendment to its record.
    package func apply(to record: inout SessionRecord) {
        record.moodAfter = moodAfter
    }

    /// The amendment on one history line; nil when the line is not exactly an amendment (an object with a string
    /// `amends` and a `moodAfter` of 1 to 5, and nothing else).
    static func parse(line bytes: UnsafeBufferPointer<UInt8>) -> SessionAmendment? {
        // An amendment is a short line: a long one is no amendment, and is not parsed again.
        guard bytes.count < 4096, case .success(let node) = JSONParser.parse(Array(bytes), positions: false),
            case .object(let members) = node.value, members.count == 2,
            let id = node.value["amends"]?.value.string,
            let mood = node.value["moodAfter"]?.value.integer, SessionRecord.moodRange.contains(mood)
        else { return nil }
        return SessionAmendment(id: id, moodAfter: mood)
    }
}

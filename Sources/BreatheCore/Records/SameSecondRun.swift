/// The sessions of a history read in time order that started in one second, so that a session met twice (the same id
/// with the same start: the same file joined twice, two exports that overlap) is handed over once, the first time.
///
/// Only sessions that started in the same second can be the same session, and in time order they come one after the
/// other: the run holds the ids of one second only (nearly always one), reused from second to second, so reading a
/// history allocates nothing per record. Ids compare as Strings do (as `history import` merges them): plain ASCII by
/// its bytes, anything else as text.
package struct SameSecondRun {
    /// The second (since 1970) of the sessions held; nil before the first.
    private(set) var second: Int?
    /// The plain ids of the second, one after another, and where each ends.
    private var plainBytes: [UInt8] = []
    private var plainEnds: [Int] = []
    /// The ids that are not plain ASCII (escapes, other scripts), as text: rare.
    private var texts: [String] = []

    package init() {}

    /// Whether the session with `id` that started at `second` was met already in this run; a new second starts a new
    /// run. `plain` is the id's bytes when they are its text (plain ASCII), else nil; `text` makes the id's text.
    package mutating func repeats(second: Int, plain: UnsafeBufferPointer<UInt8>?, text: () -> String) -> Bool {
        if second != self.second {
            self.second = second
            plainBytes.removeAll(keepingCapacity: true)
            plainEnds.removeAll(keepingCapacity: true)
            texts.removeAll(keepingCapacity: true)
        } else if holds(plain: plain, text: text) {
            return true
        }
        if let plain {
            plainBytes.append(contentsOf: plain)
            plainEnds.append(plainBytes.count)
        } else {
            texts.append(text())
        }
        return false
    }

    /// Whether the run holds the id.
    private func holds(plain: UnsafeBufferPointer<UInt8>?, text: () -> String) -> Bool {
        var start = 0
        var made: String?
        func wanted() -> String {
            if let made { return made }
            made = text()
            return made!
        }
        for end in plainEnds {
            defer { start = end }
            if let plain {
                guard plain.count == end - start else { continue }
                if plain.isEmpty { return true }
                let same = plainBytes.withUnsafeBufferPointer { held in
                    JSONTape.equal(held.baseAddress! + start, plain.baseAddress!, plain.count)
                }
                if same { return true }
            } else {
                // Escaped text may still be plain ASCII once read: compare as Strings.
                let held = plainBytes.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
                }
                if held == wanted() { return true }
            }
        }
        return texts.contains { $0 == wanted() }
    }
}

extension SameSecondRun {
    /// Whether `record` repeats a session of its second met already (see `repeats(second:plain:text:)`).
    package mutating func repeats(_ record: RecordLine) -> Bool {
        let second = record.start.epochSeconds
        let id = record.id
        // The record is read for every line of a long history: its bytes are borrowed, never copied with it.
        return record.bytes.withUnsafeBufferPointer { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[id.range])
            return repeats(second: second, plain: id.plain ? raw : nil) {
                id.plain ? String(decoding: raw, as: UTF8.self) : JSONTape.unescape(raw)
            }
        }
    }
}

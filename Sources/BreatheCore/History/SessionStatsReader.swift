/// Accumulates `SessionStats` straight from history lines, without making a `SessionRecord` per line.
///
/// Each line is checked exactly as `SessionRecordReader.record` checks it (so the same lines are skipped as garbled),
/// but only what the stats count is decoded. Pattern labels are counted by their bytes, and each distinct label is made
/// a String once, when `stats` is asked for: a history holds many sessions but few patterns.
package struct SessionStatsReader {
    private var reader = SessionRecordReader()
    private var partial = SessionStats()
    /// Distinct plain-ASCII labels: all their bytes one after another, and per label its range there and its count.
    private var labelBytes: [UInt8] = []
    private var labels: [(range: Range<Int>, count: Int)] = []
    /// A label's hash → the index of its entry in `labels`, or of the first of the entries that share the hash.
    private var firstWithHash: [Int: Int] = [:]
    /// For each entry in `labels`, the next one with the same hash, or -1.
    private var nextWithHash: [Int] = []
    /// The label of the line before, which is often the label again.
    private var lastLabel = -1
    /// Records read so far, and the recent ones an amendment could still change in the stats (those that count and
    /// have a mood before: only then does the mood after count), by their number: `AmendmentWindow`'s reach, kept
    /// without making a record.
    private var recordCount = 0
    private var moodRecords: [(number: Int, id: String, before: Int, after: Int?)] = []

    package init() {}

    /// Adds the record on one line (without its newline), or folds in the amendment on it; false, adding nothing, when
    /// the line is neither.
    package mutating func add(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (facts, label, id) = reader.facts(line) else {
            guard let amendment = SessionAmendment.parse(line: line) else {
                // As `HistoryStore` reads records: an unreadable line hands over every record held before it.
                moodRecords.removeAll()
                return false
            }
            amend(amendment)
            return true
        }
        recordCount += 1
        // A skipped reminder, or a session never breathed, is a valid line that counts for nothing, its pattern included.
        guard facts.counts else { return true }
        if let before = facts.moodBefore { remember(id, in: line, before: before, after: facts.moodAfter) }
        partial.add(facts)
        switch label {
        case .bytes(let range): count(UnsafeBufferPointer(rebasing: line[range]))
        case .text(let text): partial.countPattern(text)
        }
        return true
    }

    private mutating func remember(
        _ id: SessionRecordReader.Label, in line: UnsafeBufferPointer<UInt8>, before: Int, after: Int?
    ) {
        let text: String =
            switch id {
            case .bytes(let range): String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
            case .text(let text): text
            }
        moodRecords.removeAll { $0.number <= recordCount - AmendmentWindow.reach }
        moodRecords.append((recordCount, text, before, after))
    }

    /// The mood after of the newest recent record with the amendment's id, replaced, as `AmendmentWindow` would.
    private mutating func amend(_ amendment: SessionAmendment) {
        moodRecords.removeAll { $0.number <= recordCount - AmendmentWindow.reach }
        guard let index = moodRecords.lastIndex(where: { $0.id == amendment.id }) else { return }
        let record = moodRecords[index]
        partial.changeMoodAfter(before: record.before, from: record.after, to: amendment.moodAfter)
        moodRecords[index].after = amendment.moodAfter
    }

    mutating func add(_ line: [UInt8]) -> Bool {
        line.withUnsafeBufferPointer { add($0) }
    }

    /// The stats of every record added so far.
    package var stats: SessionStats {
        var stats = partial
        labelBytes.withUnsafeBufferPointer { all in
            for label in labels {
                stats.countPattern(
                    String(decoding: UnsafeBufferPointer(rebasing: all[label.range]), as: UTF8.self),
                    sessions: label.count)
            }
        }
        return stats
    }

    private mutating func count(_ label: UnsafeBufferPointer<UInt8>) {
        if lastLabel >= 0 && same(lastLabel, label) {
            labels[lastLabel].count += 1
            return
        }
        let hash = SessionStatsReader.hash(label)
        var index = firstWithHash[hash] ?? -1
        while index >= 0 {
            if same(index, label) {
                labels[index].count += 1
                lastLabel = index
                return
            }
            index = nextWithHash[index]
        }
        let start = labelBytes.count
        labelBytes.append(contentsOf: label)
        labels.append((start..<labelBytes.count, 1))
        nextWithHash.append(firstWithHash[hash] ?? -1)
        firstWithHash[hash] = labels.count - 1
        lastLabel = labels.count - 1
    }

    private func same(_ index: Int, _ label: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = labels[index].range
        guard range.count == label.count else { return false }
        guard range.count > 0 else { return true }
        return labelBytes.withUnsafeBufferPointer { all in
            JSONTape.equal(all.baseAddress! + range.lowerBound, label.baseAddress!, range.count)
        }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(bitPattern: UInt(hash))
    }
}

/// Accumulates `SessionStats` straight from history lines, without making a `SessionRecord` per line.
///
/// Each line is checked exactly as `SessionRecordReader.record` checks it (so the same lines are skipped as garbled),
/// but only what the stats count is decoded. Pattern labels are counted by their bytes, and each distinct label is made
/// a String once, when `stats` is asked for: a history holds many sessions but few patterns.
package struct SessionStatsReader {
    private var reader = SessionRecordReader()
    private var partial: SessionStats
    /// Distinct plain-ASCII labels: all their bytes one after another, and per label its range there and its count.
    private var labelBytes: [UInt8] = []
    private var labels: [(range: Range<Int>, count: Int)] = []
    /// A label's hash → the index of its entry in `labels`, or of the first of the entries that share the hash.
    private var firstWithHash: [Int: Int] = [:]
    /// For each entry in `labels`, the next one with the same hash, or -1.
    private var nextWithHash: [Int] = []
    /// The label of the line before, which is often the label again.
    private var lastLabel = -1
    /// Records read so far, and the recent ones, which an amendment could still change: a ring of
    /// `AmendmentWindow.reach` entries by record number, each with its id's hash (FNV-1a of its bytes: no String is
    /// made), its moods and whether it counts, so that an amendment is folded in as `AmendmentWindow` folds it, without
    /// making a record.
    private var recordCount = 0
    private var recent = [(number: Int, id: Int, before: Int?, after: Int?, counts: Bool)](
        repeating: (0, 0, nil, nil, false), count: AmendmentWindow.reach)
    /// The sessions of the last second read, so that a session met twice in a row is counted once (the first).
    private var run = SameSecondRun()
    private var lastSecond = Int.min

    /// The record lines read by `add(_:)` so far (a session met twice included).
    package var records: Int { recordCount }

    /// `today`: as `SessionStats(today:)` takes it.
    package init(today: Int? = nil) {
        partial = SessionStats(today: today)
    }

    /// Every record added so far started no earlier than the one added before it: then each session was counted once
    /// (its copies come one after another). Otherwise the figures may count a session twice, and the history must be
    /// added again in time order (`add(record:amendedMood:)`).
    package private(set) var isInOrder = true

    /// Adds the record on one line (without its newline), or folds in the amendment on it; false, adding nothing, when
    /// the line is neither.
    package mutating func add(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (facts, label, id, second) = reader.facts(line) else {
            guard let amendment = SessionAmendment.parse(line: line) else {
                // As `HistoryStore` reads records: an unreadable line hands over every record held before it.
                for index in recent.indices { recent[index].number = 0 }
                return false
            }
            amend(amendment)
            return true
        }
        if second < lastSecond { isInOrder = false }
        lastSecond = second
        recordCount += 1
        let counted = count(facts, label: label, id: id, second: second, in: line)
        remember(id, in: line, before: facts.moodBefore, after: facts.moodAfter, counts: counted)
        return true
    }

    /// Adds the record on one line of a history read in time order out of its file's order, its amendments already
    /// folded in: `amendedMood` is the mood after that one gave it, if any. False, adding nothing, when the line is no
    /// record.
    package mutating func add(record line: UnsafeBufferPointer<UInt8>, amendedMood: Int?) -> Bool {
        guard let read = reader.facts(line) else { return false }
        var facts = read.facts
        if let amendedMood { facts.moodAfter = amendedMood }
        _ = count(facts, label: read.label, id: read.id, second: read.second, in: line)
        return true
    }

    /// Counts one record, unless it repeats a session of its second; whether its figures were counted.
    private mutating func count(
        _ facts: SessionFacts, label: SessionRecordReader.Label, id: SessionRecordReader.Label, second: Int,
        in line: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let repeated =
            switch id {
            case .bytes(let range):
                run.repeats(second: second, plain: UnsafeBufferPointer(rebasing: line[range])) {
                    String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
                }
            case .text(let text): run.repeats(second: second, plain: nil) { text }
            }
        guard !repeated else { return false }
        partial.countRecorded()
        // A skipped or failed reminder, or a session never breathed, is a valid line that counts for nothing, its pattern included.
        guard facts.counts else { return false }
        partial.add(facts)
        switch label {
        case .bytes(let range): count(UnsafeBufferPointer(rebasing: line[range]))
        case .text(let text): partial.countPattern(text)
        }
        return true
    }

    private mutating func remember(
        _ id: SessionRecordReader.Label, in line: UnsafeBufferPointer<UInt8>, before: Int?, after: Int?, counts: Bool
    ) {
        let hash =
            switch id {
            case .bytes(let range): SessionStatsReader.hash(UnsafeBufferPointer(rebasing: line[range]))
            case .text(let text): SessionStatsReader.hash(text)
            }
        recent[recordCount % AmendmentWindow.reach] = (recordCount, hash, before, after, counts)
    }

    /// The mood after of the newest recent record with the amendment's id, replaced, as `AmendmentWindow` would.
    private mutating func amend(_ amendment: SessionAmendment) {
        let hash = SessionStatsReader.hash(amendment.id)
        var number = recordCount
        while number > 0 && number > recordCount - AmendmentWindow.reach {
            let index = number % AmendmentWindow.reach
            if recent[index].number == number && recent[index].id == hash {
                let record = recent[index]
                if record.counts {
                    partial.changeMoodAfter(before: record.before, from: record.after, to: amendment.moodAfter)
                }
                recent[index].after = amendment.moodAfter
                return
            }
            number -= 1
        }
    }

    private static func hash(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { hash($0) }
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

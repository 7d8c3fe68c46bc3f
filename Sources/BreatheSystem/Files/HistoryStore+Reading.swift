import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reading the history: every record in time order (by the moment each started, whatever its UTC offset; records that
/// started in the same second in file order), each session once (a session met again with the same id and start, as
/// when a file was joined twice, is left out after its first place), its amendments folded in.
///
/// A history in time order, as appends keep it, streams: a quick scan of its lines finds it in order
/// (`TimeOrderScan`), then each record is read, handed over and forgotten, with one buffer of 256 KiB. Only a history
/// out of order (files joined by hand, a clock set back) is read twice more: once into a `HistoryIndex` (16 bytes a
/// record, its unreadable lines reported then, before any record is handed over), then record by record where each
/// lies, in time order. What is appended after the reading began is left out.
extension HistoryStore {
    /// Reads every record, streaming; each is handed over with its amendments folded in. Unreadable lines are skipped;
    /// `skipped` hears each one's line number (in a history in order, after every record before it was handed over).
    /// `body` returns false to stop early.
    package func forEach(
        skipped: (Int) -> Void = { _ in },
        _ body: (SessionRecord) -> Bool
    ) throws(BreatheError) {
        try forEachRecordLine(skipped: skipped) { body($0.record) }
    }

    /// Reads every record as `forEach` does, each handed over as the `RecordLine` it was read into, which makes no
    /// String: `history` and `history export` over a long history. Only the records `matches` accepts are handed over.
    /// `body` must not keep the line it is handed.
    package func forEachRecordLine(
        where matches: (RecordLine) -> Bool = { _ in true },
        skipped: (Int) -> Void = { _ in },
        _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        guard let descriptor = try openForReading() else { return }
        defer { close(descriptor) }
        let size = try size(of: descriptor)
        let scan = try scanOrder(descriptor, to: size)
        guard scan.isInOrder else {
            let index = try index(descriptor, to: size, capacity: scan.records, where: matches, skipped: skipped)
            try forEachRecord(in: index, descriptor, to: size, body)
            return
        }
        var run = SameSecondRun()
        try forEachRecord(descriptor, to: size, where: matches, skipped: skipped) { record, _ in
            run.repeats(record) ? true : body(record)
        }
    }

    /// The stats of every record, read as `forEach` reads them but without making a record per line (see
    /// `SessionStatsReader`): the same lines are skipped, and `skipped` hears the same numbers, in order. `today`: as
    /// `SessionStats(today:)` takes it. A history in order is read once; reading one out of order stops at its first
    /// record out of order, and the history is then read as `forEach` reads it.
    package func stats(today: Int? = nil, skipped: (Int) -> Void = { _ in }) throws(BreatheError) -> SessionStats {
        guard let descriptor = try openForReading() else { return SessionStats(today: today) }
        defer { close(descriptor) }
        let size = try size(of: descriptor)
        var reader = SessionStatsReader(today: today)
        var reported = 0
        var stoppedAt = 0
        try forEachLine(
            descriptor, to: size,
            skipped: { number in
                reported = number
                skipped(number)
            }
        ) { line, offset in
            guard reader.add(line) else { return nil }
            stoppedAt = offset
            return reader.isInOrder
        }
        guard !reader.isInOrder else { return reader.stats }
        // The unreadable lines up to the first record out of order were reported already. As many records are
        // expected in the rest of the file as in what was read, for its length.
        let expected = Double(reader.records) * Double(size) / Double(max(stoppedAt, 1)) * 1.05
        let index = try index(
            descriptor, to: size, capacity: Int(min(expected, Double(size / 64))), where: { _ in true },
            skipped: { number in if number > reported { skipped(number) } })
        var sorted = SessionStatsReader(today: today)
        var lines = ScatteredLineReader(descriptor: descriptor, end: size, path: path)
        for entry in 0..<index.count {
            let (offset, mood) = index[entry]
            _ = sorted.add(record: try lines.line(at: offset), amendedMood: mood)
        }
        return sorted.stats
    }

    /// The records on the lines from `start` to `end` (see `forEachLine`), in file order, amendments folded in
    /// (`RecordLineWindow`), each handed to `body` with the offset of its line when `matches` accepts it.
    func forEachRecord(
        _ descriptor: Int32, from start: Int = 0, to end: Int,
        where matches: (RecordLine) -> Bool = { _ in true }, skipped: (Int) -> Void,
        _ body: (_ record: RecordLine, _ offset: Int) -> Bool
    ) throws(BreatheError) {
        var window = RecordLineWindow()
        var going = true
        /// False when no record was held.
        @discardableResult
        func handOverOldest() -> Bool {
            let handed: Void? = window.removeOldest { record, offset in
                if going && matches(record) { going = body(record, offset) }
            }
            return handed != nil
        }
        func handOverAll() {
            while going && handOverOldest() {}
        }
        try forEachLine(descriptor, from: start, to: end, skipped: skipped) { line, offset in
            switch window.read(line, at: offset) {
            case .record:
                if window.isFull { handOverOldest() }
                return going
            case .amendment:
                return true
            case .unreadable:
                // What came before an unreadable line leaves before its warning.
                handOverAll()
                return going ? nil : false
            }
        }
        handOverAll()
    }

    /// Scans the file's first `size` bytes for their order (`TimeOrderScan`).
    func scanOrder(_ descriptor: Int32, to size: Int) throws(BreatheError) -> TimeOrderScan {
        var scan = TimeOrderScan()
        try forEachLine(in: descriptor, to: size) { line, _ in
            if !HistoryStore.isBlank(line) { scan.read(line) }
            return true
        }
        return scan
    }

    /// The records `matches` accepts among the file's first `size` bytes, indexed and sorted in time order.
    func index(
        _ descriptor: Int32, to size: Int, capacity: Int, where matches: (RecordLine) -> Bool,
        skipped: (Int) -> Void
    ) throws(BreatheError) -> HistoryIndex {
        var index = HistoryIndex(capacity: capacity)
        try forEachRecord(descriptor, to: size, where: matches, skipped: skipped) { record, offset in
            index.append(record, at: offset)
            return true
        }
        index.sort()
        return index
    }

    /// The records of a sorted `index`, read where they lie (see `HistoryIndex.forEachRecord`).
    func forEachRecord(
        in index: HistoryIndex, _ descriptor: Int32, to size: Int, newest: Int? = nil,
        _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        var lines = ScatteredLineReader(descriptor: descriptor, end: size, path: path)
        try index.forEachRecord(
            newest: newest, line: { offset throws(BreatheError) in try lines.line(at: offset) }, body)
    }
}

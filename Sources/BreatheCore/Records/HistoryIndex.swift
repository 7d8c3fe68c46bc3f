/// A history that is not in time order (two files joined by hand, a clock set back), read in time order all the same:
/// when each record started and where its line lies, 16 bytes a record, sorted by the start (ties in file order);
/// each record's line is then read again where it lies. The records themselves are never held.
///
/// A record's amendments are folded in as the file is read in its own order (`RecordLineWindow`); the mood one gave it
/// travels with it in its entry.
package struct HistoryIndex {
    /// A record's start (seconds since 1970), and its line's offset in the file times 8 plus the mood after an
    /// amendment gave it (0: none), so that entries order by start, then by place in the file.
    private var entries: [(second: Int, place: Int)] = []

    /// `capacity`: about as many records as the history holds (`TimeOrderScan.records`).
    package init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    /// The records held.
    package var count: Int { entries.count }

    /// Adds `record`, read (its amendments folded in) from the line at `offset`.
    package mutating func append(_ record: RecordLine, at offset: Int) {
        let mood = record.moodAfter != record.storedMoodAfter ? record.moodAfter ?? 0 : 0
        entries.append((record.start.epochSeconds, offset << 3 | mood))
    }

    /// Puts the records in time order: by start, then in file order.
    package mutating func sort() {
        entries.sort { $0.second != $1.second ? $0.second < $1.second : $0.place < $1.place }
    }

    /// The line offset and amended mood of entry `index`.
    package subscript(index: Int) -> (offset: Int, amendedMood: Int?) {
        let place = entries[index].place
        return (place >> 3, place & 7 == 0 ? nil : place & 7)
    }

    /// Hands `body` the records in the index's order (`sort` first), each session once (`SameSecondRun`), their
    /// amendments folded in; with `newest`, only the newest that many (`NewestSessions`). `line` gives the line at an
    /// offset (without its newline), valid until its next call; an entry whose line no longer holds a record is left
    /// out. `body` returns false to stop.
    package func forEachRecord<Failure: Error>(
        newest: Int? = nil, line: (_ offset: Int) throws(Failure) -> UnsafeBufferPointer<UInt8>,
        _ body: (RecordLine) -> Bool
    ) throws(Failure) {
        var reader = SessionRecordReader()
        var record = RecordLine()
        func read(_ index: Int) throws(Failure) -> Bool {
            let entry = self[index]
            guard reader.read(try line(entry.offset), into: &record) else { return false }
            if let mood = entry.amendedMood { record.moodAfter = mood }
            return true
        }
        var first = 0
        var surplus = 0
        if let newest {
            var finder = NewestSessions(count: newest)
            first = entries.count
            var index = entries.count - 1
            while index >= 0 {
                if try read(index) {
                    guard finder.reads(record) else { break }
                    first = index
                }
                index -= 1
            }
            surplus = finder.surplus
        }
        var run = SameSecondRun()
        for index in first..<entries.count {
            guard try read(index), !run.repeats(record) else { continue }
            if surplus > 0 {
                surplus -= 1
                continue
            }
            guard body(record) else { return }
        }
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `history --last N`: the newest records, oldest first.
extension HistoryStore {
    /// The newest `count` sessions that `matches` accepts, oldest first, each once, streaming: in a history in time
    /// order the file is read from its end back to the first record of the second that holds the oldest of them,
    /// keeping nothing but where that record starts, then forward from there, each record handed to `body` as it is
    /// read (those of that second that are older than the newest `count` left out). Memory does not grow with `count`
    /// or with the file; amendments are folded in as `forEach` folds them. Unreadable lines in the part read forward
    /// are skipped and reported to `skipped` by their line numbers, in order (the whole file when it holds fewer than
    /// `count` such sessions). A history out of order is read as `forEach` reads one, its index then read from its end.
    /// Records appended after the reading began are left out.
    package func forEachOfNewest(
        _ count: Int,
        where matches: (SessionRecord) -> Bool = { _ in true },
        skipped: (Int) -> Void = { _ in },
        _ body: (SessionRecord) -> Bool
    ) throws(BreatheError) {
        try forEachRecordLineOfNewest(count, where: { matches($0.record) }, skipped: skipped) { body($0.record) }
    }

    /// `forEachOfNewest`, each record handed over as the `RecordLine` it was read into, which makes no String.
    package func forEachRecordLineOfNewest(
        _ count: Int,
        where matches: (RecordLine) -> Bool = { _ in true },
        skipped: (Int) -> Void = { _ in },
        _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        guard count > 0, let descriptor = try openForReading() else { return }
        defer { close(descriptor) }
        let size = try size(of: descriptor)
        guard size > 0 else { return }
        let scan = try scanOrder(descriptor, to: size)
        guard scan.isInOrder else {
            let index = try index(descriptor, to: size, capacity: scan.records, where: matches, skipped: skipped)
            try forEachRecord(in: index, descriptor, to: size, newest: count, body)
            return
        }
        var reader = SessionRecordReader()
        var record = RecordLine()
        var finder = NewestSessions(count: count)
        var start = 0
        do {
            var lines = BackwardLineReader<BreatheError>(size: size) { target, count, offset throws(BreatheError) in
                try readFully(descriptor, into: target, count: count, at: offset)
            }
            var reachedOlder = false
            while let line = try lines.next() {
                guard !HistoryStore.isBlank(line), reader.read(line, into: &record), matches(record) else { continue }
                guard finder.reads(record) else {
                    reachedOlder = true
                    break
                }
                start = lines.lineStart
            }
            // The whole file holds no more: read it all, its unreadable lines reported from the first.
            if !reachedOlder { start = 0 }
        }
        var surplus = finder.surplus
        var run = SameSecondRun()
        try forEachRecord(descriptor, from: start, to: size, where: matches, skipped: skipped) { record, _ in
            guard !run.repeats(record) else { return true }
            guard surplus == 0 else {
                surplus -= 1
                return true
            }
            return body(record)
        }
    }
}

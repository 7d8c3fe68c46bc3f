import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What `history import` did (or, with `--dry-run`, would do).
package struct HistoryImportOutcome: Hashable, Sendable {
    /// Sessions added to the history.
    package var imported: Int
    /// Sessions of the files that the history held already (or that a file named twice), left as they were.
    package var alreadyHere: Int
}

extension HistoryStore {
    /// Merges `incoming` into the history by session id: a session the history holds already is kept as it is (its
    /// line, its amendments), one given twice is added once, and the file is written back whole in time order (the
    /// moment each session started, whatever its UTC offset), each session once, as the readers hand it over
    /// (`HistoryStore+Reading`), so that they stream it without sorting. A history that was out of order (files joined
    /// by hand) or held a session twice is put right by the same rewrite, even when nothing is new.
    ///
    /// Everything happens under the history's own lock (the one every append takes), the new file written beside it,
    /// fsynced and renamed over it, so an append waits and then lands in the new file, and a reader sees the old file
    /// or the new one. Memory: two numbers per session already here, and the sessions imported.
    package func merge(_ incoming: [ImportedRecord], dryRun: Bool) throws(BreatheError) -> HistoryImportOutcome {
        var fresh: [ImportedRecord] = []
        var freshIndex: [String: Int] = [:]
        var alreadyHere = 0
        for record in incoming {
            if freshIndex[record.id] != nil {
                alreadyHere += 1
            } else {
                freshIndex[record.id] = fresh.count
                fresh.append(record)
            }
        }
        var present = [Bool](repeating: false, count: fresh.count)
        if !dryRun { try FileSystem.makeDirectories(FileSystem.parent(of: path)) }
        guard let descriptor = try openLocked(dryRun ? O_RDONLY : O_RDWR | O_CREAT) else {
            // Nothing here yet, and a dry run creates nothing.
            return HistoryImportOutcome(imported: fresh.count, alreadyHere: alreadyHere)
        }
        defer { close(descriptor) }
        defer { flock(descriptor, LOCK_UN) }
        let layout = try HistoryLayout(scanning: descriptor, store: self) { id in
            guard let index = freshIndex[id] else { return }
            present[index] = true
        }
        let found = present.filter { $0 }.count
        let outcome = HistoryImportOutcome(imported: fresh.count - found, alreadyHere: alreadyHere + found)
        guard !dryRun, outcome.imported > 0 || !layout.isInOrder || layout.mayHoldTwins else { return outcome }
        var added = fresh.indices.filter { !present[$0] }.map { fresh[$0] }
        added.sort(by: ImportedRecord.precedes)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystem.readError(path) }
        try FileSystem.replaceAtomically(path, mode: status.st_mode & 0o7777) { output throws(BreatheError) in
            var writer = HistoryMergeWriter(store: self, source: descriptor, layout: layout, output: output)
            try writer.write(adding: added)
        }
        return outcome
    }
}

/// Where each session of the history lies, read once before a merge: a block is a record's line and the lines after
/// it up to the next record (its amendments, a torn line), kept together wherever the record goes; but an amendment of
/// an earlier record (one answered after another session ended, `AmendmentWindow`) goes with that record, so that a
/// rewrite in time order that moves the two apart never puts a mood before its session, where a reader drops it.
package struct HistoryLayout {
    /// Each block's first byte, in file order.
    var starts: [Int] = []
    /// Where each block's first run of lines ends.
    var ends: [Int] = []
    /// A block's other lines, by block: the amendments of its record met after a later record, and its own lines after
    /// one of those moved away. Few: only a mood answered after another session ended makes one.
    var extras: [Int: [Range<Int>]] = [:]
    /// Each block's record's start, in seconds since 1970 (`Int.min` for lines before the first record).
    var keys: [Int] = []
    var isInOrder = true
    /// Two records next to each other (in file order) started in the same second with the same id.
    var mayHoldTwins = false

    /// Reads the whole file, handing `found` each record's id.
    package init(scanning descriptor: Int32, store: HistoryStore, found: (String) -> Void) throws(BreatheError) {
        var reader = SessionRecordReader()
        var runIDs: Set<String> = []
        // The blocks of the last records read: those an amendment can still reach.
        var owners = AmendmentOwners()
        // The current block's last run of lines has been broken by a line moved to another block.
        var broken = false
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystem.readError(store.path) }
        let size = Int(status.st_size)
        try store.forEachLine(in: descriptor) { line, offset in
            let range = offset..<min(offset + line.count + 1, size)
            guard let record = reader.record(line) else {
                if starts.isEmpty {
                    starts.append(offset)
                    ends.append(range.upperBound)
                    keys.append(Int.min)
                    return true
                }
                let current = starts.count - 1
                if let owner = owners.owner(of: line), owner != current {
                    extras[owner, default: []].append(range)
                    broken = true
                } else if broken {
                    extras[current, default: []].append(range)
                } else {
                    ends[current] = range.upperBound
                }
                return true
            }
            found(record.id)
            let key = record.start.epochSeconds
            if let last = keys.last, key <= last {
                if key < last { isInOrder = false }
                if key == last {
                    if runIDs.contains(record.id) { mayHoldTwins = true }
                    runIDs.insert(record.id)
                }
            } else {
                runIDs = [record.id]
            }
            owners.record(id: record.id, at: starts.count)
            starts.append(offset)
            ends.append(range.upperBound)
            keys.append(key)
            broken = false
            return true
        }
    }
}

/// Writes the merged history: the blocks already here in time order (copied byte for byte, neighbours in one go), each
/// imported record before the first block that started later, a session met twice written once.
struct HistoryMergeWriter {
    let store: HistoryStore
    package let source: Int32
    let layout: HistoryLayout
    let output: Int32
    private var buffer: [UInt8] = []
    private var reader = SessionRecordReader()

    package init(store: HistoryStore, source: Int32, layout: HistoryLayout, output: Int32) {
        self.store = store
        self.source = source
        self.layout = layout
        self.output = output
        buffer.reserveCapacity(1 << 18)
    }

    package mutating func write(adding added: [ImportedRecord]) throws(BreatheError) {
        let keys = layout.keys
        let order: [Int] =
            layout.isInOrder
            ? Array(keys.indices) : keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        var next = 0
        var runKey = Int.min
        var runFirst: Int?
        var runIDs: Set<String>?
        for block in order {
            let key = keys[block]
            while next < added.count, added[next].start.epochSeconds < key {
                try append(Array(added[next].line.utf8) + [0x0A])
                next += 1
            }
            if key != Int.min && key == runKey, let first = runFirst {
                // Only sessions that started in the same second can be the same session twice.
                if runIDs == nil { runIDs = [try id(of: first)] }
                let id = try id(of: block)
                if runIDs?.contains(id) == true {
                    // The session once; a mood answered for its second copy still goes with it.
                    for range in layout.extras[block] ?? [] { try copy(from: range.lowerBound, to: range.upperBound) }
                    continue
                }
                runIDs?.insert(id)
            } else {
                runKey = key
                runFirst = block
                runIDs = nil
            }
            try copy(from: layout.starts[block], to: layout.ends[block])
            for range in layout.extras[block] ?? [] { try copy(from: range.lowerBound, to: range.upperBound) }
        }
        for record in added[next...] { try append(Array(record.line.utf8) + [0x0A]) }
        try flush()
    }

    /// The id of block `index`'s record.
    private mutating func id(of index: Int) throws(BreatheError) -> String {
        let start = layout.starts[index]
        let count = layout.ends[index] - start
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBufferPointer { (target) throws(BreatheError) in
            try store.readFully(source, into: target.baseAddress!, count: count, at: start)
        }
        let line = bytes.prefix { $0 != 0x0A }
        return Array(line).withUnsafeBufferPointer { reader.record($0)?.id } ?? ""
    }

    /// Copies the history's bytes [start, end), ending them with a newline if the file's last line had none.
    private mutating func copy(from start: Int, to end: Int) throws(BreatheError) {
        var offset = start
        while offset < end {
            if buffer.count >= 1 << 18 { try flush() }
            let count = min(end - offset, 1 << 18)
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: count))
            try buffer.withUnsafeMutableBufferPointer { (target) throws(BreatheError) in
                try store.readFully(source, into: target.baseAddress! + old, count: count, at: offset)
            }
            offset += count
        }
        // The buffer still holds the range's last chunk.
        if end > start && buffer.last != 0x0A { try append([0x0A]) }
    }

    private mutating func append(_ bytes: [UInt8]) throws(BreatheError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 18 { try flush() }
    }

    private mutating func flush() throws(BreatheError) {
        guard !buffer.isEmpty else { return }
        guard FileDescriptorIO.writeAll(output, buffer) else { throw FileSystem.writeError(store.path) }
        buffer.removeAll(keepingCapacity: true)
    }
}

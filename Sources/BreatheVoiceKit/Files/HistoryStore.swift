import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The history file: one JSON object per line, appended under an exclusive lock, read back line by line.
///
/// Each append writes one whole line in one write(2) while holding `flock(LOCK_EX)`, then fsyncs. If the file does not
/// end in a newline (a writer was killed mid-line), the append starts with one, so the broken line stays alone and
/// every later record is intact. Readers skip an unreadable line with one warning naming its number.
package struct HistoryStore: Sendable {
    let path: String

    init(directories: XDGDirectories = XDGDirectories()) {
        path = directories.historyFile
    }

    package init(path: String) {
        self.path = path
    }

    /// Checks, before a session, that its record could be appended: the folder is ours (created if missing) and the
    /// file, when it exists, opens for appending (a regular file, not a link). Creates no file.
    func checkWritable() throws(BreatheError) {
        let directory = FileSystem.parent(of: path)
        try FileSystem.makeDirectories(directory)
        switch SafeFile.open(path, O_WRONLY | O_APPEND) {
        case .success(let descriptor): close(descriptor)
        case .failure(.system(ENOENT)):
            // No history yet: the folder must take a new file.
            guard access(directory, W_OK | X_OK) == 0 else { throw FileSystem.cannotCreate(path) }
        case .failure(let problem): throw FileSystem.cannotCreate(path, problem)
        }
    }

    /// Appends one record.
    package func append(_ record: SessionRecord) throws(BreatheError) {
        try append(line: record.line)
    }

    /// Appends an amendment to a record appended earlier (the mood given after the session): a line of its own, under
    /// the same lock, fsynced; readers fold it into its record (see `SessionAmendment`).
    func append(_ amendment: SessionAmendment) throws(BreatheError) {
        try append(line: amendment.line)
    }

    /// Appends one line (without its newline).
    func append(line: String) throws(BreatheError) {
        let directory = FileSystem.parent(of: path)
        try FileSystem.makeDirectories(directory)
        let created = !FileSystem.exists(path)
        // Read-write, so that the last byte can be checked with pread(2). Never through a symbolic link.
        guard let descriptor = try openLocked(O_RDWR | O_APPEND | O_CREAT) else { return }
        defer { close(descriptor) }
        defer { flock(descriptor, LOCK_UN) }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        if !endsWithNewline(descriptor) { bytes.insert(0x0A, at: 0) }
        var before = stat()
        guard fstat(descriptor, &before) == 0 else { throw FileSystem.writeError(path) }
        guard FileDescriptorIO.writeAll(descriptor, bytes), fsync(descriptor) == 0 else {
            // A full disk or a file-size limit (EFBIG) may have let part of the line through: cut it off again, so
            // that every line stays whole. Under the lock, nobody else appended meanwhile.
            let code = errno
            _ = SystemCall.retryingOnInterrupt { ftruncate(descriptor, before.st_size) }
            throw FileSystem.writeError(path, code)
        }
        if created { FileSystem.syncDirectory(directory) }
    }

    /// The file opened with `flags` (never through a link) and locked exclusively, nil when it does not exist and
    /// `flags` does not create it. `history import` replaces the file by a rename under this lock, so a writer that
    /// waited for the lock on the file it replaced opens the new one and waits again: nothing is written to a file
    /// that is no longer the history.
    func openLocked(_ flags: Int32) throws(BreatheError) -> Int32? {
        while true {
            let descriptor: Int32
            switch SafeFile.open(path, flags) {
            case .success(let opened): descriptor = opened
            case .failure(.system(ENOENT)) where flags & O_CREAT == 0: return nil
            case .failure(let problem): throw FileSystem.cannotCreate(path, problem)
            }
            switch LockWait.exclusive(descriptor) {
            case .locked: break
            case .timedOut:
                close(descriptor)
                throw LockWait.held(path)
            case .failed:
                close(descriptor)
                throw FileSystem.writeError(path)
            }
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, lstat(path, &named) == 0, opened.st_dev == named.st_dev,
                opened.st_ino == named.st_ino
            {
                return descriptor
            }
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// True for an empty file or one whose last byte is a newline.
    private func endsWithNewline(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return true }
        var last: UInt8 = 0
        let count = pread(descriptor, &last, 1, off_t(status.st_size - 1))
        return count != 1 || last == 0x0A
    }

    /// Reads every record in file order, streaming: one buffer of 256 KiB (more only for a longer line) is reused
    /// throughout, and each record is handed over with its amendments folded in (`RecordLineWindow`). Unreadable lines
    /// are skipped; `skipped` hears each one's line number, after every record before it was handed over. Returns false
    /// to stop early from `body`.
    func forEach(
        skipped: (Int) -> Void = { _ in },
        _ body: (SessionRecord) -> Bool
    ) throws(BreatheError) {
        try forEachRecordLine(skipped: skipped) { body($0.record) }
    }

    /// Reads every record as `forEach` does, each handed over as the `RecordLine` it was read into, which makes no
    /// String: `history` and `history export` over a long history. `body` must not keep the line it is handed.
    func forEachRecordLine(
        skipped: (Int) -> Void = { _ in },
        _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        guard let descriptor = try openForReading() else { return }
        defer { close(descriptor) }
        try forEachRecord(descriptor, skipped: skipped, body)
    }

    /// The records on the lines from `start` to `end` (see `forEachLine`), amendments folded in (`RecordLineWindow`),
    /// each handed to `body` when `matches` accepts it.
    private func forEachRecord(
        _ descriptor: Int32, from start: Int = 0, to end: Int? = nil,
        where matches: (RecordLine) -> Bool = { _ in true }, skipped: (Int) -> Void,
        _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        var window = RecordLineWindow()
        var going = true
        /// False when no record was held.
        @discardableResult
        func handOverOldest() -> Bool {
            let handed: Void? = window.removeOldest { record in
                if going && matches(record) { going = body(record) }
            }
            return handed != nil
        }
        func handOverAll() {
            while going && handOverOldest() {}
        }
        try forEachLine(descriptor, from: start, to: end, skipped: skipped) { line in
            switch window.read(line) {
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

    /// The stats of every record, read as `forEach` reads them but without making a record per line (see
    /// `SessionStatsReader`): the same lines are skipped, and `skipped` hears the same numbers.
    func stats(skipped: (Int) -> Void = { _ in }) throws(BreatheError) -> SessionStats {
        guard let descriptor = try openForReading() else { return SessionStatsReader().stats }
        defer { close(descriptor) }
        var reader = SessionStatsReader()
        try forEachLine(descriptor, skipped: skipped) { line in reader.add(line) ? true : nil }
        return reader.stats
    }

    /// The newest `count` records that `matches` accepts, oldest first, streaming (`history --last N`): the file is
    /// read from its end back to the oldest of them, keeping nothing but where that record starts, then forward from
    /// there, each record handed to `body` as it is read. Memory does not grow with `count` or with the file, and a
    /// small `count` reads only the file's tail; amendments are folded in as `forEach` folds them. Unreadable lines in
    /// the part read forward are skipped and reported to `skipped` by their line numbers, in order (the whole file when
    /// it holds fewer than `count` such records). Records appended after the reading began are left out.
    func forEachOfNewest(
        _ count: Int,
        where matches: (SessionRecord) -> Bool = { _ in true },
        skipped: (Int) -> Void = { _ in },
        _ body: (SessionRecord) -> Bool
    ) throws(BreatheError) {
        try forEachRecordLineOfNewest(count, where: { matches($0.record) }, skipped: skipped) { body($0.record) }
    }

    /// `forEachOfNewest`, each record handed over as the `RecordLine` it was read into, which makes no String.
    func forEachRecordLineOfNewest(
        _ count: Int,
        where matches: (RecordLine) -> Bool = { _ in true },
        skipped: (Int) -> Void = { _ in },
        _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        guard count > 0, let descriptor = try openForReading() else { return }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystem.readError(path) }
        let size = Int(status.st_size)
        guard size > 0 else { return }
        var reader = SessionRecordReader()
        var record = RecordLine()
        var start = 0
        do {
            var lines = BackwardLineReader<BreatheError>(size: size) { target, count, offset throws(BreatheError) in
                try readFully(descriptor, into: target, count: count, at: offset)
            }
            var found = 0
            while let line = try lines.next() {
                guard !HistoryStore.isBlank(line), reader.read(line, into: &record), matches(record) else { continue }
                found += 1
                if found == count {
                    start = lines.lineStart
                    break
                }
            }
        }
        try forEachRecord(descriptor, from: start, to: size, where: matches, skipped: skipped, body)
    }

    /// Hands `body` each line of the file's bytes from `start` (a line's start) to `end` (the end of the file when
    /// nil) that is not blank, in file order; `body` returns nil for an unreadable line (`skipped` hears its number in
    /// the whole file), false to stop.
    private func forEachLine(
        _ descriptor: Int32,
        from start: Int = 0,
        to end: Int? = nil,
        skipped: (Int) -> Void,
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool?
    ) throws(BreatheError) {
        // Lines counted from `start`; the lines before it are counted only when a number has to be reported.
        var lineNumber = 0
        var linesBefore: Int?
        let limit = end
        var offset = start
        var capacity = 1 << 18
        var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { storage.deallocate() }
        var failure: BreatheError?
        func handle(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            lineNumber += 1
            if HistoryStore.isBlank(line) { return true }
            guard let more = body(line) else {
                if linesBefore == nil {
                    do { linesBefore = try newlines(descriptor, before: start) } catch {
                        failure = error
                        return false
                    }
                }
                skipped((linesBefore ?? 0) + lineNumber)
                return true
            }
            return more
        }
        // [0, filled) holds the start of a line whose newline has not been read yet.
        var filled = 0
        while true {
            if filled == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: storage, count: filled)
                storage.deallocate()
                storage = larger
                capacity *= 2
            }
            let wanted = limit.map { min(capacity - filled, $0 - offset) } ?? (capacity - filled)
            if wanted == 0 { break }
            let count = SystemCall.retryingOnInterrupt {
                pread(descriptor, storage + filled, wanted, off_t(offset))
            }
            if count < 0 { throw FileSystem.readError(path) }
            if count == 0 { break }
            offset += count
            let end = filled + count
            var start = 0
            var cursor = filled
            while cursor < end, let found = memchr(storage + cursor, 0x0A, end - cursor) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - storage
                if !handle(UnsafeBufferPointer(start: storage + start, count: newline - start)) {
                    if let failure { throw failure }
                    return
                }
                start = newline + 1
                cursor = start
            }
            filled = end - start
            if start > 0 && filled > 0 { memmove(storage, storage + start, filled) }
        }
        if filled > 0 { _ = handle(UnsafeBufferPointer(start: storage, count: filled)) }
        if let failure { throw failure }
    }

    /// The number of newlines in the file's first `end` bytes.
    private func newlines(_ descriptor: Int32, before end: Int) throws(BreatheError) -> Int {
        let capacity = 1 << 16
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { storage.deallocate() }
        var offset = 0
        var count = 0
        while offset < end {
            let chunk = min(capacity, end - offset)
            try readFully(descriptor, into: storage, count: chunk, at: offset)
            var cursor = storage
            while let found = memchr(cursor, 0x0A, storage + chunk - cursor) {
                count += 1
                cursor = found.assumingMemoryBound(to: UInt8.self) + 1
            }
            offset += chunk
        }
        return count
    }

    func readFully(_ descriptor: Int32, into target: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int)
        throws(BreatheError)
    {
        let buffer = UnsafeMutableRawBufferPointer(start: target, count: count)
        // A file that shrank under us (cleared meanwhile) reads as an I/O error rather than as stale bytes.
        guard FileDescriptorIO.readAll(descriptor, into: buffer, at: offset) == count else {
            throw FileSystem.readError(path)
        }
    }

    /// The file opened for reading, or nil when there is none yet; a folder of the wrong owner, a symbolic link or
    /// anything but a regular file is refused.
    private func openForReading() throws(BreatheError) -> Int32? {
        try SecureDirectory.check(FileSystem.parent(of: path))
        switch SafeFile.open(path, O_RDONLY) {
        case .success(let descriptor): return descriptor
        case .failure(.system(ENOENT)): return nil
        case .failure(let problem): throw FileSystem.readError(path, problem)
        }
    }

    /// A line of only spaces, tabs and carriage returns (or nothing) is no record and no error.
    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
        return true
    }

    /// Empties the history (the file stays, at zero length, under the lock).
    func clear() throws(BreatheError) {
        try SecureDirectory.check(FileSystem.parent(of: path))
        guard let descriptor = try openLocked(O_WRONLY) else { return }
        defer { close(descriptor) }
        defer { flock(descriptor, LOCK_UN) }
        guard ftruncate(descriptor, 0) == 0, fsync(descriptor) == 0 else { throw FileSystem.writeError(path) }
    }

    /// The warning for a skipped line.
    func skippedLine(_ number: Int) -> Message {
        Message(.warningHistoryLine, ["file": .text(path), "line": .integer(number)])
    }
}

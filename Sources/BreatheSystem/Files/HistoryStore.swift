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
/// every later record is intact. Readers skip an unreadable line with one warning naming its number, and hand the
/// records over in time order, each session once (`HistoryStore+Reading`).
package struct HistoryStore: Sendable {
    package let path: String

    package init(directories: XDGDirectories = XDGDirectories()) {
        path = directories.historyFile
    }

    package init(path: String) {
        self.path = path
    }

    /// Checks, before a session, that its record could be appended: the folder is ours (created if missing) and the
    /// file, when it exists, opens for appending (a regular file, not a link). Creates no file.
    package func checkWritable() throws(BreatheError) {
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
    package func append(_ amendment: SessionAmendment) throws(BreatheError) {
        try append(line: amendment.line)
    }

    /// Appends one line (without its newline).
    package func append(line: String) throws(BreatheError) {
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

    /// The file opened for reading, or nil when there is none yet; a folder of the wrong owner, a symbolic link or
    /// anything but a regular file is refused.
    func openForReading() throws(BreatheError) -> Int32? {
        try SecureDirectory.check(FileSystem.parent(of: path))
        switch SafeFile.open(path, O_RDONLY) {
        case .success(let descriptor): return descriptor
        case .failure(.system(ENOENT)): return nil
        case .failure(let problem): throw FileSystem.readError(path, problem)
        }
    }

    /// Empties the history (the file stays, at zero length, under the lock).
    package func clear() throws(BreatheError) {
        try SecureDirectory.check(FileSystem.parent(of: path))
        guard let descriptor = try openLocked(O_WRONLY) else { return }
        defer { close(descriptor) }
        defer { flock(descriptor, LOCK_UN) }
        guard ftruncate(descriptor, 0) == 0, fsync(descriptor) == 0 else { throw FileSystem.writeError(path) }
    }

    /// The warning for a skipped line.
    package func skippedLine(_ number: Int) -> Message {
        Message(.warningHistoryLine, ["file": .text(path), "line": .integer(number)])
    }
}

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
public struct HistoryStore: Sendable {
    public let path: String

    public init(directories: XDGDirectories = XDGDirectories()) {
        path = directories.historyFile
    }

    public init(path: String) {
        self.path = path
    }

    /// Appends one record.
    public func append(_ record: SessionRecord) throws(BreatheError) {
        try append(line: record.line)
    }

    /// Appends one line (without its newline).
    public func append(line: String) throws(BreatheError) {
        let directory = FileSystem.parent(of: path)
        try FileSystem.makeDirectories(directory)
        let created = !FileSystem.exists(path)
        // Read-write, so that the last byte can be checked with pread(2).
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileSystem.cannotCreate(path) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw FileSystem.writeError(path) }
        }
        defer { flock(descriptor, LOCK_UN) }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        if !endsWithNewline(descriptor) { bytes.insert(0x0A, at: 0) }
        guard FileSystem.writeAll(descriptor, bytes), fsync(descriptor) == 0 else { throw FileSystem.writeError(path) }
        if created { FileSystem.syncDirectory(directory) }
    }

    /// True for an empty file or one whose last byte is a newline.
    private func endsWithNewline(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return true }
        var last: UInt8 = 0
        let count = pread(descriptor, &last, 1, off_t(status.st_size - 1))
        return count != 1 || last == 0x0A
    }

    /// Reads every record in file order, streaming: at most one chunk and one line are in memory at a time.
    /// Unreadable lines are skipped; `skipped` hears each one's line number. Returns false to stop early from `body`.
    public func forEach(
        skipped: (Int) -> Void = { _ in },
        _ body: (SessionRecord) -> Bool
    ) throws(BreatheError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return }
            throw FileSystem.readError(path)
        }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        var lineNumber = 0
        func handle(_ line: ArraySlice<UInt8>) -> Bool {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return true }
            guard let record = SessionRecord.parse(line: Array(line)) else {
                skipped(lineNumber)
                return true
            }
            return body(record)
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystem.readError(path)
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where buffer[index] == 0x0A {
                let keepGoing: Bool
                if pending.isEmpty {
                    keepGoing = handle(buffer[start..<index])
                } else {
                    pending.append(contentsOf: buffer[start..<index])
                    keepGoing = handle(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                if !keepGoing { return }
                start = index + 1
            }
            pending.append(contentsOf: buffer[start..<count])
        }
        if !pending.isEmpty { _ = handle(pending[...]) }
    }

    /// Empties the history (the file stays, at zero length, under the lock).
    public func clear() throws(BreatheError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return }
            throw FileSystem.writeError(path)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw FileSystem.writeError(path) }
        }
        defer { flock(descriptor, LOCK_UN) }
        guard ftruncate(descriptor, 0) == 0, fsync(descriptor) == 0 else { throw FileSystem.writeError(path) }
    }

    /// The warning for a skipped line.
    public func skippedLine(_ number: Int) -> Message {
        Message(.warningHistoryLine, ["file": .text(path), "line": .integer(number)])
    }
}

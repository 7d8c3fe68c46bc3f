import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opens the files the program keeps (preferences, history, locks) without ever following a symbolic link and only
/// when they are regular files, so a planted link cannot point a write at another file and a FIFO or a device cannot
/// hang or flood a read.
///
/// Every open adds `O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK` (a FIFO opens at once instead of waiting for a writer), then
/// checks with fstat(2) that it got a regular file, then clears `O_NONBLOCK`. Nothing is truncated before that check.
package enum SafeFile {
    /// The most a preferences file may hold: far more than any real one, small enough to read at once.
    package static let readLimit = 1 << 20

    /// Why a path could not be used.
    package enum Problem: Error, Sendable, Equatable {
        /// The path is a symbolic link, which is never followed.
        case symbolicLink
        /// The path is a folder, a FIFO, a device or a socket.
        case notRegularFile
        /// The file holds more than the limit.
        case tooLarge(limit: Int)
        /// open(2), read(2) or fstat(2) failed with this errno (ENOENT: it does not exist).
        case system(Int32)

        /// The problem as the end of a sentence ("Cannot read PATH: …").
        package var reason: Message {
            switch self {
            case .symbolicLink: Message(.reasonSymbolicLink)
            case .notRegularFile: Message(.reasonNotRegularFile)
            case .tooLarge(let limit): Message(.reasonTooLarge, ["limit": .text(String(limit / (1 << 20)) + " MiB")])
            case .system(let code): Message(.reasonSystem, ["reason": .systemText(SystemError.describe(code))])
            }
        }
    }

    /// Opens `path` with `flags` (plus the safety flags), creating it with `mode` when `flags` has `O_CREAT`.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) -> Result<Int32, Problem> {
        let descriptor = SystemCall.open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode)
        guard descriptor >= 0 else {
            let code = errno
            // ELOOP is what O_NOFOLLOW gives for a link; ENXIO what a FIFO with no reader gives a writer.
            if code == ELOOP || code == ENXIO || code == ENODEV || code == EISDIR {
                var status = stat()
                if lstat(path, &status) == 0 {
                    if status.st_mode & S_IFMT == S_IFLNK { return .failure(.symbolicLink) }
                    if status.st_mode & S_IFMT != S_IFREG { return .failure(.notRegularFile) }
                }
            }
            return .failure(.system(code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.notRegularFile)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// Opens a path the user named (`--output`, `--events json=PATH`, `history export --output`) for writing, never
    /// waiting: the open itself is non-blocking, so a FIFO that no program reads is ENXIO at once instead of a wait that
    /// a signal's handler cannot cut short (the handlers restart system calls); then writes block again. `flags` gets
    /// `O_WRONLY`, `O_NOCTTY` and `O_CLOEXEC` added. The descriptor, or the errno and its reason.
    package static func openForWriting(_ path: String, _ flags: Int32, mode: mode_t = 0o644) -> Result<
        Int32, WriteProblem
    > {
        let descriptor = SystemCall.open(path, flags | O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK, mode)
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            if code == ENXIO, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
                return .failure(WriteProblem(code: code, reason: Message(.reasonFifoNoReader)))
            }
            return .failure(
                WriteProblem(
                    code: code, reason: Message(.reasonSystem, ["reason": .systemText(SystemError.describe(code))])))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// Why `openForWriting` failed: errno, and the words for it.
    package struct WriteProblem: Error, Sendable, Equatable {
        var code: Int32
        package var reason: Message
    }

    /// The whole file, or nil when it does not exist; refused past `limit` bytes without reading further.
    ///
    /// The bytes are read straight into one array of the size fstat(2) gives (one byte more, to see the end), so a
    /// read holds the file once; a file that grows meanwhile is read on in chunks.
    package static func read(_ path: String, limit: Int = readLimit) -> Result<[UInt8]?, Problem> {
        let descriptor: Int32
        switch open(path, O_RDONLY) {
        case .failure(.system(ENOENT)): return .success(nil)
        case .failure(let problem): return .failure(problem)
        case .success(let opened): descriptor = opened
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(errno)) }
        let expected = Int(status.st_size)
        if expected > limit { return .failure(.tooLarge(limit: limit)) }
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
            let count = FileDescriptorIO.readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
            if count < 0 { failure = errno }
            initialized = max(count, 0)
        }
        if failure != 0 { return .failure(.system(failure)) }
        if bytes.count <= expected { return .success(bytes) }
        if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = SystemCall.retryingOnInterrupt {
                chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
            }
            if count < 0 { return .failure(.system(errno)) }
            if count == 0 { return .success(bytes) }
            if bytes.count + count > limit { return .failure(.tooLarge(limit: limit)) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

import BreatheCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few file operations the stores need, on plain system calls, each failure turned into a `BreatheError`.
public enum FileSystem {
    /// The text of `errno`.
    static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    static func cannotCreate(_ path: String, _ code: Int32 = errno) -> BreatheError {
        .cannotCreate(Message(.errorCannotCreate, ["path": .text(path), "reason": .text(reason(code))]))
    }

    static func readError(_ path: String, _ code: Int32 = errno) -> BreatheError {
        .io(Message(.errorRead, ["path": .text(path), "reason": .text(reason(code))]))
    }

    static func writeError(_ path: String, _ code: Int32 = errno) -> BreatheError {
        .io(Message(.errorWrite, ["path": .text(path), "reason": .text(reason(code))]))
    }

    static func cannotCreate(_ path: String, _ problem: SafeFile.Problem) -> BreatheError {
        .cannotCreate(Message(.errorCannotCreate, ["path": .text(path), "reason": .message(problem.reason)]))
    }

    static func readError(_ path: String, _ problem: SafeFile.Problem) -> BreatheError {
        .io(Message(.errorRead, ["path": .text(path), "reason": .message(problem.reason)]))
    }

    /// `mkdir -p`, new directories private to the user (0700), as the XDG spec asks; the last one is refused when it
    /// is not the user's own or others may write in it (see `SecureDirectory`).
    public static func makeDirectories(_ path: String) throws(BreatheError) {
        try SecureDirectory.ensure(path)
    }

    /// The whole file, or nil when it does not exist. Never follows a symbolic link, and refuses anything but a
    /// regular file and more than `limit` bytes (see `SafeFile`).
    public static func readFile(_ path: String, limit: Int = SafeFile.readLimit) throws(BreatheError) -> [UInt8]? {
        switch SafeFile.read(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(let problem): throw readError(path, problem)
        }
    }

    /// Writes every byte, retrying after interruptions and short writes.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Replaces `path` atomically: a temporary file in the same directory, fsync, rename over the old one, fsync the
    /// directory. A crash at any moment leaves either the old file or the new one, never a mix.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(BreatheError) {
        let directory = parent(of: path)
        try makeDirectories(directory)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        let temporary = directory + "/." + name + ".tmp-" + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw cannotCreate(temporary) }
        guard writeAll(descriptor, bytes), fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw writeError(path, code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw writeError(path, code)
        }
        syncDirectory(directory)
    }

    /// Makes a rename or a new file in `directory` durable.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The folder holding `path`.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}

extension FileSystem {
    /// Deletes a file, ignoring a missing one.
    public static func remove(_ path: String) {
        unlink(path)
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few file operations the stores need, on plain system calls, each failure turned into a `BreatheError`.
package enum FileSystem {
    /// The text of `errno`.
    static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    package static func cannotCreate(_ path: String, _ code: Int32 = errno) -> BreatheError {
        .cannotCreate(Message(.errorCannotCreate, ["path": .text(path), "reason": .systemText(reason(code))]))
    }

    static func readError(_ path: String, _ code: Int32 = errno) -> BreatheError {
        .io(Message(.errorRead, ["path": .text(path), "reason": .systemText(reason(code))]))
    }

    package static func writeError(_ path: String, _ code: Int32 = errno) -> BreatheError {
        .io(Message(.errorWrite, ["path": .text(path), "reason": .systemText(reason(code))]))
    }

    package static func cannotCreate(_ path: String, _ problem: SafeFile.Problem) -> BreatheError {
        .cannotCreate(Message(.errorCannotCreate, ["path": .text(path), "reason": .message(problem.reason)]))
    }

    /// A file the user named that is not there.
    package static func missing(_ path: String) -> BreatheError {
        readError(path, ENOENT)
    }

    static func readError(_ path: String, _ problem: SafeFile.Problem) -> BreatheError {
        .io(Message(.errorRead, ["path": .text(path), "reason": .message(problem.reason)]))
    }

    /// `mkdir -p`, new directories private to the user (0700), as the XDG spec asks; the last one is refused when it
    /// is not the user's own or others may write in it (see `SecureDirectory`).
    static func makeDirectories(_ path: String) throws(BreatheError) {
        try SecureDirectory.ensure(path)
    }

    /// The whole file, or nil when it does not exist. Never follows a symbolic link, and refuses anything but a
    /// regular file and more than `limit` bytes (see `SafeFile`).
    package static func readFile(_ path: String, limit: Int = SafeFile.readLimit) throws(BreatheError) -> [UInt8]? {
        switch SafeFile.read(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(let problem): throw readError(path, problem)
        }
    }

    /// Replaces `path` atomically: a temporary file in the same directory, fsync, rename over the old one, fsync the
    /// directory. A crash at any moment leaves either the old file or the new one, never a mix.
    package static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(BreatheError) {
        let directory = parent(of: path)
        try makeDirectories(directory)
        try replaceThroughTemporary(path, in: directory, createMode: 0o644, mode: nil, reportTemporary: true) {
            descriptor throws(BreatheError) in
            guard FileDescriptorIO.writeAll(descriptor, bytes) else { throw writeError(path) }
        }
    }

    /// Replaces a file of ours at `path` as `writeAtomically` does, its contents written through `write` bit by bit
    /// (the history a `history import` merged), with `mode`; a signal that ends the process meanwhile removes the
    /// temporary file first.
    static func replaceAtomically(_ path: String, mode: mode_t, _ write: (Int32) throws(BreatheError) -> Void)
        throws(BreatheError)
    {
        let directory = parent(of: path)
        let temporary = temporaryPath(for: path)
        try TemporaryFiles.removingOnSignal { () throws(BreatheError) in
            try replaceThroughTemporary(
                path, temporary: temporary, in: directory, createMode: 0o600, mode: mode, reportTemporary: true, write)
        }
    }

    /// Writes a new temporary file beside `path` (given `mode`, else `createMode` under the umask) through `write`,
    /// which is handed its descriptor and may write as much as it likes, bit by bit; then fsyncs it, renames it over
    /// `path` and makes the rename durable. Any failure, `write`'s included, removes the temporary file. A temporary
    /// file that cannot be created is reported by its own name (`reportTemporary`) or as `path`.
    private static func replaceThroughTemporary(
        _ path: String, in directory: String, createMode: mode_t, mode: mode_t?, reportTemporary: Bool,
        _ write: (Int32) throws(BreatheError) -> Void
    ) throws(BreatheError) {
        try replaceThroughTemporary(
            path, temporary: temporaryPath(for: path), in: directory, createMode: createMode, mode: mode,
            reportTemporary: reportTemporary, write)
    }

    private static func replaceThroughTemporary(
        _ path: String, temporary: String, in directory: String, createMode: mode_t, mode: mode_t?,
        reportTemporary: Bool, _ write: (Int32) throws(BreatheError) -> Void
    ) throws(BreatheError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, createMode)
        guard descriptor >= 0 else { throw cannotCreate(reportTemporary ? temporary : path) }
        // A signal that ends the process removes it (see `TemporaryFiles`).
        let registration = TemporaryFiles.register(temporary)
        defer { TemporaryFiles.unregister(registration) }
        if let mode { _ = fchmod(descriptor, mode) }
        do throws(BreatheError) {
            try write(descriptor)
            guard fsync(descriptor) == 0 else { throw writeError(path) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw writeError(path, code)
        }
        syncDirectory(directory)
    }

    /// A temporary file's path beside `path`: `.NAME.tmp-PID-RANDOM` in the same folder, so that a rename can replace
    /// `path` and `StaleTemporaries` knows what to sweep.
    static func temporaryPath(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        return parent(of: path) + "/." + name + ".tmp-" + String(getpid()) + "-"
            + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }

    /// Writes a file the user named (`history export --output PATH`), in a folder that is the user's business: it is
    /// neither created nor checked the way our own folders are. `write` is handed the descriptor to write the contents
    /// to, as much at a time as it likes (a failed write is its to report, as `writeError(path, code)`).
    ///
    /// - A regular file, or nothing yet: a temporary file beside it, fsync, rename over it (the old file keeps its mode).
    /// - A FIFO, a device (such as /dev/null) or a socket: opened for writing in place, never truncated, never replaced.
    /// - A symbolic link or a folder: refused (73), never written through.
    /// - A missing folder: refused (73); no folder is ever created.
    /// - A signal that ends the process while the temporary file is written (SIGINT, SIGTERM, …) removes it first.
    package static func writeUserFile(_ path: String, _ write: (Int32) throws(BreatheError) -> Void)
        throws(BreatheError)
    {
        var status = stat()
        var mode: mode_t?
        if lstat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFLNK: throw cannotCreate(path, SafeFile.Problem.symbolicLink)
            case S_IFDIR: throw cannotCreate(path, EISDIR)
            case S_IFREG: mode = status.st_mode & 0o7777
            default:
                // Never waited for: a FIFO that no program reads is refused at once.
                let descriptor: Int32
                switch SafeFile.openForWriting(path, O_NOFOLLOW) {
                case .success(let opened): descriptor = opened
                case .failure(let problem):
                    throw .cannotCreate(
                        Message(.errorCannotCreate, ["path": .text(path), "reason": .message(problem.reason)]))
                }
                defer { close(descriptor) }
                try write(descriptor)
                return
            }
        } else if errno != ENOENT {
            throw cannotCreate(path)
        }
        let directory = parent(of: path)
        var folder = stat()
        guard stat(directory, &folder) == 0 else { throw cannotCreate(path) }
        guard folder.st_mode & S_IFMT == S_IFDIR else { throw cannotCreate(path, ENOTDIR) }
        // A new file gets the umask's mode, as `>` would give it; a replaced one keeps its own. Written for as long as
        // `write` takes: a signal that ends the process meanwhile removes the temporary file first.
        let temporary = temporaryPath(for: path)
        try TemporaryFiles.removingOnSignal { () throws(BreatheError) in
            try replaceThroughTemporary(
                path, temporary: temporary, in: directory, createMode: 0o666, mode: mode, reportTemporary: false, write)
        }
    }

    /// Makes a rename or a new file in `directory` durable.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The folder holding `path`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether `path` names a folder (through a link: what it names).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

extension FileSystem {
    /// Deletes a file, ignoring a missing one.
    package static func remove(_ path: String) {
        unlink(path)
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive flock(2) held around a read-modify-write, so that two commands changing the same file at once both
/// keep their change: `.preferences.lock` beside the preferences (prefs set/unset/reset/edit, patterns
/// add/rename/remove) and `.crontab.lock` there too (schedule add/remove, patterns rename). The lock file itself is
/// opened like every file we keep (never through a link, only a regular file), waited for (at most `LockWait.seconds`: then exit 75 with one line), and let go
/// when the lock is freed or the process ends.
package final class FileLock: Sendable {
    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Waits until the lock at `path` is ours (at most `LockWait.seconds`), creating the file (and its private folder)
    /// when needed.
    static func exclusive(_ path: String) throws(BreatheError) -> FileLock {
        let descriptor = try openFile(path)
        switch LockWait.exclusive(descriptor) {
        case .locked: break
        case .timedOut:
            close(descriptor)
            throw LockWait.held(path)
        case .failed(let code):
            close(descriptor)
            throw cannotLock(path, code)
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Opens the lock file at `path` as every lock file is opened (`SessionLock`'s too): its folder made private if
    /// needed, never through a link, only a regular file, created when missing.
    package static func openFile(_ path: String) throws(BreatheError) -> Int32 {
        try SecureDirectory.ensure(FileSystem.parent(of: path))
        switch SafeFile.open(path, O_RDWR | O_CREAT) {
        case .success(let opened): return opened
        case .failure(let problem):
            throw .cannotCreate(Message(.errorLockCreate, ["path": .text(path), "reason": .message(problem.reason)]))
        }
    }

    /// The error of a lock file that could not be locked (`errno` `code`).
    package static func cannotLock(_ path: String, _ code: Int32) -> BreatheError {
        .cannotCreate(
            Message(.errorLockCreate, ["path": .text(path), "reason": .systemText(SystemError.describe(code))]))
    }

    /// The lock for changing the preferences file at `preferencesPath`.
    package static func preferences(_ preferencesPath: String) throws(BreatheError) -> FileLock {
        try exclusive(FileSystem.parent(of: preferencesPath) + "/.preferences.lock")
    }

    /// The lock for editing the crontab, kept beside the preferences.
    package static func crontab(directories: XDGDirectories = XDGDirectories()) throws(BreatheError) -> FileLock {
        try exclusive(directories.configDirectory + "/.crontab.lock")
    }
}

import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock that keeps two breathing sessions from running at once: an exclusive flock(2) on
/// `$XDG_RUNTIME_DIR/breathe-voice/session.lock`, or on the same file in the state dir when there is no runtime dir.
///
/// The kernel drops the lock when its holder exits, however it dies, so a lock file left by a dead process is
/// simply taken over. The holder's pid is written into the file for people and for `doctor`; it never decides.
package final class SessionLock: Sendable {
    /// What trying to take the lock gave.
    enum Attempt: Sendable {
        /// The lock is ours until `release()` or until the process ends.
        case acquired(SessionLock)
        /// Another process holds it; the pid it wrote, if it could be read.
        case busy(holder: Int32?)
    }

    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Lets go of the lock now (it is also let go when the lock is freed or the process ends).
    func release() {
        flock(descriptor, LOCK_UN)
    }

    static let fileName = "session.lock"

    /// The folder the lock lives in: `$XDG_RUNTIME_DIR/breathe-voice` when that variable names an existing absolute
    /// folder, else `$XDG_STATE_HOME/breathe-voice`, else `~/.local/state/breathe-voice`.
    ///
    /// A runtime folder that does not exist is passed over: cron's reminders set `XDG_RUNTIME_DIR=/run/user/<uid>`,
    /// which is missing when the user has no login session.
    package static func directory(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), FileSystem.isDirectory(runtime) {
            return runtime + "/breathe-voice"
        }
        return XDGDirectories(environment: environment).stateHome + "/breathe-voice"
    }

    /// Tries once, without waiting, to take the lock in `directory`, creating the folder (mode 0700) if needed.
    static func acquire(in directory: String) throws(BreatheError) -> Attempt {
        let path = directory + "/" + fileName
        // Never through a symbolic link, and only a regular file: the pid is written into it.
        let descriptor = try FileLock.openFile(path)
        if SystemCall.retryingOnInterrupt({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            if code == EWOULDBLOCK {
                let holder = readPid(descriptor)
                close(descriptor)
                return .busy(holder: holder)
            }
            close(descriptor)
            throw FileLock.cannotLock(path, code)
        }
        let text = Array((String(getpid()) + "\n").utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return .acquired(SessionLock(path: path, descriptor: descriptor))
    }

    private static func readPid(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(
            String(
                decoding: buffer[..<count].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }, as: UTF8.self)
        )
    }
}

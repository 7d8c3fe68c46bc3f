import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The wait for an exclusive flock(2) of ours (the history's, the preferences' and the crontab's): another breathe-voice
/// holds one for a single write or a read-modify-write, milliseconds; one held longer than `seconds` has a stuck holder
/// (a frozen process, a hung file system), and the wait ends so the command refuses with one line instead of hanging.
/// The lock is asked for without blocking and asked again after a pause that doubles up to 50 ms.
package enum LockWait {
    /// How long a lock of ours may be held by another process before the wait gives up.
    static let seconds = 10

    package enum Outcome: Equatable {
        case locked
        case timedOut
        /// flock(2) failed for another reason (its errno).
        case failed(Int32)
    }

    static func exclusive(_ descriptor: Int32, within seconds: Int = seconds) -> Outcome {
        let deadline = MonotonicClock.now() + UInt64(max(0, seconds)) * 1_000_000_000
        var pause: Int32 = 1
        while true {
            if SystemCall.retryingOnInterrupt({ flock(descriptor, LOCK_EX | LOCK_NB) }) == 0 { return .locked }
            let code = errno
            guard code == EWOULDBLOCK || code == EAGAIN else { return .failed(code) }
            guard MonotonicClock.now() < deadline else { return .timedOut }
            _ = poll(nil, 0, pause)
            pause = min(pause * 2, 50)
        }
    }

    /// The refusal for a lock at `path` still held when the wait gave up: a temporary failure (75).
    static func held(_ path: String) -> BreatheError {
        .busy(Message(.errorLockHeld, ["path": .text(path), "seconds": .integer(seconds)]))
    }
}

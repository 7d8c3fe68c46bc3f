import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A lock of ours held by a stuck process is waited for only so long.
@Suite struct LockWaitTests {
    static func openFile() throws -> (path: String, descriptor: Int32) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        return (path, descriptor)
    }

    @Test func aFreeLockIsTakenAtOnce() throws {
        let (path, descriptor) = try Self.openFile()
        defer {
            close(descriptor)
            unlink(path)
        }
        #expect(LockWait.exclusive(descriptor, within: 0) == .locked)
    }

    /// Held by another open file (as another process would hold it): the wait gives up at its deadline, not before,
    /// and takes the lock once it is let go.
    @Test func aHeldLockIsWaitedForUntilTheDeadlineOnly() throws {
        let (path, holder) = try Self.openFile()
        defer {
            close(holder)
            unlink(path)
        }
        #expect(flock(holder, LOCK_EX) == 0)
        let waiter = open(path, O_RDWR | O_CLOEXEC)
        defer { close(waiter) }
        let start = Date()
        #expect(LockWait.exclusive(waiter, within: 1) == .timedOut)
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 1 && waited < 5, "waited \(waited) s")
        flock(holder, LOCK_UN)
        #expect(LockWait.exclusive(waiter, within: 1) == .locked)
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Issue 36's class, for our own locks: a `prefs set` whose preferences lock another (stuck) process holds ends after
/// the lock's deadline with 75 and one line, and the file is untouched.
@Suite struct FileLockDeadlineTests {
    @Test func aPreferencesLockHeldByAStuckProcessIsATemporaryFailure() throws {
        let home = try TemporaryHome()
        let folder = home.preferencesFile.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock = folder.appendingPathComponent(".preferences.lock").path
        let holder = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(holder >= 0)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let start = Date()
        let run = try home.run(["prefs", "set", "rate", "200"], environment: ["LC_ALL": "C"])
        let took = Date().timeIntervalSince(start)
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("has not let go of it for 10 seconds"), "\(run.stderr)")
        #expect(took >= 10 && took < 20, "took \(took) s")
        #expect(!FileManager.default.fileExists(atPath: home.preferencesFile.path))
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// A second `start` while another session holds the session lock: exit 75 and one line naming --force; --force runs
/// it anyway; a reminder skips quietly with 0.
@Suite struct SessionBusyTests {
    /// Holds the session lock in `home` as a running session would, until the returned descriptor is closed.
    static func holdLock(in home: TemporaryHome) throws -> Int32 {
        let folder = home.root.appendingPathComponent("run/breathe-voice")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(home.lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        return descriptor
    }

    @Test(arguments: [
        (
            "en",
            "breathe-voice: Another breathing session is running (it holds the session lock): wait for it to end, or use --force to start this one anyway."
        ),
        (
            "es",
            "breathe-voice: Ya hay otra sesión de respiración en curso (tiene el bloqueo de sesión): espera a que termine o usa --force para empezar esta de todos modos."
        ),
    ])
    func aSecondStartIsExit75UnlessForced(language: String, expected: String) throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let descriptor = try Self.holdLock(in: home)
        defer { close(descriptor) }
        let session = ["--no-audio", "--plain", "--pattern", "1-0-1", "--cycles", "1", "--lang", language]

        let refused = try home.run(["start"] + session)
        #expect(refused.status == 75)
        #expect(refused.stderrLines == [expected])
        #expect(refused.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.historyFile.path))

        let forced = try home.run(["start", "--force"] + session)
        #expect(forced.status == 0)
        #expect(forced.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: home.historyFile.path))
    }

    @Test func aReminderWhileYouBreatheIsSkippedQuietlyWith0() throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let descriptor = try Self.holdLock(in: home)
        defer { close(descriptor) }
        let run = try home.run(["remind", "--pattern", "1-0-1", "--cycles", "1", "--lang", "en"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.isEmpty)
    }
}

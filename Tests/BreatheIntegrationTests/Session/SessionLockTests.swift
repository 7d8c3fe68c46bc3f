import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The session lock, with real files and real processes.
@Suite struct SessionLockTests {
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-lock-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func twoAtOnceGiveOneHolderAndOneBusy() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try SessionLock.acquire(in: folder + "/breathe-voice")
        let second = try SessionLock.acquire(in: folder + "/breathe-voice")
        guard case .acquired(let lock) = first else {
            Issue.record("the first attempt did not get the lock")
            return
        }
        guard case .busy(let holder) = second else {
            Issue.record("the second attempt got the lock too")
            return
        }
        #expect(holder == getpid())
        #expect(try Self.contents(lock.path) == "\(getpid())\n")
        lock.release()
        guard case .acquired = try SessionLock.acquire(in: folder + "/breathe-voice") else {
            Issue.record("the lock was not free after release")
            return
        }
    }

    @Test func aStaleLockFromADeadProcessIsTakenOver() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A process that has come and gone: its pid is certainly not holding anything now.
        let gone = try ChildProcess("/bin/sh", ["-c", "exit 0"])
        _ = gone.wait()
        let deadPid = gone.pid
        try FileManager.default.createDirectory(atPath: folder + "/breathe-voice", withIntermediateDirectories: true)
        try "\(deadPid)\n".write(toFile: folder + "/breathe-voice/session.lock", atomically: false, encoding: .utf8)

        guard case .acquired(let lock) = try SessionLock.acquire(in: folder + "/breathe-voice") else {
            Issue.record("a lock file left by dead pid \(deadPid) was not taken over")
            return
        }
        #expect(try Self.contents(lock.path) == "\(getpid())\n")
    }

    @Test func aHolderKilledWithSIGKILLLeavesTheLockFree() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/breathe-voice", withIntermediateDirectories: true)
        let path = folder + "/breathe-voice/session.lock"
        // flock(1) holds the lock itself (-o: not in the command), and the command says when it is held. It is
        // started and reaped here, so that the test decides when it is waited for.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let flock = try ChildProcess(
            "/usr/bin/flock", ["-o", "-x", path, "-c", "echo $$; exec sleep 600"], standardOutput: .descriptor(ends[1]))
        let holder = flock.pid
        close(ends[1])
        let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let line = Self.readLine(reader)
        let sleeper = Int32(line) ?? 0
        defer {
            if sleeper > 0 { kill(sleeper, SIGKILL) }
        }
        #expect(sleeper > 0, "flock did not report its command: \(line)")

        guard case .busy = try SessionLock.acquire(in: folder + "/breathe-voice") else {
            Issue.record("got the lock while flock(1) held it")
            return
        }
        kill(holder, SIGKILL)
        #expect(flock.wait() == .killed(by: SIGKILL))
        guard case .acquired = try SessionLock.acquire(in: folder + "/breathe-voice") else {
            Issue.record("the lock of a killed holder was not free")
            return
        }
    }

    @Test func theLockLivesInTheRuntimeFolderElseTheStateFolder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            SessionLock.directory(environment: ["XDG_RUNTIME_DIR": folder, "HOME": "/home/x"]) == folder
                + "/breathe-voice")
        // Cron's XDG_RUNTIME_DIR=/run/user/<uid> may not exist: fall back to the state folder.
        #expect(
            SessionLock.directory(environment: ["XDG_RUNTIME_DIR": folder + "/missing", "HOME": "/home/x"])
                == "/home/x/.local/state/breathe-voice")
        #expect(
            SessionLock.directory(environment: [
                "XDG_RUNTIME_DIR": "relative", "XDG_STATE_HOME": "/st", "HOME": "/home/x",
            ])
                == "/st/breathe-voice")
        #expect(
            SessionLock.directory(environment: ["XDG_STATE_HOME": "", "HOME": "/home/x"])
                == "/home/x/.local/state/breathe-voice")
    }

    @Test func aFolderThatCannotBeMadeIsError73() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        do {
            _ = try SessionLock.acquire(in: folder + "/file/breathe-voice")
            Issue.record("a lock under a plain file was accepted")
        } catch {
            #expect(error.exitCode == 73)
        }
    }

    /// Reads up to the first newline (blocking until it comes): the other process's "I am ready".
    static func readLine(_ handle: FileHandle) -> String {
        var bytes = Data()
        while !bytes.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

@Suite struct SafeFileTests {
    static func folder() throws -> String {
        try TestFolder.make("safefile")
    }

    @Test func readsARegularFileAndNilForAMissingOne() throws {
        let folder = try Self.folder()
        try Data("hello".utf8).write(to: URL(fileURLWithPath: folder + "/a"))
        #expect(SafeFile.read(folder + "/a") == .success(Array("hello".utf8)))
        #expect(SafeFile.read(folder + "/missing") == .success(nil))
    }

    @Test func neverFollowsALink() throws {
        let folder = try Self.folder()
        try Data("target".utf8).write(to: URL(fileURLWithPath: folder + "/target"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/target")
        #expect(SafeFile.read(folder + "/link") == .failure(.symbolicLink))
        #expect(SafeFile.open(folder + "/link", O_RDWR | O_CREAT) == .failure(.symbolicLink))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/target")) == Data("target".utf8))
    }

    @Test func refusesFoldersFifosAndDevices() throws {
        let folder = try Self.folder()
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(SafeFile.read(folder + "/fifo") == .failure(.notRegularFile))
        #expect(SafeFile.open(folder + "/fifo", O_WRONLY) == .failure(.notRegularFile))
        #expect(SafeFile.read(folder) == .failure(.notRegularFile))
        #expect(SafeFile.read("/dev/zero") == .failure(.notRegularFile))
    }

    @Test func stopsAtTheLimit() throws {
        let folder = try Self.folder()
        try Data(repeating: 65, count: 1000).write(to: URL(fileURLWithPath: folder + "/big"))
        #expect(SafeFile.read(folder + "/big", limit: 999) == .failure(.tooLarge(limit: 999)))
        #expect((try? SafeFile.read(folder + "/big", limit: 1000).get())??.count == 1000)
    }

    @Test func openedDescriptorsBlockAgainAndCloseOnExec() throws {
        let folder = try Self.folder()
        let descriptor = try SafeFile.open(folder + "/new", O_RDWR | O_CREAT).get()
        defer { close(descriptor) }
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        var status = stat()
        #expect(stat(folder + "/new", &status) == 0 && status.st_mode & 0o777 == 0o600)
    }
}

@Suite struct SecureDirectoryTests {
    @Test func createsPrivateFolders() throws {
        let root = try SafeFileTests.folder()
        try SecureDirectory.ensure(root + "/a/b/c")
        for path in [root + "/a", root + "/a/b", root + "/a/b/c"] {
            var status = stat()
            #expect(stat(path, &status) == 0 && status.st_mode & 0o077 == 0, "\(path)")
        }
    }

    @Test func refusesAFolderOthersCanWrite() throws {
        let root = try SafeFileTests.folder()
        try FileManager.default.createDirectory(atPath: root + "/open", withIntermediateDirectories: true)
        chmod(root + "/open", 0o777)
        #expect(throws: BreatheError.self) { try SecureDirectory.ensure(root + "/open") }
        #expect(throws: BreatheError.self) { try SecureDirectory.check(root + "/open") }
        chmod(root + "/open", 0o755)
        try SecureDirectory.check(root + "/open")
        try SecureDirectory.check(root + "/missing")
    }

    @Test func theRefusalsNameTheFolderAndTheFix() {
        #expect(SecureDirectory.problem(owner: geteuid() &+ 1, mode: 0o700, path: "/x")?.key == .errorFolderNotOwned)
        #expect(SecureDirectory.problem(owner: geteuid(), mode: 0o720, path: "/x")?.key == .errorFolderWritable)
        #expect(SecureDirectory.problem(owner: geteuid(), mode: 0o702, path: "/x")?.key == .errorFolderWritable)
        #expect(SecureDirectory.problem(owner: geteuid(), mode: 0o755, path: "/x") == nil)
    }
}

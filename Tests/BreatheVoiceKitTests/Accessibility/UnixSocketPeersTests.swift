import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kernel's socket diagnostics, asked for real: a connected pair of this process's own is found, each end the
/// other's peer; a malformed answer is no pair.
@Suite struct UnixSocketPeersTests {
    static func inode(_ descriptor: Int32) -> UInt64 {
        var status = stat()
        #expect(fstat(descriptor, &status) == 0)
        return UInt64(status.st_ino)
    }

    @Test func aConnectedPairIsEachOthersPeer() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer {
            close(pair[0])
            close(pair[1])
        }
        let first = Self.inode(pair[0])
        let second = Self.inode(pair[1])
        let peers = UnixSocketPeers.live()
        #expect(peers[first] == second)
        #expect(peers[second] == first)
    }

    @Test func aTruncatedMessageIsRefused() {
        var peers: [UInt64: UInt64] = [:]
        // A header that claims 64 bytes, with 20 present.
        var bytes: [UInt8] = [64, 0, 0, 0, 20, 0, 2, 0] + [UInt8](repeating: 0, count: 12)
        #expect(UnixSocketPeers.parse(bytes[...], into: &peers) == .failed)
        // NLMSG_DONE ends the dump.
        bytes = [16, 0, 0, 0, 3, 0, 2, 0] + [UInt8](repeating: 0, count: 8)
        #expect(UnixSocketPeers.parse(bytes[...], into: &peers) == .done)
        #expect(peers.isEmpty)
    }
}

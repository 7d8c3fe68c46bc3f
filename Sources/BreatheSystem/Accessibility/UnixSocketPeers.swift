#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The other end of every connected Unix socket on the machine, by inode (`socket:[INODE]` in `/proc/PID/fd`), as
/// `ss -x` shows them: `/proc/net/unix` lists the sockets but not their peers, which only the kernel's socket
/// diagnostics say (a `NETLINK_SOCK_DIAG` dump of `AF_UNIX` sockets asking for `UNIX_DIAG_PEER`; no privilege needed).
/// A program that keeps a terminal session across logins serves its clients over such a socket.
enum UnixSocketPeers {
    /// Inode to its peer's inode, both ways; empty when the kernel does not answer within half a second.
    @Sendable package static func live() -> [UInt64: UInt64] {
        let descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), socketDiagnostics)
        guard descriptor >= 0 else { return [:] }
        defer { _ = close(descriptor) }
        let request = dumpRequest
        let sent = request.withUnsafeBytes { bytes in
            SystemCall.retryingOnInterrupt { send(descriptor, bytes.baseAddress, bytes.count, 0) }
        }
        guard sent == request.count else { return [:] }
        var peers: [UInt64: UInt64] = [:]
        var buffer = [UInt8](repeating: 0, count: 32_768)
        // The kernel writes the dump as it is read, a buffer at a time; a deadline all the same (never held).
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard SystemCall.retryingOnInterrupt({ SystemCall.poll(&ready, 1, 500) }) == 1 else { return [:] }
            let count = buffer.withUnsafeMutableBytes { bytes in
                SystemCall.retryingOnInterrupt { recv(descriptor, bytes.baseAddress, bytes.count, 0) }
            }
            guard count > 0 else { return [:] }
            switch parse(buffer[0..<count], into: &peers) {
            case .more: continue
            case .done: return peers
            case .failed: return [:]
            }
        }
    }

    /// What one buffer of the answer held.
    enum Reading: Equatable {
        /// More messages follow.
        case more
        /// The dump is complete.
        case done
        /// The kernel refused the request, or the answer is malformed.
        case failed
    }

    /// Reads the netlink messages in `bytes`: each `unix_diag_msg` with its `UNIX_DIAG_PEER` attribute adds a pair.
    static func parse(_ bytes: ArraySlice<UInt8>, into peers: inout [UInt64: UInt64]) -> Reading {
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let length = Int(word(bytes, offset))
            let type = Int(half(bytes, offset + 4))
            guard length >= 16, offset + length <= bytes.endIndex else { return .failed }
            switch type {
            case messageDone: return .done
            case messageError: return .failed
            default: break
            }
            // unix_diag_msg: family, type, state, pad (a byte each), the inode, the cookie (two words); attributes.
            if length >= 32 {
                let inode = UInt64(word(bytes, offset + 20))
                var attribute = offset + 32
                while attribute + 4 <= offset + length {
                    let size = Int(half(bytes, attribute))
                    guard size >= 4 else { return .failed }
                    if half(bytes, attribute + 2) == peerAttribute, size >= 8 {
                        let peer = UInt64(word(bytes, attribute + 4))
                        if peer != 0 {
                            peers[inode] = peer
                            peers[peer] = peers[peer] ?? inode
                        }
                    }
                    attribute += (size + 3) & ~3
                }
            }
            offset += (length + 3) & ~3
        }
        return .more
    }

    /// NETLINK_SOCK_DIAG, SOCK_DIAG_BY_FAMILY, UDIAG_SHOW_PEER, UNIX_DIAG_PEER (linux/sock_diag.h, linux/unix_diag.h),
    /// NLMSG_ERROR and NLMSG_DONE (linux/netlink.h): not in the C library's headers.
    private static let socketDiagnostics: Int32 = 4
    private static let byFamily: UInt16 = 20
    private static let showPeer: UInt32 = 4
    private static let peerAttribute: UInt16 = 2
    private static let messageError = 2
    private static let messageDone = 3

    /// A dump of every Unix socket in every state, with its peer: `nlmsghdr` then `unix_diag_req`, 40 bytes.
    private static var dumpRequest: [UInt8] {
        var bytes: [UInt8] = []
        func append<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value) { bytes += $0 }
        }
        append(UInt32(40))
        append(byFamily)
        // NLM_F_REQUEST | NLM_F_DUMP
        append(UInt16(0x301))
        append(UInt32(1))
        append(UInt32(0))
        append(UInt8(AF_UNIX))
        append(UInt8(0))
        append(UInt16(0))
        // Every state, any inode, the peer shown, no cookie.
        append(UInt32.max)
        append(UInt32(0))
        append(showPeer)
        append(UInt32(0))
        append(UInt32(0))
        return bytes
    }

    /// A 32-bit word in the machine's order, at `offset`.
    private static func word(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { target in
            for index in 0..<4 { target[index] = bytes[offset + index] }
        }
        return value
    }

    /// A 16-bit half-word in the machine's order, at `offset`.
    private static func half(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt16 {
        var value: UInt16 = 0
        withUnsafeMutableBytes(of: &value) { target in
            for index in 0..<2 { target[index] = bytes[offset + index] }
        }
        return value
    }
}

import Foundation
import Synchronization

/// A Unix socket that listens and never reads nor answers: what a frozen sound server (or any program that is not
/// one) looks like to a client that connects. Removed with its folder when released.
///
/// The shapes of a server that does not answer (issue 43): as made, it listens and never accepts (the kernel queues
/// each connection, so a client's connect succeeds and its first request is never answered); `accepting` accepts
/// every connection on a thread and keeps it open, unread; `fill()` fills its queue of connections, as a server that
/// stopped accepting looks once its backlog is full (a client's connect then blocks, or fails with EAGAIN without
/// blocking). `takeConnections()` counts the clients that came, so it also records who connects to it.
final class ListeningSocket: @unchecked Sendable {
    let folder: String?
    let path: String
    private let descriptor: Int32
    /// The connections accepted (by `accepting`'s thread) or made by `fill()`, kept open until the socket goes, and
    /// the count of those accepted; shared with the accepting thread.
    private final class Clients: Sendable {
        let held = Mutex<[Int32]>([])
        let accepted = Atomic<Int>(0)
    }
    private let clients = Clients()
    private let accepting: Bool

    /// A socket in a folder of its own (`native`), or at `path` (such as a BrlAPI server's, `/var/lib/BrlAPI/N`).
    init(path: String? = nil, backlog: Int32 = 64, accepting: Bool = false) throws {
        if let path {
            folder = nil
            self.path = path
        } else {
            let folder = NSTemporaryDirectory() + "breathe-voice-listener-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            self.folder = folder
            self.path = folder + "/native"
        }
        self.accepting = accepting
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = Self.address(self.path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, backlog) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        if accepting {
            let listening = descriptor
            let thread = Thread { [clients] in
                while true {
                    let connection = accept(listening, nil, nil)
                    if connection < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    clients.accepted.add(1, ordering: .relaxed)
                    clients.held.withLock { $0.append(connection) }
                }
            }
            thread.start()
        }
    }

    deinit {
        // Shutting the socket down wakes an accepting thread, which then ends.
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
        for connection in clients.held.withLock({ $0 }) { close(connection) }
        if let folder {
            try? FileManager.default.removeItem(atPath: folder)
        } else {
            unlink(path)
        }
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        return address
    }

    /// The clients that connected since the last call (each connection waiting in the queue is accepted and closed
    /// now; with `accepting`, those its thread accepted). Not for a filled socket: its own clients would count.
    func takeConnections() -> Int {
        if accepting { return clients.accepted.exchange(0, ordering: .relaxed) }
        var count = 0
        while true {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 0) == 1 else { return count }
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }

    /// Waits (at most `timeout` seconds) until a client has connected: one waits in the queue, or was accepted.
    func awaitConnection(timeout: Double) -> Bool {
        if accepting {
            return Waiting.until(timeout: timeout, every: 0.005) { clients.accepted.load(ordering: .relaxed) > 0 }
        }
        // poll itself waits up to 20 ms for the connection at each look.
        return Waiting.until(timeout: timeout, every: 0) {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&waiting, 1, 20) == 1
        }
    }

    /// Fills the queue of connections with clients of the test's own, until the next one is refused (EAGAIN): from
    /// then on a client's connect blocks, or fails at once without blocking. False when it could not be filled.
    @discardableResult func fill() -> Bool {
        for _ in 0..<4096 {
            let client = socket(
                AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard client >= 0 else { return false }
            var address = Self.address(path)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            let failure = errno
            if result != 0 {
                close(client)
                return failure == EAGAIN
            }
            clients.held.withLock { $0.append(client) }
        }
        return false
    }
}

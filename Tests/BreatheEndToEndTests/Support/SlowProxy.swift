import Foundation
import Synchronization

@testable import BreatheTestSupport

/// A Unix socket in front of a real server's (the sound server's, speech-dispatcher's) that passes every byte on, each
/// way, `delay` after it came: a server that answers, slowly (a loaded or swapped-out machine, a remote link). Each
/// client gets a connection of its own to the server. Bytes only: no descriptors or credentials pass, so a sound server
/// behind it is reached without shared memory (`clientConfiguration`).
final class SlowProxy: @unchecked Sendable {
    let folder: String
    /// Where it listens: `native` in its folder, or the path it was given.
    let path: String
    private let listening: Int32
    /// The real server's socket.
    let upstreamPath: String
    private let delay: useconds_t
    /// The clients that connected so far.
    private let clients = Counter()

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// The two directions of one client's connection: the second to end closes both sockets.
    private final class Pair: Sendable {
        let client: Int32
        let server: Int32
        let ended = Atomic<Int>(0)
        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }
        func end() {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
            if ended.add(1, ordering: .relaxed).newValue == 2 {
                close(client)
                close(server)
            }
        }
    }

    /// A proxy to the server listening at `upstream`, delaying every byte by `milliseconds`, listening at `path` (such
    /// as a BrlAPI server's, `/var/lib/BrlAPI/N`) or in a folder of its own.
    init(upstream: String, milliseconds: Int, path: String? = nil) throws {
        folder = NSTemporaryDirectory() + "breathe-voice-proxy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.path = path ?? folder + "/native"
        upstreamPath = upstream
        delay = useconds_t(milliseconds * 1000)
        let listening = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listening = listening
        var address = Self.address(self.path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(listening, 64) == 0 else {
            close(listening)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        let delay = delay
        let clients = clients
        Thread {
            while true {
                let client = accept(listening, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    return
                }
                let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                var address = Self.address(upstream)
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
                guard connected == 0 else {
                    close(server)
                    close(client)
                    continue
                }
                clients.value.add(1, ordering: .relaxed)
                let pair = Pair(client: client, server: server)
                Thread { Self.pump(from: client, to: server, delay: delay, pair: pair) }.start()
                Thread { Self.pump(from: server, to: client, delay: delay, pair: pair) }.start()
            }
        }.start()
    }

    deinit {
        shutdown(listening, Int32(SHUT_RDWR))
        close(listening)
        unlink(path)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Waits (at most `timeout` seconds) until a client has connected.
    func awaitClient(timeout: Double) -> Bool {
        Waiting.until(timeout: timeout, every: 0.005) { clients.value.load(ordering: .relaxed) > 0 }
    }

    /// A libpulse client configuration without shared memory (its descriptors cannot pass through the proxy), for
    /// `PULSE_CLIENTCONFIG`; written into the proxy's folder.
    func clientConfiguration() throws -> String {
        let file = folder + "/client.conf"
        try "enable-shm = no\nenable-memfd = no\nautospawn = no\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        return address
    }

    /// Passes what `source` sends on to `destination`, each chunk `delay` after it came, until either side closes;
    /// then shuts both down, so that the other direction ends too.
    private static func pump(from source: Int32, to destination: Int32, delay: useconds_t, pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        defer { pair.end() }
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            Waiting.pause(seconds: Double(delay) / 1e6, because: "the proxy passes each chunk on late: its slowness")
            var sent = 0
            while sent < count {
                let written = buffer[sent..<count].withUnsafeBytes {
                    // MSG_NOSIGNAL: a client gone is an error here, not a SIGPIPE that ends the tests.
                    send(destination, $0.baseAddress, count - sent, Int32(MSG_NOSIGNAL))
                }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                sent += written
            }
        }
    }
}

import Foundation

/// A Unix socket that listens and never reads nor answers: what a frozen sound server (or any program that is not
/// one) looks like to a client that connects. Removed with its folder when released.
final class ListeningSocket {
    let folder: String
    let path: String
    private let descriptor: Int32

    init() throws {
        folder = NSTemporaryDirectory() + "breathe-voice-listener-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/native"
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    }

    deinit {
        close(descriptor)
        try? FileManager.default.removeItem(atPath: folder)
    }
}

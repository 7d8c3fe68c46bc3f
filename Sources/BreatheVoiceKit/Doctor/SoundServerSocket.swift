#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a PulseAudio (or PipeWire-pulse) server listens, and whether it answers.
enum SoundServerSocket {
    /// The cron path: the user's runtime folder, which exists while the user is logged in (or lingering).
    static func cronPath(userID: UInt32) -> String {
        "/run/user/\(userID)/pulse/native"
    }

    /// The socket a client would use now: `PULSE_SERVER` (its unix entries), else `$XDG_RUNTIME_DIR/pulse/native`,
    /// else the cron path. A server given as a host name is returned as `.remote`.
    static func current(environment: [String: String], userID: UInt32) -> Location {
        if let server = environment["PULSE_SERVER"], !server.isEmpty {
            for entry in server.split(separator: " ") {
                if entry.hasPrefix("unix:") { return .socket(String(entry.dropFirst(5))) }
                if entry.hasPrefix("/") { return .socket(String(entry)) }
            }
            return .remote(server)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return .socket(runtime + "/pulse/native")
        }
        return .socket(cronPath(userID: userID))
    }

    /// A place a sound server may be.
    enum Location: Hashable, Sendable {
        case socket(String)
        case remote(String)
    }

    /// False when the server `environment` names accepted the connection but did not answer libpulse's handshake
    /// within `SoundServerPatience.connectMilliseconds` (frozen, or not a sound server at all); true otherwise (a
    /// server that refuses is `connectionProblem`'s to report).
    static func answers(environment: [String: String]) -> Bool {
        do throws(BreatheError) {
            _ = try LiveCallWatch(environment: environment)
            return true
        } catch {
            return error.message.arguments["detail"] != .message(LivePulseSink.noAnswer)
        }
    }

    /// nil when something accepts a connection at `path`, else why not ("No such file or directory").
    static func connectionProblem(at path: String) -> String? {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return SystemError.describe(errno) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return SystemError.describe(ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0 ? nil : SystemError.describe(errno)
    }
}

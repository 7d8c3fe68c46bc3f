#if canImport(Glibc)
import BreatheSystem
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a PulseAudio (or PipeWire-pulse) server listens, and whether it answers, for `doctor`: found where a session
/// finds it (`SoundServerAddress`), and probed without ever waiting past a deadline.
package enum SoundServerSocket {
    /// The cron path: the user's runtime folder, which exists while the user is logged in (or lingering).
    static func cronPath(userID: UInt32) -> String {
        SoundServerAddress.cronSocket(userID: userID)
    }

    /// The socket a client would use now: `PULSE_SERVER`'s first local socket, else `$XDG_RUNTIME_DIR/pulse/native`,
    /// else the cron path. A `PULSE_SERVER` that names no local socket (a host) is returned as `.remote`.
    package static func current(environment: [String: String], userID: UInt32) -> Location {
        if let server = SoundServerAddress.given(environment: environment) {
            for case .socket(let path) in SoundServerAddress.entries(server) { return .socket(path) }
            return .remote(server)
        }
        return .socket(SoundServerAddress.defaultSocket(environment: environment, userID: userID))
    }

    /// A place a sound server may be.
    package enum Location: Hashable, Sendable {
        case socket(String)
        case remote(String)
    }

    /// False when the server `environment` names accepted the connection but did not answer libpulse's handshake
    /// within `SoundServerPatience.connectMilliseconds` (frozen, or not a sound server at all); true otherwise (a
    /// server that refuses is `connectionProblem`'s to report).
    package static func answers(environment: [String: String]) -> Bool {
        do throws(BreatheError) {
            _ = try LiveCallWatch(environment: environment)
            return true
        } catch {
            return error.message.arguments["detail"] != .message(LivePulseSink.noAnswer)
        }
    }

    /// nil when something accepts a connection at `path` within `milliseconds`, else why not ("No such file or
    /// directory"). The connection is made without blocking: a server whose queue of connections is full (one that
    /// listens and never accepts) refuses it with EAGAIN, tried again until the deadline, then reported as such.
    static func connectionProblem(
        at path: String, within milliseconds: Int64 = SoundServerPatience.connectMilliseconds,
        clock: any SessionClock = MonotonicClock()
    ) -> String? {
        let deadline = clock.deadline(inMilliseconds: milliseconds)
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
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
        while true {
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 { return nil }
            let failure = errno
            switch failure {
            case EINTR:
                continue
            case EINPROGRESS:
                return finishConnecting(descriptor, until: deadline, clock: clock)
            case EAGAIN:
                // The server's queue is full: it may accept in a moment; tried again every 50 ms until the deadline.
                let now = clock.now()
                guard now < deadline else { return SystemError.describe(EAGAIN) }
                var nothing = pollfd(fd: -1, events: 0, revents: 0)
                _ = poll(&nothing, 1, Int32(min(50, (deadline - now) / 1_000_000 + 1)))
            default:
                return SystemError.describe(failure)
            }
        }
    }

    /// A connection under way (EINPROGRESS) completed by `deadline`: nil, or why not.
    private static func finishConnecting(_ descriptor: Int32, until deadline: UInt64, clock: any SessionClock)
        -> String?
    {
        while true {
            let now = clock.now()
            guard now < deadline else { return SystemError.describe(ETIMEDOUT) }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&waiting, 1, Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max))))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var error: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size) == 0 else {
                return SystemError.describe(errno)
            }
            return error == 0 ? nil : SystemError.describe(error)
        }
    }
}

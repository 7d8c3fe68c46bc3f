import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `breathe-voice pause|resume|skip|repeat|stop`: the running sessions reached through the session bus, as `playerctl`
/// reaches them. Each session is an MPRIS player (`MprisPlayer`) named `org.mpris.MediaPlayer2.breathe_voice.instance…`;
/// the command calls the method that its key would be, on every one running (normally one). Nothing is printed when
/// it worked: the session itself says what changed.
package enum SessionRemote {
    /// What the command asks for, as the MPRIS method that does it.
    package enum Action: String, Sendable {
        case pause = "Pause"
        case resume = "Play"
        case skip = "Next"
        case repeatInstruction = "Previous"
        case stop = "Stop"
    }

    /// How long the bus may take to answer, in seconds.
    static let patience = 2

    /// Sends `action` to every running session; throws `.unavailable` (69) when there is no bus, it does not answer, or
    /// no session is running.
    package static func send(_ action: Action, environment: [String: String]) throws(BreatheError) {
        let deadline = MonotonicClock.now() + UInt64(patience) * 1_000_000_000
        let connection = try connect(environment: environment, until: deadline)
        defer { connection.close() }
        var sessions: [String]?
        var waiting = 0
        connection.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListNames"
        ) { reply in
            let names = reply.errorName == nil ? reply.readStrings() : []
            sessions = names.filter { $0.hasPrefix(MprisPlayer.namePrefix) }
            for name in sessions ?? [] {
                let sent = connection.call(
                    name, path: MprisPlayer.objectPath, interface: MprisPlayer.playerInterface,
                    member: action.rawValue
                ) { _ in waiting -= 1 }
                if sent { waiting += 1 }
            }
        }
        connection.wait(until: deadline) { sessions != nil && waiting == 0 }
        guard let sessions, waiting == 0 else {
            throw .unavailable(Message(.errorControlNoAnswer, ["seconds": .integer(patience)]))
        }
        guard !sessions.isEmpty else { throw .unavailable(Message(.errorControlNoSession)) }
    }

    /// A connection to the user's session bus, or `.unavailable` naming what was found: no bus at all, or one named
    /// (`DBUS_SESSION_BUS_ADDRESS`, the runtime folder's socket) that could not be reached, with the reason. A bus too
    /// busy to take the connection at once (`EAGAIN`) is tried again, every 50 ms, until `deadline`.
    static func connect(environment: [String: String], until deadline: UInt64) throws(BreatheError) -> BusConnection {
        let variable = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        guard let address = BusAddress.session(environment: environment) else {
            // Named, but its socket is not there.
            if let variable { throw unreachable(variable, ENOENT) }
            let path = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" } ?? "/run/user/" + String(getuid()) + "/bus"
            throw .unavailable(Message(.errorControlNoBus, ["path": .text(path)]))
        }
        while true {
            do throws(BusConnection.Refusal) {
                return try BusConnection(connecting: address)
            } catch {
                guard error.code == EAGAIN, MonotonicClock.now() < deadline else {
                    throw unreachable(address, error.code)
                }
                usleep(50_000)
            }
        }
    }

    /// The bus at `address` could not be reached, for `code` (an errno value; 0: libsystemd could not be opened).
    static func unreachable(_ address: String, _ code: Int32) -> BreatheError {
        // The loader's own words (dlerror's) when libsystemd could not be opened.
        var reason = SystemError.describe(code)
        if code == 0, case .failure(let failure) = LiveBusLibrary.shared { reason = failure.detail }
        return .unavailable(
            Message(.errorControlBusUnreachable, ["address": .text(address), "detail": .systemText(reason)]))
    }
}

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
enum SessionRemote {
    /// What the command asks for, as the MPRIS method that does it.
    enum Action: String, Sendable {
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
    static func send(_ action: Action, environment: [String: String]) throws(BreatheError) {
        guard let address = BusAddress.session(environment: environment),
            let connection = BusConnection(address: address)
        else {
            let path = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" } ?? "/run/user/" + String(getuid()) + "/bus"
            throw .unavailable(Message(.errorControlNoBus, ["path": .text(path)]))
        }
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
        let deadline = MonotonicClock.now() + UInt64(patience) * 1_000_000_000
        connection.wait(until: deadline) { sessions != nil && waiting == 0 }
        guard let sessions, waiting == 0 else {
            throw .unavailable(Message(.errorControlNoAnswer, ["seconds": .integer(patience)]))
        }
        guard !sessions.isEmpty else { throw .unavailable(Message(.errorControlNoSession)) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The other media players on the session bus, made room for: those playing when a session starts are paused, and at
/// its end those same players, and only those still paused, are resumed. A player the user paused before is never
/// touched; one the user started again, or stopped, meanwhile is left as it is.
///
/// Every call is asynchronous, on the session's connection: the session never waits for a player. `playerctld` is left
/// alone: it stands for the player last active (this session, once it plays), and pausing it would pause that one.
final class OtherPlayers {
    static let prefix = "org.mpris.MediaPlayer2."
    /// Players that stand for others, not players of their own.
    static let proxies: Set<String> = ["org.mpris.MediaPlayer2.playerctld"]

    private let connection: BusConnection
    private let ownName: String
    /// The players this session paused, by name.
    private(set) var paused: [String] = []
    /// Replies still awaited at the end.
    private var checking = 0

    package init(connection: BusConnection, ownName: String) {
        self.connection = connection
        self.ownName = ownName
        connection.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListNames", timeoutMicroseconds: 5_000_000
        ) { [weak self] reply in
            guard let self, reply.errorName == nil else { return }
            for name in reply.readStrings() where self.isOther(name) { self.pauseIfPlaying(name) }
        }
    }

    private func isOther(_ name: String) -> Bool {
        name.hasPrefix(Self.prefix) && name != ownName && !Self.proxies.contains(name)
    }

    private func pauseIfPlaying(_ name: String) {
        status(of: name) { [weak self] status in
            guard let self, status == "Playing" else { return }
            if self.connection.send(
                name, path: MprisPlayer.objectPath, interface: MprisPlayer.playerInterface, member: "Pause")
            {
                self.paused.append(name)
            }
        }
    }

    /// Resumes the players paused for the session that are still paused, waiting for their status at most until
    /// `deadline` (monotonic nanoseconds), or until a signal comes. A player that answers later stays paused: it is the
    /// user's to resume.
    package func resume(until deadline: UInt64) {
        for name in paused {
            checking += 1
            status(of: name) { [weak self] status in
                guard let self else { return }
                self.checking -= 1
                guard status == "Paused" else { return }
                self.connection.send(
                    name, path: MprisPlayer.objectPath, interface: MprisPlayer.playerInterface, member: "Play")
            }
        }
        connection.wait(until: deadline) {
            checking == 0 && connection.pollEvents & Int16(POLLOUT) == 0
        }
    }

    /// Asks `name` for its `PlaybackStatus`; `answer` gets it, or nil for no answer.
    private func status(of name: String, answer: @escaping (String?) -> Void) {
        let sent = connection.call(
            name, path: MprisPlayer.objectPath, interface: "org.freedesktop.DBus.Properties", member: "Get",
            timeoutMicroseconds: 5_000_000,
            arguments: {
                $0.append(.string(MprisPlayer.playerInterface))
                $0.append(.string("PlaybackStatus"))
            }
        ) { reply in
            answer(reply.errorName == nil ? reply.readVariantString() : nil)
        }
        if !sent { answer(nil) }
    }
}

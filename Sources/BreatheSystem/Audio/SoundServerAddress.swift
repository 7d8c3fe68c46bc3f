/// Where the sound server (PulseAudio, or PipeWire's pulse server) is: the one reading of `PULSE_SERVER` and of the
/// default socket, for a session, a reminder's call watch and `doctor` alike.
///
/// `PULSE_SERVER` is libpulse's list: entries separated by spaces, each optionally prefixed by `{machine id}`; an
/// entry `unix:/path` or `/path` is a local socket, anything else (`tcp:host:4713`, `host`) a remote server. Without
/// it, the server is at `$XDG_RUNTIME_DIR/pulse/native`, or, with no usable `XDG_RUNTIME_DIR` (cron), at
/// `/run/user/<uid>/pulse/native`. PipeWire's pulse server uses the same socket.
package enum SoundServerAddress {
    /// One place a server may be.
    package enum Entry: Hashable, Sendable {
        /// A local socket's path.
        case socket(String)
        /// A server named by host (or any entry that is not a local socket), as written.
        case remote(String)
    }

    /// `PULSE_SERVER` as given, when it names anything (not unset, empty or only spaces).
    package static func given(environment: [String: String]) -> String? {
        guard let server = environment["PULSE_SERVER"], !entries(server).isEmpty else { return nil }
        return server
    }

    /// The entries of a `PULSE_SERVER` list, in the order libpulse tries them.
    package static func entries(_ list: String) -> [Entry] {
        list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { word -> Entry? in
            var entry = Substring(word)
            // "{machine id}" limits an entry to one machine; what follows is the address.
            if entry.hasPrefix("{"), let close = entry.firstIndex(of: "}") {
                entry = entry[entry.index(after: close)...]
            }
            guard !entry.isEmpty else { return nil }
            if entry.hasPrefix("unix:") { return .socket(String(entry.dropFirst(5))) }
            if entry.hasPrefix("/") { return .socket(String(entry)) }
            return .remote(String(entry))
        }
    }

    /// The socket a client uses when `PULSE_SERVER` is not given: the runtime folder's, else cron's path.
    package static func defaultSocket(environment: [String: String], userID: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/pulse/native" }
        return cronSocket(userID: userID)
    }

    /// The cron path: the user's runtime folder, which exists while the user is logged in (or lingering).
    package static func cronSocket(userID: UInt32) -> String {
        "/run/user/\(userID)/pulse/native"
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether a session uses a braille display, and the connection to it.
///
/// `auto` costs a session without a display nothing: a local server (`BRLAPI_HOST` unset, empty or `:N`) has its
/// socket in `/var/lib/BrlAPI`, and without that socket libbrlapi is not even opened. A remote server (`host:N`) can
/// only be tried.
package enum BrailleOpening {
    /// Where local BrlAPI servers listen (Debian's `BRLAPI_SOCKETPATH`): one socket per server number.
    static let socketDirectory = "/var/lib/BrlAPI"

    /// The server as the user names it: `BRLAPI_HOST`, else the local default `:0`.
    static func serverName(environment: [String: String]) -> String {
        guard let host = environment["BRLAPI_HOST"], !host.isEmpty else { return ":0" }
        return host
    }

    /// False when no server can be there: the local server's socket is missing.
    static func mayAnswer(environment: [String: String], socketDirectory: String = socketDirectory) -> Bool {
        let host = serverName(environment: environment)
        guard host.hasPrefix(":") else { return true }
        let number = host.dropFirst()
        guard !number.isEmpty, number.allSatisfy({ ("0"..."9").contains($0) }) else { return true }
        var status = stat()
        return stat(socketDirectory + "/" + number, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// The display a session with `setting` shows itself on, or nil; with `on` and none, the one line to say why.
    /// `connect` opens it (the session's: `LiveBrailleDisplay` on the session's clock).
    package static func open(
        _ setting: BrailleSetting, environment: [String: String],
        connect: ([String: String]) throws(BreatheError) -> any BrailleDisplay
    ) -> (display: (any BrailleDisplay)?, warning: Message?) {
        switch setting {
        case .off:
            return (nil, nil)
        case .auto, .on:
            let refusal = Message(
                .warningBrailleUnavailable, ["detail": .text(serverName(environment: environment))])
            guard mayAnswer(environment: environment) else { return (nil, setting == .on ? refusal : nil) }
            do {
                return (try connect(environment), nil)
            } catch {
                guard setting == .on else { return (nil, nil) }
                if case .unavailable(let message) = error {
                    return (
                        nil, Message(.warningBrailleUnavailable, ["detail": message.arguments["detail"] ?? .text("")])
                    )
                }
                return (nil, refusal)
            }
        }
    }
}

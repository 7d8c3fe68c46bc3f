/// The sound server's handshake for the session the command line asks for, from `Entry`, which sees the words before
/// any command is parsed, to `SessionFrontend.start`, which takes it once: no command carries it.
import BreatheSystem

package struct EarlyConnectionHandOff {
    /// The words ask for a live session (`EarlyConnection.isWanted`): the handshake starts as soon as the plan is
    /// settled, and overlaps the rest of the setup.
    var wanted: Bool
    /// The handshake begun before the command line was parsed, when the user's cookie was whole.
    var started: PendingPulseSink?

    package init(wanted: Bool, started: PendingPulseSink?) {
        self.wanted = wanted
        self.started = started
    }

    /// Leaves the hand-off for the session, replacing any before it.
    package static func give(_ handOff: EarlyConnectionHandOff) {
        pendingHandOff = handOff
    }

    /// The hand-off, once: nil after the first call, or when none was given (a session that `demo` runs).
    static func take() -> EarlyConnectionHandOff? {
        defer { pendingHandOff = nil }
        return pendingHandOff
    }
}

/// Given and taken on the main thread only (`Entry.main`, then the command it runs), before a session starts a thread.
nonisolated(unsafe) private var pendingHandOff: EarlyConnectionHandOff?

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session's braille display through BrlAPI (BRLTTY's server), over one `BrailleConnection` at a time: the first,
/// made when the session starts, and another each time BRLTTY comes back after it went away.
///
/// The first connection is waited for, at most `patience`: a display not ready by then counts as gone (the session goes
/// on without it). Once the session has the display, nothing is waited for again: when the server goes away (its
/// socket at its end, or a write it cannot take), the display is lost, and it is looked for again on a quiet schedule
/// (`retryDeadline`, a moment in the session's one poll): at once, then `retryInterval` after each try that found no
/// display, a try (a connection on a thread of its own) given up after `retryPatience`. A local server's socket is
/// looked at first, so while BRLTTY is away a try costs a `stat` and no thread. When a try finds the display, it is
/// the session's again: `revision` moves on, so the session draws the current line on it at once.
///
/// The server is BrlAPI's own choice: `BRLAPI_HOST` and `BRLAPI_AUTH` when set, else the local default (`:0`). The
/// display is taken in tty mode without a tty path (`brlapi_enterTtyModeWithPath` with none), which works in a
/// pseudo-terminal as on a console, and given back by `release()`, which closes the connection
/// (`brlapi_closeConnection` closes the socket and waits for nothing): the server leaves tty mode for a client that
/// closes, as it does on `brlapi_leaveTtyMode` (`processRequest` in BRLTTY's `brlapi_server.c`). Leaving it first
/// would wait for the server's reply, a wake-up of ours, and hold the session's end behind a server that stopped
/// answering.
///
/// Every call but `init` is made from the session's thread.
package final class LiveBrailleDisplay: BrailleDisplay, @unchecked Sendable {
    /// How long the display may take to be ready before the server counts as gone (ms). A local server answers in
    /// milliseconds.
    static let patience: Int64 = 1000
    /// How long after a try that found no display the next one is made (ms).
    static let retryInterval: Int64 = 3000
    /// How long a try may take before it is given up (ms): a server that takes the connection but does not answer is
    /// starting, or stuck.
    static let retryPatience: Int64 = 5000

    package private(set) var width = 0
    private let clock: any SessionClock
    private let environment: [String: String]
    private let settings: (host: String?, auth: String?)
    /// The connection in use: lost once the server went away, until a try finds the display again.
    private var connection: BrailleConnection
    /// A try under way, and when it started.
    private var attempt: (connection: BrailleConnection, started: UInt64)?
    /// When the lost display is looked for next, when no try is under way (nil: at once).
    private var nextTry: UInt64?
    /// Given back: nothing is looked for any more.
    private var released = false
    /// `revision` is this plus the connection's own changes: a new connection moves it on.
    private var revisionBase = 0

    /// Connects, asks the display's size and takes it in tty mode. Throws `.unavailable` naming the server when none
    /// answers, none answers within `patience`, or no display is connected to it (a size of zero).
    package init(environment: [String: String], clock: any SessionClock) throws(BreatheError) {
        let server = BrailleOpening.serverName(environment: environment)
        let unavailable = BreatheError.unavailable(Message(.warningBrailleUnavailable, ["detail": .text(server)]))
        self.clock = clock
        self.environment = environment
        settings = (environment["BRLAPI_HOST"], environment["BRLAPI_AUTH"])
        guard let connection = BrailleConnection(), connection.start(host: settings.host, auth: settings.auth) else {
            throw unavailable
        }
        self.connection = connection
        // A stopping signal (its pipe readable, on the session's thread) ends the wait at once: the session takes it.
        let signals = SignalSource.isMainThread ? SignalSource.stopDescriptor : -1
        var waiting = [
            pollfd(fd: connection.answer, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
        ]
        _ = SystemCall.retryingOnInterrupt { poll(&waiting, 2, Int32(Self.patience)) }
        guard let width = connection.collect(), width > 0 else {
            // Not answered in time, a signal, or no display: given back now if the thread got it meanwhile, else by
            // the thread if it ever does.
            connection.abandon()
            throw unavailable
        }
        self.width = width
    }

    /// The server's socket while the display is the session's; while it is lost, the pipe a try answers on (-1 when
    /// none is under way).
    package var keyDescriptor: Int32 {
        if released { return -1 }
        if connection.usable { return connection.socket }
        return attempt?.connection.answer ?? -1
    }

    package var isConnected: Bool { !released && connection.usable }

    package var retryDeadline: UInt64? {
        guard !released, !connection.usable else { return nil }
        if let attempt { return attempt.started + UInt64(Self.retryPatience) * 1_000_000 }
        return nextTry ?? 0
    }

    /// In contracted braille, the cells `text` takes once contracted; else one a character.
    package func cells(in text: String) -> Int {
        connection.contraction?.cells(text)?.count ?? text.count
    }

    package var revision: Int { revisionBase + connection.changes }

    package func show(_ text: String) {
        guard !released else { return }
        connection.show(text, dots: connection.contraction?.cells(text), width: width)
    }

    /// One key, read without waiting (the session calls it when the socket is readable); nil when none is there. While
    /// the display is lost, looks for it instead, when a try answered or is due.
    package func takeKey() -> UInt64? {
        guard !released else { return nil }
        if connection.usable { return connection.takeKey() }
        lookAgain()
        return nil
    }

    package func release() {
        released = true
        connection.abandon()
        attempt?.connection.abandon()
        attempt = nil
    }

    /// The lost display: takes a try's answer (the display found again, or the next try scheduled), gives up a try
    /// that took too long, or starts one when it is due. Each call leaves a try under way or the next one scheduled.
    private func lookAgain() {
        let now = clock.now()
        if let attempt {
            if let found = attempt.connection.collect() {
                self.attempt = nil
                if found > 0 {
                    let previous = revision
                    connection.abandon()
                    connection = attempt.connection
                    width = found
                    revisionBase = previous + 1 - connection.changes
                    return
                }
            } else if now >= attempt.started + UInt64(Self.retryPatience) * 1_000_000 {
                attempt.connection.abandon()
                self.attempt = nil
            } else {
                return
            }
            nextTry = now + UInt64(Self.retryInterval) * 1_000_000
            return
        }
        guard now >= nextTry ?? 0 else { return }
        nextTry = now + UInt64(Self.retryInterval) * 1_000_000
        // A local server that is not there has no socket: no thread for it.
        guard BrailleOpening.mayAnswer(environment: environment), let next = BrailleConnection(),
            next.start(host: settings.host, auth: settings.auth, retry: true)
        else { return }
        attempt = (next, now)
    }
}

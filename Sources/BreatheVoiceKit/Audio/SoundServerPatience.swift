/// How long the program waits for the sound server (PulseAudio, or PipeWire's pulse server) before it counts as gone,
/// and how a wait on it ended. Every wait on the server (connecting, a flush, a drain, a timing update, the call
/// watch's listings) has one of these deadlines, and a wait of the session's also gives way to a stopping signal.
///
/// The bounds come from measurement (README, "When a server stops answering"): on two cores kept busy (two Swift
/// compilers and the live test suite beside the session), the longest a healthy server took to answer, over
/// sessions on PulseAudio 16 and PipeWire 0.3.65, was about 60 ms for a handshake (context and stream ready) and
/// 1.5 s between two answers during a session (libpulse's own timing updates are at most 1.5 s apart; ours, 1 s after
/// the last answer). The bounds are several times those, and low enough that a reminder whose server froze still ends
/// well within 15 s.
enum SoundServerPatience {
    /// A connection (context and playback stream) not ready within this is "no sound server" (ms).
    static let connectMilliseconds: Int64 = 4000
    /// A connected server that has answered nothing (no request for data, no timing update, no operation done) for
    /// this long, while a request of ours waits, is a server that went away (ms).
    static let silenceMilliseconds: Int64 = 5000
    /// With nothing heard from the server for this long, a timing update is asked for, so that a silence is noticed
    /// even while nothing is played (a pause) (ms).
    static let probeMilliseconds: Int64 = 1000
    /// A wait of the session's gives way to a signal (its pipe readable) only after this long (ms): a healthy server
    /// answers well within it, so an operation is never left half done by a resize or a Ctrl-Z; a silent one still
    /// lets a stopping signal end the session within half a second.
    static let signalGraceMilliseconds: Int64 = 200

    /// How a wait on the server ended.
    enum Wait: Equatable, Sendable {
        /// What was waited for happened.
        case done
        /// The server did not answer in time.
        case timedOut
        /// A signal came (the signal pipe is readable): the caller stops waiting and lets the session take it.
        case interrupted
        /// The connection failed or went away.
        case failed
    }
}

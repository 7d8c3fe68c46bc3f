/// How long the program waits for the sound server (PulseAudio, or PipeWire's pulse server) before it counts as gone,
/// and how a wait on it ended. Every wait on the server (connecting, a flush, a drain, a timing update, the call
/// watch's listings) has one of these deadlines, and a wait of the session's also gives way to a stopping signal.
///
/// The bounds come from measurement (docs/user-guide.md, "When a server stops answering"): on two cores at a load
/// average of 8 to 10 (two other engineers' Swift builds, two busy loops, and 16 sessions at once on one private
/// PulseAudio 16, or 10 on one PipeWire 0.3.65 pulse server), a healthy server's handshake (context and stream ready)
/// took at most 140 ms (PipeWire: 90 ms), the longest time between two of its answers during a session was 1.5 s
/// (libpulse's own timing updates, no longer asked for, were at most about 1.5 s apart), and a probe was
/// answered within 80 ms. The bounds are about 30 times the handshake and 3 times the longest gap, and low enough that
/// a reminder whose server froze (the call watch's handshake, then the session's) still ends well within 15 s.
package enum SoundServerPatience {
    /// A connection (context and playback stream) not ready within this is "no sound server" (ms).
    package static let connectMilliseconds: Int64 = 4000
    /// A connected server that has answered nothing (no request for data, no timing update, no operation done) for
    /// this long, while a request of ours waits, is a server that went away (ms).
    static let silenceMilliseconds: Int64 = 5000
    /// With nothing heard from the server for this long, a wake-up of the session asks for a timing update, so that
    /// a silence is noticed even while nothing is played (a pause) (ms). At 1 s, the session asked at nearly every
    /// wake-up, its server's requests for data included (the question went out before libpulse had read the request
    /// whole): a round trip each, in which the server took the processor from the session (issue 52). A session that
    /// plays now asks once a phase, about its sound (`LivePulseSink.wait`).
    static let probeMilliseconds: Int64 = 3000
    /// The longest a session sleeps without a word from the server (ms): then it wakes to ask for one. Longer than a
    /// box session's phase (4 s), whose sound is asked about as it is sent (`LivePulseSink.wait`): the answers then
    /// show the server alive without a wake-up of its own (at 2.5 s, a question and its answer woke the session twice
    /// more every phase on a desktop's PulseAudio). Shorter than `silenceMilliseconds`, so that a server frozen while
    /// the session is paused, or in a long phase, is asked, and found silent, within 7 s.
    static let quietMilliseconds: Int64 = 4500
    /// Nothing from the server for this long, with a request for a sign of life unanswered for half of it, makes the
    /// server late (ms): a healthy one answered within 80 ms. A request unanswered for this long makes what is heard
    /// stand still (a frozen server plays nothing). A session that is only waiting for its closing words to be heard (stopped by `q`, or at its end) does
    /// not wait for a late server.
    static let lateMilliseconds: Int64 = 1000
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

import BreatheCore

/// A `LivePulseSink` connecting on a thread of its own (a `DeadlineCall`), so the sound server's handshake overlaps
/// loading the phrases, and so that a server that never answers holds nobody.
///
/// `sink()` waits for the connection, at most until its deadline (`SoundServerPatience.connectMilliseconds`, which the
/// connecting thread keeps too), and no longer than a stopping signal. A connection nobody takes (a signal came first,
/// or the session did not need it) is closed by the thread that made it, whenever it is done; nothing ever waits for
/// that thread. The sink's `pa_mainloop` is created and run on the connecting thread, then used only by the session's
/// thread: the call's lock orders the hand-over, and no two threads ever use it at once.
package final class PendingPulseSink {
    private let environment: [String: String]
    private let targetMilliseconds: Int
    private let call: DeadlineCall<Result<LivePulseSink, BreatheError>>
    private let clock: any SessionClock
    /// When the connection is given up on, if it has not answered.
    private let deadline: UInt64

    /// Starts connecting now; connects on the calling thread if no thread can be started.
    package init(
        environment: [String: String], targetMilliseconds: Int = LivePulseSink.targetMilliseconds,
        clock: any SessionClock
    ) {
        self.environment = environment
        self.targetMilliseconds = targetMilliseconds
        self.clock = clock
        // The thread reports its own "did not answer" at its deadline; this one is later, for a thread that is slow to
        // report it.
        deadline = clock.deadline(inMilliseconds: SoundServerPatience.connectMilliseconds + 1000)
        call = DeadlineCall {
            do throws(BreatheError) {
                // The waiter watches the signals; the thread only keeps its deadline.
                return .success(
                    try LivePulseSink(
                        environment: environment, targetMilliseconds: targetMilliseconds, clock: clock,
                        watchingSignals: false))
            } catch {
                return .failure(error)
            }
        }
    }

    deinit { call.abandon() }

    /// The connected sink, once the handshake is over; throws what `LivePulseSink.init` threw (a server that did not
    /// answer in time included). nil when a stopping signal came first: the session takes it and ends.
    package func sink() throws(BreatheError) -> LivePulseSink? {
        switch call.wait(until: deadline, clock: clock) {
        case .done(let result): return try result.get()
        case .interrupted: return nil
        case .timedOut:
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
        }
    }
}

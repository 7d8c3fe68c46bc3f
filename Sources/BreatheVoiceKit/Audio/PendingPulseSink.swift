#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A `LivePulseSink` connecting on a thread of its own, so the sound server's handshake overlaps loading the phrases.
///
/// `sink()` waits for the connection and returns it (or the error connecting raised); dropping a pending sink without
/// asking also waits, then closes the connection. The sink's `pa_mainloop` is created and run on the connecting thread,
/// then used only by the session's thread: `pthread_join` orders the hand-over, and no two threads ever use it at once.
final class PendingPulseSink {
    /// What the connecting thread leaves behind; read only after `pthread_join`, which orders it after the write.
    private final class Outcome: @unchecked Sendable {
        let environment: [String: String]
        let targetMilliseconds: Int
        var result: Result<LivePulseSink, BreatheError>?
        init(environment: [String: String], targetMilliseconds: Int) {
            self.environment = environment
            self.targetMilliseconds = targetMilliseconds
        }
    }

    private let outcome: Outcome
    private var thread: pthread_t?

    /// Starts connecting now; connects on the calling thread if no thread can be started.
    init(environment: [String: String], targetMilliseconds: Int = LivePulseSink.targetMilliseconds) {
        outcome = Outcome(environment: environment, targetMilliseconds: targetMilliseconds)
        let outcome = outcome
        thread = NativeThread.start { outcome.result = PendingPulseSink.connect(outcome) }
        if thread == nil { outcome.result = PendingPulseSink.connect(outcome) }
    }

    deinit { join() }

    private static func connect(_ outcome: Outcome) -> Result<LivePulseSink, BreatheError> {
        do throws(BreatheError) {
            return .success(
                try LivePulseSink(environment: outcome.environment, targetMilliseconds: outcome.targetMilliseconds))
        } catch {
            return .failure(error)
        }
    }

    private func join() {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    /// The connected sink, once the handshake is over; throws what `LivePulseSink.init` threw.
    func sink() throws(BreatheError) -> LivePulseSink {
        join()
        guard let result = outcome.result else {
            return try LivePulseSink(environment: outcome.environment, targetMilliseconds: outcome.targetMilliseconds)
        }
        return try result.get()
    }
}

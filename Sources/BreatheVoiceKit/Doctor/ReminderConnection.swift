import BreatheCore
import BreatheSystem
import Synchronization

/// Whether the sound server takes the connection a reminder's session opens: `remind`'s own way in
/// (`PendingPulseSink`, a context and a playback stream, within `SoundServerPatience.connectMilliseconds`), made once
/// and shared by the checks that ask, so that a server that does not answer costs `doctor` one deadline, not one per
/// check. Nothing is played: the stream is closed as soon as it is ready.
package final class ReminderConnection: Sendable {
    private let connect: @Sendable () -> BreatheError?
    private let outcome = Mutex<BreatheError??>(nil)

    /// `connect` returns nil when the server took the connection, else what `remind` would have failed with.
    package init(connect: @escaping @Sendable () -> BreatheError?) {
        self.connect = connect
    }

    /// The live one: the server the environment names, as `remind` finds it.
    package static func live(environment: [String: String]) -> ReminderConnection {
        ReminderConnection {
            do throws(BreatheError) {
                // nil: a stopping signal came first; the server's answer is not known, and doctor is ending anyway.
                guard try PendingPulseSink(environment: environment, clock: MonotonicClock()).sink() != nil else {
                    return .unavailable(Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
                }
                return nil
            } catch {
                return error
            }
        }
    }

    /// nil when the server took the connection; else why not. Connects on the first call only.
    package var problem: BreatheError? {
        outcome.withLock { outcome in
            if let known = outcome { return known }
            let found = connect()
            outcome = .some(found)
            return found
        }
    }

    /// True unless the server accepted the connection and then did not answer in time (frozen, or not a sound server).
    package var answers: Bool {
        guard case .unavailable(let message)? = problem else { return true }
        return message.arguments["detail"] != .message(LivePulseSink.noAnswer)
    }
}

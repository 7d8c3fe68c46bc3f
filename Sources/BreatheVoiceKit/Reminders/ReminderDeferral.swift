import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A reminder's wait while a call or a recording is in progress (`remind --defer`): it asks the sound server, and
/// while one is, sleeps until the server's streams change (or, at the latest, `recheckMilliseconds` pass) and asks
/// again, up to `wait`. A stopping signal ends the wait at once.
package struct ReminderDeferral {
    /// How the wait ended.
    package enum Outcome: Equatable, Sendable {
        /// Nothing to wait for (any more): the reminder plays.
        case clear
        /// The activity outlasted the wait: the reminder is skipped.
        case skipped(CallActivity)
        /// SIGINT, SIGTERM or SIGHUP came while it waited: nothing plays, and the signal decides the exit.
        case stopped
    }

    var wait: ReminderDefer
    /// Opens the connection that answers; nil (or a throw) when no server can be asked, and then the reminder plays
    /// at once (it fails or goes silent as it always did without a server).
    package var open: () throws(BreatheError) -> (any CallWatching)?
    /// The longest sleep between two questions even when the server reports nothing: events are what wake a wait,
    /// this only bounds it.
    var recheckMilliseconds: Int32 = 30_000
    /// Times the wait.
    var clock: any SessionClock = MonotonicClock()
    /// Readable when a stopping signal came (`SignalSource.stopDescriptor`); -1 for none.
    var signalDescriptor: Int32 = SignalSource.stopDescriptor

    package init(wait: ReminderDefer, open: @escaping () throws(BreatheError) -> (any CallWatching)?) {
        self.wait = wait
        self.open = open
    }

    /// The live one: the sound server the session would play through.
    package static func live(wait: ReminderDefer, environment: [String: String]) -> ReminderDeferral {
        ReminderDeferral(wait: wait) { () throws(BreatheError) in try LiveCallWatch(environment: environment) }
    }

    /// What is in progress now, without waiting (for `doctor`); throws when the server cannot be asked.
    package func activityNow() throws(BreatheError) -> CallActivity? {
        guard let watch = try open() else { return nil }
        return try watch.activity()
    }

    /// True when the signal descriptor can be read (a stopping signal came), without reading it.
    private var signalArrived: Bool {
        guard signalDescriptor >= 0 else { return false }
        var descriptor = pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)
        return SystemCall.retryingOnInterrupt { poll(&descriptor, 1, 0) } == 1
    }

    /// Waits as long as it must; `waiting` is told once, when a wait begins, what it waits for.
    package func run(waiting: (CallActivity) -> Void) -> Outcome {
        guard wait.waits else { return .clear }
        let watch: any CallWatching
        do throws(BreatheError) {
            guard let opened = try open() else { return .clear }
            watch = opened
        } catch {
            // A stopping signal ended the wait for the server's answer: nothing plays.
            return signalArrived ? .stopped : .clear
        }
        let deadline = clock.now() + UInt64(wait.seconds) * 1_000_000_000
        var told = false
        while true {
            let activity: CallActivity?
            do throws(BreatheError) {
                activity = try watch.activity()
            } catch {
                // The server went away (or stopped answering) while we waited: nothing is in progress that we can know
                // of; unless a stopping signal ended the wait for its answer.
                return signalArrived ? .stopped : .clear
            }
            guard let activity else { return .clear }
            if !told {
                waiting(activity)
                told = true
            }
            let current = clock.now()
            guard current < deadline else { return .skipped(activity) }
            let left = Int32(min((deadline - current + 999_999) / 1_000_000, UInt64(recheckMilliseconds)))
            if watch.waitForChange(milliseconds: left, alsoWatching: signalDescriptor) == .descriptor {
                return .stopped
            }
        }
    }
}

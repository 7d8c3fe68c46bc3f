import BreatheCore
import BreatheSystem

/// Decides whether a reminder from cron runs now: not in quiet hours, and not while another session holds the lock.
struct ReminderGate: Sendable {
    /// What the reminder does.
    enum Decision: Sendable {
        /// Go ahead; keep the lock until the session ends.
        case run(SessionLock)
        /// Do nothing and exit 0; the reason is for `--verbose`.
        case skip(Message)
    }

    var quietHours: QuietHours?
    var clock: WallClock
    var lockDirectory: String

    package init(quietHours: QuietHours?, clock: WallClock = .live, lockDirectory: String) {
        self.quietHours = quietHours
        self.clock = clock
        self.lockDirectory = lockDirectory
    }

    /// Quiet hours are checked first, so a quiet reminder never touches the lock.
    func decide() throws(BreatheError) -> Decision {
        if let quietHours, quietHours.contains(clock.timeOfDay()) {
            return .skip(
                Message(.remindQuiet, ["start": .text(quietHours.start.text), "end": .text(quietHours.end.text)]))
        }
        switch try SessionLock.acquire(in: lockDirectory) {
        case .acquired(let lock): return .run(lock)
        case .busy: return .skip(Message(.remindBusy))
        }
    }
}

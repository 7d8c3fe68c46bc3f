import BreatheCore
import BreatheSystem

/// A session with no sound: the timeline follows the clock, each event at its absolute deadline.
///
/// The position advances with the clock while playing, stands still while paused, and jumps on a skip. Deadlines are
/// worked out from one anchor (the last resume, skip or timer), never by adding steps, so no error accumulates.
struct TextPacer: SessionPacer {
    package let sampleRate: Int
    private var anchorNanos: UInt64 = 0
    private var anchorPosition: Int64 = 0
    private var now: UInt64 = 0
    private var playing = true
    private var started = false

    package init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    var position: Int64 {
        guard playing, now > anchorNanos else { return anchorPosition }
        return anchorPosition + Int64(now - anchorNanos) * Int64(sampleRate) / 1_000_000_000
    }
    var releaseAhead: Int64 { 0 }
    var isUp: Bool { true }
    var waitsForClosingWords: Bool { false }
    var waiter: (any SessionWaiter)? { nil }

    mutating func observe(now: UInt64) {
        self.now = max(self.now, now)
        if !started {
            started = true
            anchorNanos = now
        }
    }

    mutating func heard() -> Int64 { position }
    package mutating func check(now: UInt64) throws(BreatheError) {}

    mutating func wakeUp(timer: Int64?, nextHeard: Int64?, now: UInt64) -> UInt64? {
        [timer, nextHeard].compactMap { $0.map(nanos(at:)) }.min()
    }

    mutating func asideWakeUp(now: UInt64) -> UInt64? { nil }

    mutating func isDue(_ deadline: Int64) -> Bool { now >= nanos(at: deadline) }

    /// The position is exactly the deadline, whatever the wake-up's jitter.
    mutating func arrive(at deadline: Int64) {
        anchorNanos = nanos(at: deadline)
        anchorPosition = deadline
    }

    mutating func advance(toward limit: Int64?, sound: inout SessionSound, eager: Bool) throws(BreatheError) {}
    mutating func playAside(_ pause: inout PauseMixer) throws(BreatheError) {}
    mutating func rewind(_ sound: inout SessionSound) {}
    mutating func flush() {}

    mutating func jump(to target: Int64, now: UInt64) {
        observe(now: now)
        anchorPosition = target
        anchorNanos = self.now
    }

    package mutating func pause() {
        anchorPosition = position
        playing = false
    }

    package mutating func resume(now: UInt64) {
        observe(now: now)
        anchorNanos = self.now
        playing = true
    }

    mutating func lose(pausing: Bool) {}
    mutating func reconnect() throws(BreatheError) {}
    mutating func finish(stopped: Bool) throws(BreatheError) {}

    /// A line is "heard" when it is printed: never before the clock reaches it.
    mutating func report(to timing: inout HeardEstimate, now: UInt64) {
        timing.record(heard: position, at: now, printed: true)
    }

    /// When the clock reaches `position`, on the current anchor (rounded up: never a little early).
    private func nanos(at position: Int64) -> UInt64 {
        let samples = max(0, position - anchorPosition)
        let rate = Int64(sampleRate)
        return anchorNanos + UInt64((samples * 1_000_000_000 + rate - 1) / rate)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one clock of a session, in the style of swift-clocks: what time it is (nanoseconds on a monotonic clock), and a
/// wait until a deadline that ends early when an input arrives (a key, a signal) or when the sound server wants to be
/// served (the inputs' `waiter`).
///
/// Everything that reads time takes one: the session loop and its pacers, the timing report, the live sink's latency
/// reports, speech-dispatcher's patience, the reminder's wait for a call to end, the event stream's times. The live one is `MonotonicClock`;
/// tests use `TestClock` (BreatheTestSupport), whose waits return at once and move the clock to the deadline.
package protocol SessionClock: Sendable {
    /// Nanoseconds on a monotonic clock.
    func now() -> UInt64
    /// Waits until the clock reaches `deadline` (nil: no deadline) or something of `inputs` is ready. Returns the input,
    /// or nil at the deadline, or when only the waiter's own work woke it (the caller looks again).
    mutating func wait(until deadline: UInt64?, for inputs: inout SessionInputs) -> SessionInput?
}

extension SessionClock {
    /// A deadline `milliseconds` from now.
    package func deadline(inMilliseconds milliseconds: Int64) -> UInt64 {
        now() + UInt64(max(0, milliseconds)) * 1_000_000
    }
}

/// CLOCK_MONOTONIC, with waits done by poll(2) on the inputs' descriptors (or in the sound server's loop).
///
/// Deadlines are absolute, so oversleeping one wait never delays the next: no error accumulates over a session.
package struct MonotonicClock: SessionClock {
    package init() {}

    package func now() -> UInt64 { Self.now() }

    /// The monotonic clock now, for code that has no clock passed in (a thread of its own).
    package static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    package mutating func wait(until deadline: UInt64?, for inputs: inout SessionInputs) -> SessionInput? {
        var timeout: Int32 = -1
        if let deadline {
            let current = now()
            // Rounded up, so a wait never ends a little early and spins.
            timeout =
                current >= deadline ? 0 : Int32(min((deadline - current + 999_999) / 1_000_000, UInt64(Int32.max)))
        }
        return inputs.next(timeoutMilliseconds: timeout)
    }
}

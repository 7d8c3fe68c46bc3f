import Foundation

/// How a test waits: for a condition, looked at every so often until it holds or a deadline passes (`until`, `value`,
/// `sample`), or, rarely, for a deliberate delay that stands for no condition at all (`pause`, each with its reason).
/// Every sleep in the tests is here (`WaitsAndProcessesTests` checks it), on the monotonic clock, so that a change of the
/// wall clock never shortens or stretches a wait.
enum Waiting {
    /// Seconds on the monotonic clock, from an arbitrary start.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Looks at `condition` at once and then every `interval` seconds until it holds (true) or `timeout` seconds have
    /// passed (false); an interval of 0 only yields the processor between looks. The bound only tells "soon" from
    /// "never": a loaded machine must not reach it.
    @discardableResult
    static func until(timeout: Double, every interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
        try value(within: timeout, every: interval) { try condition() ? true : nil } ?? false
    }

    /// The first value `look` finds (not nil), looking at once and then every `interval` seconds; nil when `timeout`
    /// seconds pass without one.
    static func value<Found>(
        within timeout: Double, every interval: Double = 0.01, _ look: () throws -> Found?
    ) rethrows -> Found? {
        let deadline = now() + timeout
        while true {
            if let found = try look() { return found }
            guard now() < deadline else { return nil }
            sleep(seconds: interval)
        }
    }

    /// Calls `look` at once and then every `interval` seconds for `seconds`, while it returns true (it keeps what it
    /// saw itself): for a measurement taken over a time, not a wait for one moment.
    static func sample(for seconds: Double, every interval: Double, _ look: () throws -> Bool) rethrows {
        let deadline = now() + seconds
        while now() < deadline, try look() { sleep(seconds: interval) }
    }

    /// Whether `text` appeared in `file` (what a running program writes: its standard output, a log) within `timeout`
    /// seconds, looked at every 10 ms.
    @discardableResult
    static func until(_ text: String, appearsIn file: String, within timeout: Double) -> Bool {
        until(timeout: timeout) { (try? String(contentsOfFile: file, encoding: .utf8))?.contains(text) == true }
    }

    /// A deliberate delay that waits for no condition: a moment, chosen or random, at which to send a signal or a kill;
    /// a frozen server held for a time the test then measures against. `reason` says which, where the pause is written.
    static func pause(seconds: Double, because reason: StaticString) {
        sleep(seconds: seconds)
    }

    /// Sleeps `seconds`; none at all only yields the processor, for a look that must not miss an instant.
    private static func sleep(seconds: Double) {
        guard seconds > 0 else {
            sched_yield()
            return
        }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}

import BreatheCommandLine
import BreatheCore
import BreatheSystem
import BreatheVoiceKit

/// Virtual time for the session loop, in the style of swift-clocks' `TestClock`: a wait returns at once and moves the
/// clock to its deadline, and inputs arrive when the script says (nanoseconds after the start). It keeps every deadline
/// it was asked to wait for, so a test can check that the loop asked for the exact nanosecond.
struct TestClock: SessionClock {
    let start: UInt64 = 1_000_000_000
    /// The time now, in nanoseconds.
    private(set) var time: UInt64 = 1_000_000_000
    /// Inputs and when each arrives (ns after the start), in order.
    var script: [(at: UInt64, input: SessionInput)]
    /// The deadlines waited for, in order (nil: a wait for an input only).
    private(set) var waits: [UInt64?] = []

    init(script: [(at: UInt64, input: SessionInput)] = []) {
        self.script = script
    }

    /// The time since the start.
    var elapsed: UInt64 { time - start }

    func now() -> UInt64 { time }

    mutating func wait(until deadline: UInt64?, for inputs: inout SessionInputs) -> SessionInput? {
        waits.append(deadline)
        if let next = script.first, deadline.map({ start + next.at <= $0 }) ?? true {
            script.removeFirst()
            time = max(time, start + next.at)
            return next.input
        }
        precondition(deadline != nil, "the loop waits for an input that never comes")
        if let deadline { time = max(time, deadline) }
        return nil
    }
}

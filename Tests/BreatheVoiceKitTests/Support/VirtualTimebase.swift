@testable import BreatheCore
@testable import BreatheVoiceKit

/// Virtual time for runner tests: waits return at once, the clock jumps to each deadline, inputs arrive on schedule.
struct VirtualTimebase: SessionTimebase {
    var clock: UInt64 = 1_000_000_000
    /// Inputs and the virtual time (ns after the start) at which each arrives, in order.
    var script: [(at: UInt64, input: SessionInput)] = []
    private(set) var waits: [UInt64?] = []
    let start: UInt64 = 1_000_000_000

    init(script: [(at: UInt64, input: SessionInput)] = []) {
        self.script = script
    }

    func now() -> UInt64 { clock }

    mutating func wait(until deadline: UInt64?) -> SessionInput? {
        waits.append(deadline)
        if let next = script.first, deadline.map({ start + next.at <= $0 }) ?? true {
            script.removeFirst()
            clock = max(clock, start + next.at)
            return next.input
        }
        if let deadline { clock = max(clock, deadline) }
        return nil
    }
}

/// Records what the runner presented, with the virtual time of each effect.
final class RecordingPresenter: SessionPresenter {
    var effects: [(effect: SessionEffect, position: Int64)] = []

    func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        effects.append((effect, position))
    }
}

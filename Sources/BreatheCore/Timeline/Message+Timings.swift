/// A plan's timings, as the message a screen reader reads.
extension Message {
    /// A plan's timings in words a screen reader reads well, one phase after another: "in 4, hold 7, out 8", with a ramped
    /// phase as "out 4 to 8". Zero-length phases are not in the pattern, so they are not said: 4-0-6-2 is "in 4, out 6,
    /// rest 2" and 4-6-2 "in 4, hold 6, out 2".
    static func timings(of plan: SessionPlan) -> Message {
        var parts: [Message] = []
        for index in plan.pattern.phases.indices {
            let first = plan.phaseTenths(cycle: 1, index: index)
            let last = plan.phaseTenths(cycle: plan.cycles, index: index)
            let name = Message(timingsKey(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index)))
            parts.append(
                first == last
                    ? Message(.timingsPhase, ["phase": .message(name), "seconds": .tenths(first)])
                    : Message(.timingsRamp, ["phase": .message(name), "from": .tenths(first), "to": .tenths(last)]))
        }
        guard var result = parts.first else { return Message(.timingsList, ["first": .text(""), "second": .text("")]) }
        for part in parts.dropFirst() {
            result = Message(.timingsList, ["first": .message(result), "second": .message(part)])
        }
        return result
    }

    private static func timingsKey(_ kind: PhaseKind, isRepeat: Bool) -> MessageKey {
        switch kind {
        case .inhale: isRepeat ? .timingsInhaleAgain : .timingsInhale
        case .hold: .timingsHold
        case .exhale: .timingsExhale
        case .rest: .timingsRest
        }
    }
}

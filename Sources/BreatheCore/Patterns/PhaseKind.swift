/// What the breather does during a phase.
package enum PhaseKind: String, CaseIterable, Sendable, Hashable {
    /// Breathe in.
    case inhale
    /// Hold the breath with full lungs.
    case hold
    /// Breathe out.
    case exhale
    /// Wait with empty lungs before the next breath.
    case rest

    /// The shortest and longest allowed length, in tenths of a second.
    var allowedTenths: ClosedRange<Int> {
        switch self {
        case .inhale, .exhale: 10...600
        case .hold, .rest: 0...600
        }
    }
}

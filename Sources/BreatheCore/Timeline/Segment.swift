/// A stretch of the session timeline.
package enum Segment: Hashable, Sendable {
    /// The "get ready" lead-in before the first breath.
    case leadIn
    /// One phase of one cycle; `cycle` counts from 1, `index` is the phase's place in the pattern.
    case phase(cycle: Int, index: Int)
    /// The closing words after the last breath.
    case closing
}

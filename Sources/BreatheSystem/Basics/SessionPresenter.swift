import BreatheCore

/// Shows or records what a session does: plain lines, a status line, the event stream, the history.
///
/// The runner hands every effect to each presenter when the effect's moment comes; presenters ignore what is not theirs.
/// Positions are where the timeline actually is when the effect is performed: for a cue, that is its planned position
/// plus however late it came out.
package protocol SessionPresenter {
    /// Called once per effect, in order, with the state after the transition and the timeline position.
    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64)
    /// Called after the last effect of each transition, so a presenter can write one record per state change.
    mutating func endTransition(state: SessionState, position: Int64)
    /// Called between effects: every `refreshInterval` while the timeline moves, and with `resized` after SIGWINCH.
    mutating func refresh(state: SessionState, position: Int64, resized: Bool)
    /// How often `refresh` wants to be called while the timeline moves, in nanoseconds; nil for never.
    var refreshInterval: UInt64? { get }
    /// The position at which what it shows next changes by itself (a countdown's next second), for one `refresh` when
    /// it is heard; nil for none. Read after every transition and refresh.
    var nextChange: Int64? { get }
    /// Called when a phase's cue is laid out on the timeline (before it is heard): whether its tone and word made it.
    mutating func cuePlaced(_ cue: CuePlacement)
    /// Called when a signal (SIGINT, SIGTERM…) asks the session to stop, before the stop reaches the machine: the stop
    /// that follows is the signal's, not the user's.
    mutating func stopSignalled()
}

/// How a phase's cue was laid out: the tone on the boundary, the word after it (`--timing-report` tells the truth
/// about both).
package struct CuePlacement: Hashable, Sendable {
    /// The boundary's sample.
    package var planned: Int64
    /// Tones are on, but this boundary's tone was left out (a word was still being said).
    package var toneLeftOut: Bool
    /// Samples from the boundary to the start of the word (or of the line a screen reader says); nil: no word.
    package var wordDelay: Int64?
    /// The word was left out: it could no longer be heard within its phase.
    package var wordLeftOut: Bool

    package init(planned: Int64, toneLeftOut: Bool, wordDelay: Int64?, wordLeftOut: Bool) {
        self.planned = planned
        self.toneLeftOut = toneLeftOut
        self.wordDelay = wordDelay
        self.wordLeftOut = wordLeftOut
    }
}

extension SessionPresenter {
    package mutating func endTransition(state: SessionState, position: Int64) {}
    package mutating func refresh(state: SessionState, position: Int64, resized: Bool) {}
    package var refreshInterval: UInt64? { nil }
    package var nextChange: Int64? { nil }
    package mutating func cuePlaced(_ cue: CuePlacement) {}
    package mutating func stopSignalled() {}
}

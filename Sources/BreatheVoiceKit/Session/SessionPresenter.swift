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
}

extension SessionPresenter {
    package mutating func endTransition(state: SessionState, position: Int64) {}
    package mutating func refresh(state: SessionState, position: Int64, resized: Bool) {}
    package var refreshInterval: UInt64? { nil }
}

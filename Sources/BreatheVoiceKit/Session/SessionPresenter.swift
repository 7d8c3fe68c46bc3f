import BreatheCore

/// Shows or records what a session does: plain lines, a status line, the event stream, the history.
///
/// The runner hands every effect to each presenter when the effect's moment comes; presenters ignore what is not theirs.
public protocol SessionPresenter {
    /// Called once per effect, in order, with the state after the transition and the timeline position.
    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64)
}

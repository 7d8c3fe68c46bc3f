/// Something that happened to a session. Positions are samples on the session timeline, which stands still while paused.
package enum SessionEvent: Hashable, Sendable {
    /// The user started a session.
    case startRequested
    /// The lead-in's time ran out.
    case leadInElapsed
    /// The current phase's time ran out.
    case phaseElapsed
    /// The user asked to pause (space).
    case pauseRequested(at: Int64)
    /// The user asked to go on (space while paused).
    case resumeRequested
    /// The user asked for the next phase now (`s`).
    case skipRequested
    /// The user asked to stop (`q`, Esc, Ctrl-C, SIGTERM).
    case stopRequested(at: Int64)
    /// Ctrl-Z or a closed terminal.
    case interrupted(InterruptionReason, at: Int64)
    /// The process came back to the foreground (SIGCONT after Ctrl-Z).
    case continued
    /// The user asked which keys do what (`?`).
    case helpRequested
    /// The user asked how much time is left, in the phase and in the session (`t`).
    case timeLeftRequested(at: Int64)
    /// The user asked to hear the current instruction again (`r`).
    case repeatRequested
    /// The user pressed a key that does nothing.
    case unknownKeyPressed
    /// The user changed the speech rate for this session (`+`, `-`): the new rate, or nil when nothing is spoken.
    case speechRateChanged(Int?)
    /// The user changed the tone volume for this session (`[`, `]`): the new level, or nil when no tones play.
    case toneVolumeChanged(Int?)
    /// The sound server went away.
    case audioLost(at: Int64)
    /// The closing words are over.
    case closingElapsed
}

/// The event a timer delivers when its deadline is reached.
package enum TimerEvent: Hashable, Sendable {
    case leadInElapsed
    case phaseElapsed
    case closingElapsed

    package var event: SessionEvent {
        switch self {
        case .leadInElapsed: .leadInElapsed
        case .phaseElapsed: .phaseElapsed
        case .closingElapsed: .closingElapsed
        }
    }
}

/// Where a session is. Every change goes through `SessionMachine.transition`.
package enum SessionState: Hashable, Sendable {
    /// Nothing has started.
    case idle
    /// The "get ready" lead-in before the first breath.
    case preparing
    /// Breathing: phase `index` of cycle `cycle` (from 1) is under way.
    case active(cycle: Int, index: Int)
    /// Stopped in the middle of a segment; resuming returns to exactly that segment.
    case paused(PausedSession)
    /// The closing words are playing; the record has been saved.
    case completing(SessionSummary)
    /// Over. Nothing more happens.
    case completed(SessionSummary)

    /// The cycle under way, or nil outside the breathing part.
    var cycle: Int? {
        switch self {
        case .active(let cycle, _): cycle
        case .paused(let paused):
            if case .phase(let cycle, _) = paused.resume { cycle } else { nil }
        case .idle, .preparing, .completing, .completed: nil
        }
    }

    /// A short name for logs and the event stream.
    package var name: String {
        switch self {
        case .idle: "idle"
        case .preparing: "preparing"
        case .active: "active"
        case .paused: "paused"
        case .completing: "completing"
        case .completed: "completed"
        }
    }
}

/// What a paused session will go back to.
package struct PausedSession: Hashable, Sendable {
    /// The segment that was under way: the lead-in or a phase.
    package var resume: Segment
    /// How far into that segment, in samples.
    package var elapsed: Int64
    /// Why it paused, which decides how a stop from here is recorded.
    package var reason: PauseReason
}

/// Why a session paused.
package enum PauseReason: String, Hashable, Sendable {
    /// The user pressed space.
    case user
    /// Ctrl-Z.
    case suspended
    /// The terminal went away.
    case hangup
    /// The sound server went away.
    case audioLost
}

/// Something outside the program that breaks into a session.
package enum InterruptionReason: String, Hashable, Sendable {
    /// Ctrl-Z (SIGTSTP).
    case suspended
    /// The terminal closed (SIGHUP).
    case hangup
}

/// How a session ended, as the history records it.
package enum SessionStatus: String, Hashable, Sendable {
    case completed
    case stopped
    case interrupted
}

/// The outcome of a session, saved once when it ends.
package struct SessionSummary: Hashable, Sendable {
    package var status: SessionStatus
    package var cyclesCompleted: Int
    var cyclesPlanned: Int
    /// How far the timeline got, in samples from the start.
    package var position: Int64

    package init(status: SessionStatus, cyclesCompleted: Int, cyclesPlanned: Int, position: Int64) {
        self.status = status
        self.cyclesCompleted = cyclesCompleted
        self.cyclesPlanned = cyclesPlanned
        self.position = position
    }
}

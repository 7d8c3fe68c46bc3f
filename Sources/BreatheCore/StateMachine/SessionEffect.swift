/// Work a transition asks the outside world to do. The machine returns these; the runner performs them, in order.
package enum SessionEffect: Hashable, Sendable {
    /// A new segment begins at the current position: update displays and the event stream.
    case enterSegment(Segment)
    /// Print a line and, when speech is on, say a phrase, at the current position.
    case announce(Announcement)
    /// Play the cue tone of a phase at the current position.
    case playTone(PhaseKind)
    /// Deliver `event` when the timeline reaches `deadline`. Replaces any earlier timer.
    case startTimer(deadline: Int64, event: TimerEvent)
    /// Forget the pending timer.
    case cancelTimer
    /// Move the timeline to `position` and drop every clip that has not started playing.
    case seek(to: Int64)
    /// Stop feeding the output; the timeline stands still.
    case markPause(PauseReason)
    /// Feed the output again from where it stopped.
    case markResume
    /// Record the session in the history.
    case save(SessionSummary)
    /// The session is over.
    case finish(SessionSummary)
    /// A second inside a phase is counted (`--count`): "2", "3"… Never asked for by the machine: the runner counts the
    /// phase it enters, when each number's sample is heard, and hands this to the presenters, so the count has a printed
    /// line and an event as well as a voice.
    case count(Int)
}

/// What is printed and, optionally, spoken for one event.
package struct Announcement: Hashable, Sendable {
    /// One complete sentence for the screen (and the screen reader).
    package var line: Message
    /// A short phrase for the program's own voice, if any.
    package var speech: Message?

    package init(line: Message, speech: Message? = nil) {
        self.line = line
        self.speech = speech
    }
}

import BreatheCore

/// A session as a media player shows it (MPRIS, on the session bus): whether it plays, which "track" is heard (each
/// segment is one: the lead-in, each phase, the closing words), the sentence that names it and how long it is, and the
/// tones' volume. It follows the effects as they are heard, as every presenter does, and says after each transition
/// which of its properties changed, so that a change is announced once per boundary or change of state, never between.
package struct MediaPlayerView: Hashable, Sendable {
    /// MPRIS's `PlaybackStatus`.
    enum Status: String, Hashable, Sendable {
        case playing = "Playing"
        case paused = "Paused"
        case stopped = "Stopped"
    }

    /// The properties whose changes are announced (`PropertiesChanged`). `Position` never is: it is read when asked.
    package enum Property: String, Hashable, Sendable, CaseIterable {
        case playbackStatus = "PlaybackStatus"
        case metadata = "Metadata"
        case volume = "Volume"
    }

    private(set) var status: Status = .playing
    /// The segment being heard.
    private(set) var segment: Segment = .leadIn
    /// Counts the segments entered, from 0: a track's id changes with each, a phase said again (`r`) keeps it.
    private(set) var track = 0
    /// The sentence that names the segment (its first announcement), nil until it has one.
    private(set) var title: Message?
    /// The segment's planned length, in samples.
    private(set) var length: Int64
    /// Where the segment starts on the timeline, and the position last handed over.
    private(set) var segmentStart: Int64 = 0
    private(set) var position: Int64 = 0
    /// The tones' volume, 0 to 100.
    private(set) var toneVolume: Int

    private let plan: SessionPlan
    private var titleWanted = true
    private var changed: Set<Property> = []

    package init(plan: SessionPlan, toneVolume: Int) {
        self.plan = plan
        self.toneVolume = toneVolume
        length = plan.end(of: .leadIn) - plan.start(of: .leadIn)
    }

    /// Takes one effect of a transition as it is heard, at `position`.
    package mutating func present(_ effect: SessionEffect, position: Int64) {
        self.position = position
        switch effect {
        case .enterSegment(let entered):
            segment = entered
            track += 1
            segmentStart = plan.start(of: entered)
            length = plan.end(of: entered) - segmentStart
            titleWanted = true
            changed.insert(.metadata)
        case .announce(let announcement):
            if announcement.line.key == .lineToneVolume,
                case .integer(let level)? = announcement.line.arguments["volume"]
            {
                if level != toneVolume { changed.insert(.volume) }
                toneVolume = level
            } else if titleWanted {
                titleWanted = false
                // A skip's line ("Skipped. Breathe in, 4 seconds.") names the phase it reached as any other does.
                var line = announcement.line
                if line.key == .lineSkipped, case .message(let reached)? = line.arguments["line"] { line = reached }
                if title != line { changed.insert(.metadata) }
                title = line
            }
        case .markPause: set(.paused)
        case .markResume: set(.playing)
        case .finish: set(.stopped)
        case .playTone, .startTimer, .cancelTimer, .seek, .save, .count: break
        }
    }

    /// The properties that changed in the transition just handed over, in a fixed order; then none until the next.
    package mutating func endTransition() -> [Property] {
        defer { changed = [] }
        return Property.allCases.filter(changed.contains)
    }

    /// How far into the segment the listener is, in samples, `elapsed` samples after the position last handed over
    /// (nothing moves while paused or stopped); never past the segment's length.
    func offset(elapsed: Int64) -> Int64 {
        let moved = status == .playing ? max(0, elapsed) : 0
        return min(max(0, position - segmentStart + moved), length)
    }

    private mutating func set(_ new: Status) {
        guard status != new else { return }
        status = new
        changed.insert(.playbackStatus)
    }
}

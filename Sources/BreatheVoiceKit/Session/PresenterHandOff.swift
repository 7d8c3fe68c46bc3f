import BreatheCore
import BreatheSystem

/// What an audio runner has done on the timeline but the listener has not heard yet: each transition's effects and
/// end, and the spoken counts of the phase under way, kept in timeline order and handed to the presenters once the
/// heard position reaches them.
///
/// This is the one route by which anything of the session reaches the presenters while it plays: a phase's cue, and how
/// it was laid out, reach them here. A phase's cue reaches presenters at the position the sink reported playing it
/// (`timing`, the one estimate of when a sample is heard: the timing report's "actual"); everything else at its
/// planned position.
struct PresenterHandOff {
    /// One thing waiting to be heard.
    enum Entry {
        /// An effect of a transition, with the state after it.
        case effect(SessionEffect, state: SessionState)
        /// The end of a transition: presenters write one record per state change.
        case end(state: SessionState)
        /// How a phase's cue was laid out (a tone left out, a word late or left out), handed over with the cue.
        case placement(CuePlacement)
    }

    /// The effects and transition ends waiting, in order, from `start` on.
    private var entries: [(position: Int64, entry: Entry)] = []
    private var start = 0
    /// The counts of the phase under way not yet handed over, in order (`--count`).
    private var counts: [(position: Int64, number: Int, state: SessionState)] = []
    /// The sink's reports, for the played position of each phase's cue.
    var timing: HeardEstimate

    package init(sampleRate: Int) {
        timing = HeardEstimate(sampleRate: sampleRate)
    }

    /// Nothing waits to be heard: no effect, no transition end, no count.
    var isEmpty: Bool { start == entries.count && counts.isEmpty }
    /// Where the next effect or transition end waits (nil: none).
    var nextEntryPosition: Int64? { start < entries.count ? entries[start].position : nil }
    /// Where the next count waits (nil: none).
    var nextCountPosition: Int64? { counts.first?.position }

    mutating func append(_ effect: SessionEffect, at position: Int64, state: SessionState) {
        entries.append((position, .effect(effect, state: state)))
    }

    /// How the cue at `placement.planned` was laid out: it reaches the presenters with the cue, by the same route.
    mutating func appendPlacement(_ placement: CuePlacement) {
        entries.append((placement.planned, .placement(placement)))
    }

    mutating func endTransition(at position: Int64, state: SessionState) {
        entries.append((position, .end(state: state)))
    }

    mutating func appendCount(_ number: Int, at position: Int64, state: SessionState) {
        counts.append((position, number, state))
    }

    /// The timeline jumped (a skip): the counts of the phase left are never heard.
    mutating func dropCounts() {
        counts.removeAll()
    }

    /// Hands over what waits at or before `limit`, in timeline order: the counts before the next change first (a count
    /// is always inside its phase), then the effects, then the counts after them.
    mutating func release(through limit: Int64, to presenters: inout [any SessionPresenter]) {
        if let next = nextEntryPosition { releaseCounts(through: min(limit, next - 1), to: &presenters) }
        releaseEntries(through: limit, to: &presenters)
        releaseCounts(through: limit, to: &presenters)
    }

    /// Hands over every effect at once, at its planned position (a pause, the end); counts still ahead of `position`
    /// wait for the timeline to move again.
    mutating func releaseAll(countsThrough position: Int64, to presenters: inout [any SessionPresenter]) {
        timing.forgetReport()
        releaseEntries(through: Int64.max, to: &presenters)
        releaseCounts(through: position, to: &presenters)
    }

    /// Hands each count at or before `limit` to the presenters: its line, and a record in the event stream.
    private mutating func releaseCounts(through limit: Int64, to presenters: inout [any SessionPresenter]) {
        while let first = counts.first, first.position <= limit {
            counts.removeFirst()
            for index in presenters.indices {
                presenters[index].present(.count(first.number), state: first.state, position: first.position)
                presenters[index].endTransition(state: first.state, position: first.position)
            }
        }
    }

    private mutating func releaseEntries(through limit: Int64, to presenters: inout [any SessionPresenter]) {
        while start < entries.count, entries[start].position <= limit {
            let (position, entry) = entries[start]
            start += 1
            switch entry {
            case .effect(let effect, let state):
                var reported = position
                if case .enterSegment(.phase) = effect {
                    timing.fixOrigin(forCueAt: position)
                    reported = timing.playedPosition(of: position)
                }
                for index in presenters.indices {
                    presenters[index].present(effect, state: state, position: reported)
                }
            case .end(let state):
                for index in presenters.indices {
                    presenters[index].endTransition(state: state, position: position)
                }
            case .placement(let placement):
                for index in presenters.indices { presenters[index].cuePlaced(placement) }
            }
        }
        if start == entries.count {
            entries.removeAll(keepingCapacity: true)
            start = 0
        }
    }
}

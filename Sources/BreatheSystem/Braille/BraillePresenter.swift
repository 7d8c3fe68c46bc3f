import BreatheCore

/// A session on a braille display: at each boundary, when it is heard (on the same timeline as the tones), the phase
/// and the seconds left in the session's language, then a progress through the phase that fills second by second
/// (`BrailleLine`); the pause, the end and how it ended. An answer to a key (the time left, the instruction again)
/// shows for three seconds, then the phase again.
///
/// The display is written only when what it shows changes: at most once a second while a phase runs. The session wakes
/// for it only then (`nextChange`), not to look whether the seconds moved.
package struct BraillePresenter: SessionPresenter {
    let plan: SessionPlan
    let localizer: Localizer
    let display: any BrailleDisplay
    /// What the display shows now, and the display's `revision` it was shown in.
    private(set) var shown: String?
    private var shownRevision = 0
    /// An answer to a key (longest first), shown until the timeline reaches `until` (or the next boundary).
    private var answer: (words: [String], until: Int64)?
    /// The announcements of the transition under way, and whether it moved the session (a boundary, a pause).
    private var announced: [Message] = []
    private var moved = false

    package init(plan: SessionPlan, localizer: Localizer, display: any BrailleDisplay) {
        self.plan = plan
        self.localizer = localizer
        self.display = display
    }

    /// The state after the last transition handed over: the one being heard.
    private var heardState: SessionState?

    /// Where the line changes next by itself (the seconds left, an answer's end); nil while nothing moves.
    package private(set) var nextChange: Int64?

    package mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        switch effect {
        // The display's own loss is not its answer: shown when it is back, it would hide the phase for nothing.
        case .announce(let announcement) where announcement.line.key == .lineBrailleLost: break
        case .announce(let announcement): announced.append(announcement.line)
        case .enterSegment, .markPause, .markResume, .seek, .finish: moved = true
        case .playTone, .startTimer, .cancelTimer, .save, .count: break
        }
    }

    package mutating func endTransition(state: SessionState, position: Int64) {
        heardState = state
        if moved {
            answer = nil
        } else if let line = announced.last, state.isRunning {
            answer = (answerWords(line, state: state, position: position), position + 3 * Int64(plan.sampleRate))
        }
        announced = []
        moved = false
        draw(state: state, position: position)
    }

    /// Draws the state last handed over (what is being heard), not the loop's: a live session's machine runs ahead of
    /// the listener by what is queued (seconds), and a countdown's change drawn in the next phase would show it early.
    package mutating func refresh(state: SessionState, position: Int64, resized: Bool) {
        if let answer, position >= answer.until { self.answer = nil }
        draw(state: heardState ?? state, position: position)
    }

    private mutating func draw(state: SessionState, position: Int64) {
        nextChange = change(after: state, position: position)
        let line = self.line(state: state, position: position)
        let revision = display.revision
        guard line != shown || revision != shownRevision else { return }
        shown = line
        shownRevision = revision
        display.show(line)
    }

    /// The line for `state` at `position`, exactly the display's width.
    package func line(state: SessionState, position: Int64) -> String {
        let width = display.width
        if let answer, state.isRunning {
            return BrailleLine.layout(words: answer.words, progress: nil, width: width, cells: display.cells(in:))
        }
        switch state {
        case .idle:
            return BrailleLine.layout(words: [], progress: nil, width: width, cells: display.cells(in:))
        case .preparing:
            let left = secondsLeft(in: .leadIn, position: position)
            return BrailleLine.layout(
                words: [status(Message(.speechLeadIn), left), status(Message(.brailleLeadIn), left)],
                fallback: [status(Message(.brailleTinyLeadIn), left)],
                progress: progress(of: .leadIn, left: left), width: width, cells: display.cells(in:))
        case .active(let cycle, let index):
            let segment = Segment.phase(cycle: cycle, index: index)
            let left = secondsLeft(in: segment, position: position)
            return BrailleLine.layout(
                words: [status(phaseName(index), left), status(shortName(index), left)],
                fallback: [status(tinyName(index), left)],
                progress: progress(of: segment, left: left), width: width, cells: display.cells(in:))
        case .paused(let paused):
            let at = plan.start(of: paused.resume) + paused.elapsed
            let left = secondsLeft(in: paused.resume, position: at)
            let names: [Message] =
                if case .phase(_, let index) = paused.resume {
                    [phaseName(index), shortName(index), tinyName(index)]
                } else {
                    [Message(.speechLeadIn), Message(.brailleLeadIn), Message(.brailleTinyLeadIn)]
                }
            let forms: [(MessageKey, Message)] = [
                (.braillePaused, names[0]), (.braillePaused, names[1]), (.braillePausedShort, names[1]),
            ]
            func form(_ key: MessageKey, _ name: Message) -> String {
                localizer.string(Message(key, ["status": .text(status(name, left))]))
            }
            return BrailleLine.layout(
                words: forms.map(form), fallback: [form(.braillePausedTiny, names[2])],
                progress: progress(of: paused.resume, left: left), width: width,
                cells: display.cells(in:))
        case .completing(let summary), .completed(let summary):
            let ended: [Message] =
                summary.status == .completed
                ? [
                    Message(.brailleCompleted, ["cycles": .message(.cycles(summary.cyclesCompleted))]),
                    Message(.brailleCompletedShort, ["done": .integer(summary.cyclesCompleted)]),
                ]
                : [
                    Message(
                        .brailleStopped,
                        ["done": .integer(summary.cyclesCompleted), "cycles": .message(.cycles(plan.cycles))]),
                    Message(
                        .brailleStoppedShort,
                        ["done": .integer(summary.cyclesCompleted), "cycles": .integer(plan.cycles)]),
                    Message(
                        .brailleStoppedTiny,
                        ["done": .integer(summary.cyclesCompleted), "cycles": .integer(plan.cycles)]),
                ]
            return BrailleLine.layout(
                words: ended.map(localizer.string), progress: nil, width: width, cells: display.cells(in:))
        }
    }

    /// The first position after `position` where the line for `state` shows other seconds (or the answer ends): the
    /// next whole second before the segment's end, never its end (the boundary redraws the display itself).
    private func change(after state: SessionState, position: Int64) -> Int64? {
        let segment: Segment
        switch state {
        case .preparing: segment = .leadIn
        case .active(let cycle, let index): segment = .phase(cycle: cycle, index: index)
        case .idle, .paused, .completing, .completed: return nil
        }
        let left = secondsLeft(in: segment, position: position)
        let second = left > 1 ? plan.end(of: segment) - Int64(left - 1) * Int64(plan.sampleRate) : nil
        return [second, answer?.until].compactMap { $0 }.min()
    }

    /// An answer's sentence, and for the time left, shorter forms that fit a small display: "In 3, 0:09 left", the
    /// session's "0:09 left", and at least its clock "0:09" (the phase's seconds show again three seconds later).
    private func answerWords(_ line: Message, state: SessionState, position: Int64) -> [String] {
        let sentence = localizer.string(line)
        guard line.key == .lineTimeLeft else { return [sentence] }
        let segment: Segment
        let names: [Message]
        switch state {
        case .active(let cycle, let index):
            segment = .phase(cycle: cycle, index: index)
            names = [phaseName(index), shortName(index)]
        default:
            segment = .leadIn
            names = [Message(.speechLeadIn), Message(.brailleLeadIn)]
        }
        let rate = Int64(plan.sampleRate)
        let total = Int((max(0, plan.breathingEnd - position) + rate - 1) / rate)
        let clock = "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
        let left = secondsLeft(in: segment, position: position)
        return [sentence]
            + names.map {
                localizer.string(
                    Message(.brailleTimeLeft, ["status": .text(status($0, left)), "total": .text(clock)]))
            } + [localizer.string(Message(.brailleSessionLeft, ["total": .text(clock)])), clock]
    }

    private func status(_ name: Message, _ seconds: Int) -> String {
        localizer.string(Message(.brailleStatus, ["phase": .message(name), "seconds": .integer(seconds)]))
    }

    private func phaseName(_ index: Int) -> Message {
        .phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
    }

    private func shortName(_ index: Int) -> Message {
        switch plan.kind(ofPhase: index) {
        case .inhale: Message(.brailleInhale)
        case .hold: Message(.brailleHold)
        case .exhale: Message(.brailleExhale)
        case .rest: Message(.brailleRest)
        }
    }

    /// The phase's name in the fewest cells: with its seconds, in a pause too, within 12 cells.
    private func tinyName(_ index: Int) -> Message {
        switch plan.kind(ofPhase: index) {
        case .inhale: Message(.brailleTinyInhale)
        case .hold: Message(.brailleTinyHold)
        case .exhale: Message(.brailleTinyExhale)
        case .rest: Message(.brailleTinyRest)
        }
    }

    /// Whole seconds left in `segment` at `position`, rounded up: a phase of 3 seconds shows 3, 2, 1. A boundary is
    /// handed over just before its sample is heard: a position before the segment counts as its start.
    private func secondsLeft(in segment: Segment, position: Int64) -> Int {
        let left = max(0, plan.end(of: segment) - max(position, plan.start(of: segment)))
        let rate = Int64(plan.sampleRate)
        return Int((left + rate - 1) / rate)
    }

    private func progress(of segment: Segment, left: Int) -> BrailleLine.Progress {
        let rate = Int64(plan.sampleRate)
        let total = Int((plan.end(of: segment) - plan.start(of: segment) + rate - 1) / rate)
        return BrailleLine.Progress(done: total - left, total: total)
    }
}

extension SessionState {
    /// A phase or the lead-in runs: the timeline moves.
    fileprivate var isRunning: Bool {
        switch self {
        case .preparing, .active: true
        case .idle, .paused, .completing, .completed: false
        }
    }
}

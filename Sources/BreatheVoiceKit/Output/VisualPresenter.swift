import BreatheCore
import BreatheSystem

/// Visual mode: one status line, rewritten in place, with the phase, the seconds left, a progress bar and the cycle.
///
/// Every sentence (the introduction, the keys, each phase's instruction, pauses, the summary) is printed as a full line
/// above the status line, so a screen reader that reads new lines hears each one. The status line is rewritten only
/// when what it says changes (a new phase, or one second fewer left), never for the bar alone: a screen reader that
/// reads changed lines hears at most one a second. The cursor is hidden while the line is drawn; `Terminal` shows it
/// again and finishes the line on every way out.
struct VisualPresenter<Sink: TextSink>: SessionPresenter {
    package let plan: SessionPlan
    let localizer: Localizer
    var sink: Sink
    let color: Bool
    /// The terminal the line is drawn on (for the cursor and the width).
    package let descriptor: Int32
    private var drawn: String?
    /// What the drawn line says (its label and details, without the bar): the line is redrawn only when this changes.
    private var drawnWords: String?
    private var width: Int

    package init(plan: SessionPlan, localizer: Localizer, sink: Sink, color: Bool, descriptor: Int32 = 1) {
        self.plan = plan
        self.localizer = localizer
        self.sink = sink
        self.color = color
        self.descriptor = descriptor
        width = Terminal.columns(descriptor) ?? 80
    }

    /// Looks ten times a second whether the seconds left changed, so a new second shows promptly; most looks draw nothing.
    var refreshInterval: UInt64? { 100_000_000 }

    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        switch effect {
        case .announce(let announcement):
            clear()
            sink.write(PlainText.line(localizer.string(announcement.line)))
        case .finish:
            clear()
        case .enterSegment, .playTone, .startTimer, .cancelTimer, .seek, .markPause, .markResume, .save, .count:
            break
        }
    }

    mutating func endTransition(state: SessionState, position: Int64) {
        draw(state: state, position: position)
    }

    mutating func refresh(state: SessionState, position: Int64, resized: Bool) {
        if resized {
            width = Terminal.columns(descriptor) ?? width
            drawn = nil
            drawnWords = nil
        }
        draw(state: state, position: position)
    }

    /// The status line for a state, without escapes; nil when there is nothing to show (before and after breathing).
    func statusText(state: SessionState, position: Int64) -> (
        label: String, fraction: Double, details: String, kind: PhaseKind?
    )? {
        switch state {
        case .idle, .completing, .completed:
            return nil
        case .preparing:
            let left = secondsLeft(in: .leadIn, position: position)
            return (
                localizer.string(Message(.speechLeadIn)), fraction(of: .leadIn, position: position),
                localizer.string(Message(.statusLeadIn, ["seconds": .integer(left)])), nil
            )
        case .active(let cycle, let index):
            let segment = Segment.phase(cycle: cycle, index: index)
            let kind = plan.kind(ofPhase: index)
            return (
                localizer.string(.phaseName(kind, isRepeat: plan.pattern.isRepeat(at: index))),
                fraction(of: segment, position: position),
                details(segment: segment, cycle: cycle, position: position), kind
            )
        case .paused(let paused):
            let name: Message
            var cycleNumber: Int?
            switch paused.resume {
            case .phase(let cycle, let index):
                name = .phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
                cycleNumber = cycle
            case .leadIn, .closing:
                name = Message(.speechLeadIn)
            }
            let position = plan.start(of: paused.resume) + paused.elapsed
            let text =
                cycleNumber.map { details(segment: paused.resume, cycle: $0, position: position) }
                ?? localizer.string(
                    Message(.statusLeadIn, ["seconds": .integer(secondsLeft(in: paused.resume, position: position))]))
            return (
                localizer.string(Message(.statusPaused, ["phase": .message(name)])),
                fraction(of: paused.resume, position: position), text, nil
            )
        }
    }

    private func details(segment: Segment, cycle: Int, position: Int64) -> String {
        localizer.string(
            Message(
                .statusDetails,
                [
                    "seconds": .integer(secondsLeft(in: segment, position: position)),
                    "cycle": .integer(cycle), "cycles": .integer(plan.cycles),
                ]))
    }

    private func secondsLeft(in segment: Segment, position: Int64) -> Int {
        let left = max(0, plan.end(of: segment) - position)
        let rate = Int64(plan.sampleRate)
        return Int((left + rate - 1) / rate)
    }

    private func fraction(of segment: Segment, position: Int64) -> Double {
        let length = plan.end(of: segment) - plan.start(of: segment)
        guard length > 0 else { return 1 }
        return min(1, max(0, Double(position - plan.start(of: segment)) / Double(length)))
    }

    private mutating func draw(state: SessionState, position: Int64) {
        guard let status = statusText(state: state, position: position) else {
            clear()
            return
        }
        let words = status.label + "\n" + status.details
        guard words != drawnWords else { return }
        // Fit one line exactly: a wrapped line could not be rewritten in place.
        let fixed = status.label.count + status.details.count + 6
        let barWidth = max(0, min(30, width - 1 - fixed))
        let filled = Int((Double(barWidth) * status.fraction).rounded(.down))
        let bar =
            barWidth > 0
            ? " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "] "
            : "  "
        var plainLine = status.label + bar + status.details
        if plainLine.count > width - 1 { plainLine = String(plainLine.prefix(max(0, width - 1))) }
        var line = plainLine
        if color, barWidth > 0 {
            let tint = Self.colorCode(status.kind)
            line =
                "\u{1B}[1;\(tint)m" + status.label + "\u{1B}[0m" + " [\u{1B}[\(tint)m"
                + String(repeating: "#", count: filled)
                + "\u{1B}[2m" + String(repeating: "-", count: barWidth - filled) + "\u{1B}[0m] " + status.details
        }
        Terminal.hideCursor(descriptor)
        sink.write("\r\u{1B}[2K" + line)
        Terminal.statusLine(isOpen: true, on: descriptor)
        drawn = line
        drawnWords = words
    }

    /// Erases the status line so that a sentence (or the shell prompt) starts on a clean line.
    private mutating func clear() {
        guard drawn != nil else { return }
        sink.write("\r\u{1B}[2K")
        Terminal.statusLine(isOpen: false, on: descriptor)
        drawn = nil
        drawnWords = nil
    }

    /// A colour per phase, so that a glance tells them apart; paused and the lead-in are yellow.
    private static func colorCode(_ kind: PhaseKind?) -> Int {
        switch kind {
        case .inhale?: 36
        case .hold?: 35
        case .exhale?: 32
        case .rest?: 34
        case nil: 33
        }
    }
}

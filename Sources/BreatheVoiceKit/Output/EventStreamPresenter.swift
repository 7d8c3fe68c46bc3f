import BreatheCore
import BreatheSystem

/// `--events json`: one JSON object per line for each change of state, for status bars, braille-display scripts and
/// tests.
///
/// The schema (version 1) is documented in docs/user-guide.md, "At the terminal". Keys always appear, in a fixed order,
/// with null where they do not apply. Times are seconds with millisecond precision: `planned` is where the timeline was
/// meant to be at this change, `actual` where it was when the change was written (their difference is the lateness),
/// and `clock` the monotonic time since the session began, pauses included.
struct EventStreamPresenter<Sink: TextSink>: SessionPresenter {
    package let plan: SessionPlan
    let localizer: Localizer
    var sink: Sink
    /// True when the program's own voice speaks the phrases; otherwise `spoken` stays empty.
    let speaks: Bool
    private let clock: any SessionClock
    private let startNanos: UInt64

    private var lastState: SessionState?
    private var segment: Segment?
    private var planned: Int64?
    private var lines: [String] = []
    private var spoken: [String] = []
    private var tone: PhaseKind?
    private var reason: PauseReason?
    /// The deadline of the timer left running by the last transition: when a transition does not cancel it, that
    /// timer is what brought it about, and its deadline is when the change was planned.
    private var runningTimer: Int64?
    private var timerCancelled = false
    private var startedTimer: Int64?
    /// A count (`--count`) was presented: it gets a record of its own, though the state stays as it was.
    private var counted = false

    /// True when the counts (`--count`) are spoken too: eSpeak NG says them, speech-dispatcher does not.
    let speaksCounts: Bool

    package init(
        plan: SessionPlan, localizer: Localizer, sink: Sink, speaks: Bool, speaksCounts: Bool? = nil,
        clock: any SessionClock
    ) {
        self.speaksCounts = speaksCounts ?? speaks
        self.plan = plan
        self.localizer = localizer
        self.sink = sink
        self.speaks = speaks
        self.clock = clock
        startNanos = clock.now()
    }

    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        switch effect {
        case .enterSegment(let entered):
            segment = entered
            // A stop's closing words begin where the stop was (the seek before), not where the plan would have ended.
            if case .closing = entered, planned != nil { break }
            planned = plan.start(of: entered)
        case .announce(let announcement):
            lines.append(localizer.string(announcement.line))
            if speaks, let speech = announcement.speech { spoken.append(localizer.string(speech)) }
        case .playTone(let kind):
            tone = kind
        case .markPause(let why):
            reason = why
            planned = position
        case .seek(let target):
            planned = target
        case .cancelTimer:
            timerCancelled = true
        case .finish:
            if !timerCancelled, planned == nil { planned = runningTimer }
        case .startTimer(let deadline, _):
            startedTimer = deadline
        case .count(let number):
            counted = true
            lines.append(localizer.string(Message(.lineCount, ["n": .integer(number)])))
            if speaksCounts { spoken.append(localizer.string(SpokenPhrases.count(number))) }
            planned = position
        case .markResume, .save:
            break
        }
    }

    mutating func endTransition(state: SessionState, position: Int64) {
        defer {
            if let startedTimer { runningTimer = startedTimer } else if timerCancelled { runningTimer = nil }
            startedTimer = nil
            timerCancelled = false
            lines = []
            spoken = []
            tone = nil
            reason = nil
            planned = nil
            counted = false
        }
        guard state != lastState || counted else { return }
        lastState = state
        var phase: PhaseKind?
        var cycle: Int?
        var index: Int?
        switch state {
        case .active(let activeCycle, let activeIndex):
            (cycle, index, phase) = (activeCycle, activeIndex, plan.kind(ofPhase: activeIndex))
            segment = .phase(cycle: activeCycle, index: activeIndex)
        case .paused(let paused):
            segment = paused.resume
            reason = paused.reason
            if case .phase(let pausedCycle, let pausedIndex) = paused.resume {
                (cycle, index, phase) = (pausedCycle, pausedIndex, plan.kind(ofPhase: pausedIndex))
            }
        case .preparing: segment = .leadIn
        case .completing, .completed: segment = .closing
        case .idle: segment = nil
        }
        let status: SessionStatus? =
            switch state {
            case .completing(let summary), .completed(let summary): summary.status
            case .idle, .preparing, .active, .paused: nil
            }
        var object = JSONObject()
        object.add("version", .number(1))
        object.add("state", .string(state.name))
        object.add("segment", segment.map { .string(Self.name(of: $0)) } ?? .null)
        object.add("phase", phase.map { .string($0.rawValue) } ?? .null)
        object.add("phaseIndex", index.map { .number(Double($0)) } ?? .null)
        object.add("cycle", cycle.map { .number(Double($0)) } ?? .null)
        object.add("cycles", .number(Double(plan.cycles)))
        object.add("planned", .seconds(planned ?? position, rate: plan.sampleRate))
        object.add("actual", .seconds(position, rate: plan.sampleRate))
        object.add("clock", .number(Double((clock.now() &- startNanos) / 1_000_000) / 1000))
        object.add("segmentEnd", segment.map { .seconds(plan.end(of: $0), rate: plan.sampleRate) } ?? .null)
        object.add("tone", tone.map { .string($0.rawValue) } ?? .null)
        object.add("lines", .array(lines.map(EventJSON.string)))
        object.add("spoken", .array(spoken.map(EventJSON.string)))
        object.add("reason", reason.map { .string($0.rawValue) } ?? .null)
        object.add("status", status.map { .string($0.rawValue) } ?? .null)
        sink.write(object.text + "\n")
    }

    static func name(of segment: Segment) -> String {
        switch segment {
        case .leadIn: "leadIn"
        case .phase: "phase"
        case .closing: "closing"
        }
    }
}

/// A JSON value, written by hand so that keys keep their order and no encoder is loaded.
/// A value in the event stream, written compactly (Core's JSONValue keeps source positions this does not need).
package enum EventJSON {
    case null
    case number(Double)
    case string(String)
    case array([EventJSON])

    static func seconds(_ samples: Int64, rate: Int) -> EventJSON {
        .number(Double((samples * 1000 + Int64(rate) / 2) / Int64(rate)) / 1000)
    }

    package var text: String {
        switch self {
        case .null: return "null"
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .string(let value): return EventJSON.quote(value)
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        }
    }

    static func quote(_ text: String) -> String {
        var result = ""
        JSONWriter.quote(text, into: &result)
        return result
    }
}

/// An object whose keys come out in the order they were added.
struct JSONObject {
    private var members: [(String, EventJSON)] = []

    package mutating func add(_ key: String, _ value: EventJSON) {
        members.append((key, value))
    }

    package var text: String {
        "{" + members.map { EventJSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
}

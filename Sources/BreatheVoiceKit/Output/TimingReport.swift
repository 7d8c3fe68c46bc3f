import BreatheCore
import BreatheSystem

/// `--timing-report`: how late each cue came out, planned position against the moment it was actually played.
///
/// It is fed (planned, actual) pairs of timeline positions. The text runner's "played" is when the line was emitted on
/// the monotonic clock, which reaches presenters as the position of the cue's effects; an audio runner passes the
/// position the sink reported playing instead. At the end it prints one line per cue, then the maximum and the median.
struct TimingReport<Sink: TextSink>: SessionPresenter {
    package let plan: SessionPlan
    let localizer: Localizer
    var sink: Sink
    /// Each cue: its segment, where it was planned and where it was played, in samples.
    private(set) var cues: [(segment: Segment, planned: Int64, actual: Int64)] = []
    /// How each phase's cue was laid out, by its planned sample: a tone left out, a word late or left out.
    private var placements: [Int64: CuePlacement] = [:]
    /// Who spoke the phrases (nil: nobody), said in the report's last line.
    var spokenBy: SpeechBackend?

    package init(plan: SessionPlan, localizer: Localizer, sink: Sink, spokenBy: SpeechBackend? = nil) {
        self.plan = plan
        self.localizer = localizer
        self.sink = sink
        self.spokenBy = spokenBy
    }

    /// Records one cue.
    mutating func record(_ segment: Segment, planned: Int64, actual: Int64) {
        cues.append((segment, planned, actual))
    }

    mutating func cuePlaced(_ cue: CuePlacement) {
        placements[cue.planned] = cue
    }

    /// A word that starts more than half a second after its boundary is late: the listener hears it in the phase's
    /// middle, not as its start.
    private var lateWordSamples: Int64 { Int64(plan.sampleRate) / 2 }

    /// What went wrong with a cue's sound, one sentence each: its tone left out, its word late or left out.
    private func problems(_ cue: Message, planned: Int64) -> [Message] {
        guard let placement = placements[planned] else { return [] }
        var result: [Message] = []
        if placement.toneLeftOut { result.append(Message(.timingToneLeftOut, ["cue": .message(cue)])) }
        if placement.wordLeftOut {
            result.append(Message(.timingWordLeftOut, ["cue": .message(cue)]))
        } else if let delay = placement.wordDelay, delay > lateWordSamples {
            let tenths = Int(delay * 10_000 / Int64(plan.sampleRate))
            result.append(Message(.timingWordLate, ["cue": .message(cue), "late": .tenths(tenths)]))
        }
        return result
    }

    mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        switch effect {
        case .enterSegment(let segment):
            // Each phase's cue (tone and line) is due at the phase's start; after a skip that is where the seek landed.
            if case .phase = segment { record(segment, planned: plan.start(of: segment), actual: position) }
        case .finish:
            sink.write(text)
        case .announce, .playTone, .startTimer, .cancelTimer, .seek, .markPause, .markResume, .save, .count:
            break
        }
    }

    /// Lateness in tenths of a millisecond; never negative (a cue is never early on a monotonic clock).
    private func lateness(_ cue: (segment: Segment, planned: Int64, actual: Int64)) -> Int {
        Int(max(0, cue.actual - cue.planned) * 10_000 / Int64(plan.sampleRate))
    }

    /// The whole report, one sentence per line.
    package var text: String {
        let backendKey: MessageKey =
            switch spokenBy {
            case .espeak: .timingSpeechEspeak
            case .speechd: .timingSpeechSpeechd
            case nil: .timingSpeechNone
            }
        let backend = PlainText.line(localizer.string(Message(backendKey)))
        guard !cues.isEmpty else { return PlainText.line(localizer.string(Message(.timingNone))) + backend }
        var result = PlainText.line(localizer.string(Message(.timingHeader)))
        var tonesLeftOut = 0
        var wordsMissed = 0
        for cue in cues {
            guard case .phase(let cycle, let index) = cue.segment else { continue }
            let name = Message.phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
            let plannedTenths = Int(cue.planned * 10 / Int64(plan.sampleRate))
            let label = Message(.timingCue, ["cycle": .integer(cycle), "phase": .message(name)])
            result += PlainText.line(
                localizer.string(
                    Message(
                        .timingRow,
                        ["cue": .message(label), "planned": .tenths(plannedTenths), "late": .tenths(lateness(cue))])))
            for problem in problems(label, planned: cue.planned) {
                if problem.key == .timingToneLeftOut { tonesLeftOut += 1 } else { wordsMissed += 1 }
                result += PlainText.line(localizer.string(problem))
            }
        }
        let sorted = cues.map(lateness).sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        result += PlainText.line(
            localizer.string(
                Message(
                    .timingSummary,
                    [
                        "n": .integer(cues.count), "max": .tenths(sorted.last ?? 0), "median": .tenths(median),
                    ])))
        if tonesLeftOut + wordsMissed > 0 {
            result += PlainText.line(
                localizer.string(
                    Message(.timingMissed, ["tones": .integer(tonesLeftOut), "words": .integer(wordsMissed)])))
        }
        return result + backend
    }
}

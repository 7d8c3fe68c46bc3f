import BreatheCore

/// `--timing-report`: how late each cue came out, planned position against the moment it was actually played.
///
/// It is fed (planned, actual) pairs of timeline positions. The text runner's "played" is when the line was emitted on
/// the monotonic clock, which reaches presenters as the position of the cue's effects; an audio runner passes the
/// position the sink reported playing instead. At the end it prints one line per cue, then the maximum and the median.
package struct TimingReport<Sink: TextSink>: SessionPresenter {
    package let plan: SessionPlan
    package let localizer: Localizer
    package var sink: Sink
    /// Each cue: its segment, where it was planned and where it was played, in samples.
    package private(set) var cues: [(segment: Segment, planned: Int64, actual: Int64)] = []
    /// Who spoke the phrases (nil: nobody), said in the report's last line.
    package var spokenBy: SpeechBackend?

    package init(plan: SessionPlan, localizer: Localizer, sink: Sink, spokenBy: SpeechBackend? = nil) {
        self.plan = plan
        self.localizer = localizer
        self.sink = sink
        self.spokenBy = spokenBy
    }

    /// Records one cue.
    package mutating func record(_ segment: Segment, planned: Int64, actual: Int64) {
        cues.append((segment, planned, actual))
    }

    package mutating func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
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
        for cue in cues {
            guard case .phase(let cycle, let index) = cue.segment else { continue }
            let name = Message.phaseName(plan.kind(ofPhase: index), isRepeat: plan.pattern.isRepeat(at: index))
            let plannedTenths = Int(cue.planned * 10 / Int64(plan.sampleRate))
            result += PlainText.line(
                localizer.string(
                    Message(
                        .timingRow,
                        [
                            "cue": .message(Message(.timingCue, ["cycle": .integer(cycle), "phase": .message(name)])),
                            "planned": .tenths(plannedTenths),
                            "late": .tenths(lateness(cue)),
                        ])))
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
        return result + backend
    }
}

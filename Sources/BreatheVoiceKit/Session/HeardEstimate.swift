/// When a timeline sample is heard: the one estimate of it, from the sink's reports, that the pacer and every presenter
/// go by.
///
/// `bounded(_:now:)` takes a live sink's report (the position written less the latency it reports) and holds back one
/// the clock says cannot be true yet (`LivePacer.heard()`). `record(heard:at:)` keeps the latest: which timeline sample
/// was heard, and when on the session's clock; from it, `heardNanos(of:)` says when any sample is heard. For
/// `--timing-report`, a cue's played position is the moment its sample is heard against the moment timeline sample 0
/// would have been heard: the origin, fixed by the first cue after the start, a resume or a skip. Without a report
/// (a file, a pause) a cue is played where it was planned.

struct HeardEstimate {
    package let sampleRate: Int
    /// The sink's latest report: the timeline sample it was playing, and when (ns on the runner's clock).
    private(set) var report: (heard: Int64, nanos: UInt64)?
    /// When timeline sample 0 would have been heard (ns on the runner's clock); nil until a cue fixes it.
    private(set) var origin: Int64?
    /// The heard position a live sink last reported believably, and the clock then; forgotten where the timeline jumps
    /// or starts again (a skip, a rewind, a flush, a pause, a lost or new connection).
    private var anchor: (heard: Int64, at: UInt64)?

    package init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// The heard position a live sink reports (`reported`, at `now` on the clock), but never further on than the clock
    /// allows since the latest believable report: 2 % faster (a device's clock that runs fast), and 20 ms (a server
    /// that reports in quanta). A tenth faster let a server that lags under load (its interpolated reports running on
    /// while it plays late) release a phase's line 0.5 s before its tone over 5 s of such reports.
    /// Sound is not heard faster than it plays, so a report that says otherwise (stale or over-interpolated timing
    /// under load, a second short) cannot release a phase, its line and speech-dispatcher's phrase, before its tone.
    mutating func bounded(_ reported: Int64, now: UInt64) -> Int64 {
        let rate = Int64(sampleRate)
        if let anchor, reported > anchor.heard {
            let elapsed = Int64(min(now >= anchor.at ? now - anchor.at : 0, 60_000_000_000))
            let limit = anchor.heard + elapsed / 1000 * rate * 51 / 50 / 1_000_000 + rate / 50
            // Held back: the anchor stays where the reports were last believable.
            if reported > limit { return limit }
        }
        anchor = (reported, now)
        return reported
    }

    /// The timeline jumped or starts again: the next report is believed as it is.
    mutating func forgetAnchor() {
        anchor = nil
    }

    /// A line is printed when it is handed over, not ahead of time: nothing is heard before the report (text only).
    private(set) var printed = false

    /// The sink was playing timeline sample `heard` at `nanos`. `printed`: the "sink" is the clock of a text-only
    /// session, and a line handed over now is heard now, however early its sample.
    mutating func record(heard: Int64, at nanos: UInt64, printed: Bool = false) {
        report = (heard, nanos)
        self.printed = printed
    }

    /// No report stands (a file, or everything released at once): cues are played where they were planned.
    mutating func forgetReport() {
        report = nil
    }

    /// The timeline jumped or stood still (a skip, a pause): the next cue fixes the origin again.
    mutating func forgetOrigin() {
        origin = nil
    }

    /// Fixes the origin from a cue planned at `planned`, heard when the latest report says, if none is fixed yet.
    mutating func fixOrigin(forCueAt planned: Int64) {
        guard origin == nil, let heardNanos = heardNanos(of: planned) else { return }
        origin = Self.origin(heardNanos: heardNanos, planned: planned, sampleRate: sampleRate)
    }

    /// Where on the session clock a cue planned at `planned` is played: the moment its sample is heard, by the latest
    /// report, against the origin (the one this cue would fix, while none is fixed). Without a report, `planned`.
    func playedPosition(of planned: Int64) -> Int64 {
        guard let heardNanos = heardNanos(of: planned) else { return planned }
        let rate = Int64(sampleRate)
        let origin = origin ?? Self.origin(heardNanos: heardNanos, planned: planned, sampleRate: sampleRate)
        return (heardNanos - origin) * rate / 1_000_000_000
    }

    /// When the sample at `planned` is heard, by the latest report (nil: no report).
    func heardNanos(of planned: Int64) -> Int64? {
        guard let report else { return nil }
        let heard = Int64(report.nanos) + (planned - report.heard) * 1_000_000_000 / Int64(sampleRate)
        return printed ? max(heard, Int64(report.nanos)) : heard
    }

    /// Before the clock's zero when the timeline jumped ahead of it (a skip early on a clock that starts near zero).
    private static func origin(heardNanos: Int64, planned: Int64, sampleRate: Int) -> Int64 {
        heardNanos - planned * 1_000_000_000 / Int64(sampleRate)
    }
}

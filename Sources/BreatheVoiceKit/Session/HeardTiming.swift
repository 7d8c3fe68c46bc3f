/// `--timing-report` with sound: where on the session clock each cue was actually heard, by the sink's own reports.
///
/// The runner records the sink's latest report (which timeline sample it was playing, and when on the runner's clock).
/// A cue's played position is the moment its sample is heard, from that report, against the moment timeline sample 0
/// would have been heard: the origin, fixed by the first cue after the start, a resume or a skip. Without a report
/// (a file, a pause) a cue is played where it was planned.
struct HeardTiming {
    let sampleRate: Int
    /// The sink's latest report: the timeline sample it was playing, and when (ns on the runner's clock).
    private(set) var report: (heard: Int64, nanos: UInt64)?
    /// When timeline sample 0 would have been heard (ns on the runner's clock); nil until a cue fixes it.
    private(set) var origin: Int64?

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
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
    private func heardNanos(of planned: Int64) -> Int64? {
        guard let report else { return nil }
        let heard = Int64(report.nanos) + (planned - report.heard) * 1_000_000_000 / Int64(sampleRate)
        return printed ? max(heard, Int64(report.nanos)) : heard
    }

    /// Before the clock's zero when the timeline jumped ahead of it (a skip early on a clock that starts near zero).
    private static func origin(heardNanos: Int64, planned: Int64, sampleRate: Int) -> Int64 {
        heardNanos - planned * 1_000_000_000 / Int64(sampleRate)
    }
}

/// Which of the samples sent to the sound server has been heard, from its timing reports. Samples are the session's
/// (22 050 Hz); times are nanoseconds on the session's clock.
///
/// A report lags the truth by up to one period of the server's (PipeWire reports in quanta of up to 43 ms), never
/// leads it (its latency is read as `latency(writeIndex:…)` reads it, not as libpulse gives it): what is heard now is
/// the furthest of the latest reports carried forward at the clock's pace. Before the first report after a connection
/// or a flush, the latency of libpulse's latest timing information is used, or, while it has none, the last one it
/// gave, carried forward.
struct PulseHeardPosition {
    private let sampleRate: Int64
    /// The latest latency libpulse gave (or 0 after a flush), with the samples sent and the time then.
    private var lastReport: (latency: Int64, sent: Int64, nanos: UInt64)
    /// The latest timing reports since the last flush: the sample heard then, and when.
    private var reports: [(heard: Int64, nanos: UInt64)] = []
    /// Samples heard by the latest estimate taken while the server answered in time.
    private(set) var heardOnTime: Int64 = 0

    package init(sampleRate: Int, now: UInt64) {
        self.sampleRate = Int64(sampleRate)
        lastReport = (0, 0, now)
    }

    /// A flush at `now`: everything sent before `sent` is dropped, and the reports with it.
    mutating func restart(sent: Int64, now: UInt64) {
        lastReport = (0, sent, now)
        reports.removeAll()
    }

    /// A timing report that arrived at `arrived`: the server's latency then, for the `sent` samples.
    mutating func record(latency: Int64, sent: Int64, arrived: UInt64, now: UInt64) {
        reports.append((sent - latency, arrived))
        // Twenty seconds at most: a device's clock that runs 50 ppm slow strays 1 ms in that time.
        reports.removeAll { now - $0.nanos > 20_000_000_000 }
        if reports.count > 8 { reports.removeFirst(reports.count - 8) }
    }

    /// The samples of the `sent` ones not heard yet at `now`. `interpolated` is the latency of libpulse's timing
    /// information (nil while it has none), asked only when no report has come since the last restart.
    mutating func latency(sent: Int64, now: UInt64, interpolated: () -> Int64?) -> Int64 {
        let latency: Int64
        if reports.isEmpty {
            if let given = interpolated() {
                lastReport = (given, sent, now)
                latency = given
            } else {
                let played = Int64((now - lastReport.nanos) / 1_000_000) * sampleRate / 1000
                latency = max(0, lastReport.latency + sent - lastReport.sent - played)
            }
        } else {
            let rate = sampleRate
            let furthest = reports.map { $0.heard + Int64((now - $0.nanos) / 1000) * rate / 1_000_000 }.max() ?? 0
            latency = max(0, sent - furthest)
        }
        heardOnTime = sent - latency
        return latency
    }

    /// The latency a timing report gives, in samples at `sampleRate`: what was written and not yet read by the sink
    /// (`writeIndex` − `readIndex`, bytes of 16-bit mono at `streamRate`), plus what the sink holds (`sinkMicroseconds`),
    /// less the report's time on its way (`transportMicroseconds`); never below 0.
    ///
    /// Not `pa_stream_get_latency`: libpulse never lets the stream's time go below 0 nor back, so while the sink holds
    /// more than our stream has given it (right after it starts, on a sink whose latency was long; or when another
    /// stream leaves, and the sink's latency grows again) its latency is short by the difference, and that report would
    /// count as heard what is not: 1.05 s early, seen beside speech-dispatcher on a null sink whose first latency was
    /// 1.2 s.
    static func latency(
        writeIndex: Int64, readIndex: Int64, sinkMicroseconds: UInt64, transportMicroseconds: UInt64,
        streamRate: Int, sampleRate: Int
    ) -> Int64 {
        let queued = (writeIndex - readIndex) / 2 * Int64(sampleRate) / Int64(max(1, streamRate))
        let device =
            (Int64(clamping: sinkMicroseconds) - Int64(clamping: transportMicroseconds)) * Int64(sampleRate) / 1_000_000
        return max(0, queued + device)
    }
}

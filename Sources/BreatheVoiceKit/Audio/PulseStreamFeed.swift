import BreatheCore

/// The session's samples on their way to the playback stream: converted to the stream's rate when it has its own
/// (`RateConverter`), and handed over a few thousand samples at a time, each piece held only until it is sent.
///
/// Larger pieces were tried, to wake the server less often: a phase sent as 64 KiB blocks (under libpulse's largest
/// frame). On PulseAudio 16, a block that long is still being played when another stream starts on the sink (the
/// speech-dispatcher's, at each phrase): the sink rewinds, and our stream's heard position fell back by up to 0.9 s,
/// so the next phase was written that much late (`FrozenSpeechServerTests`; blocks of 8 192 samples at 22 050 Hz were
/// safe, 16 384 not). Pieces of 4 096 of our samples (0.19 s) are what every session played before.
struct PulseStreamFeed {
    /// Samples of ours handed over at a time (0.19 s).
    static let pieceSamples = 4096
    private var converter: RateConverter?
    /// A converted piece, until it is handed over (kept for its capacity).
    private var staging: [Int16] = []
    /// Samples written since the stream was opened (the session's, before any conversion).
    private(set) var written: Int64 = 0
    /// `written` when the converter last started afresh (the stream opened, or flushed).
    private var convertedFrom: Int64 = 0

    /// Samples at `inputRate` for a stream at `streamRate`.
    init(inputRate: Int, streamRate: Int) {
        if streamRate != inputRate, streamRate > 0 { converter = RateConverter(from: inputRate, to: streamRate) }
    }

    /// The samples written whose sound has been handed over: all of them, but for those the converter holds (the few
    /// each converted sample needs after its time).
    var sent: Int64 {
        guard let converter else { return written }
        return convertedFrom + converter.outputTime(converter.produced)
    }

    /// Hands `samples` over, converted, a piece at a time.
    mutating func feed(
        _ samples: ArraySlice<Int16>, to send: (ArraySlice<Int16>) throws(BreatheError) -> Void
    ) throws(BreatheError) {
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + Self.pieceSamples)
            if converter == nil {
                try send(samples[start..<end])
            } else {
                staging.removeAll(keepingCapacity: true)
                samples[start..<end].withUnsafeBufferPointer { converter!.convert($0, into: &staging) }
                try send(staging[...])
            }
            written += Int64(end - start)
            start = end
        }
    }

    /// Hands over what the converter holds, the input's end taken as silence: everything written is then on its way.
    mutating func finish(to send: (ArraySlice<Int16>) throws(BreatheError) -> Void) throws(BreatheError) {
        guard converter != nil else { return }
        staging.removeAll(keepingCapacity: true)
        converter!.finish(into: &staging)
        if !staging.isEmpty { try send(staging[...]) }
    }

    /// What was queued is dropped (a flush): the converter starts afresh with the next sample written.
    mutating func restart() {
        converter?.reset()
        convertedFrom = written
    }

    /// Samples of ours that fill `bytes` of the stream's room, rounded up: the server's room is in its own samples,
    /// and any room at all is room for one of ours (a few samples more than asked are taken as well; none at all would
    /// leave a writer waiting for room it has).
    func samples(forBytes bytes: Int) -> Int {
        guard bytes > 0 else { return 0 }
        guard let converter else { return bytes / 2 }
        let input = Int64(converter.inputRate)
        let output = Int64(converter.outputRate)
        return Int((Int64(bytes / 2) * input + output - 1) / output)
    }
}

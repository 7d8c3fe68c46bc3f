import BreatheCore

/// The session's samples on their way to the playback stream: converted to the stream's rate when it has its own
/// (`RateConverter`), and handed over in blocks of at most `blockSamples`.
///
/// Each block is one frame on the connection: libpulse splits a block larger than the largest block of its memory pool
/// (64 KiB less the block's header) into frames of that size, and sends every frame as a message of its own, each
/// of which wakes the server. A phase written as a few large blocks wakes it a few times; the same phase in blocks of
/// 4 096 samples woke it 17 times (and the session as often, when the server took the CPU it ran on).
struct PulseStreamFeed {
    /// 65 280 bytes of 16-bit samples: under the pool's largest block.
    static let blockSamples = 32_640
    /// Input samples converted at a time: the staging buffer stays under two blocks.
    private static let pieceSamples = 4096
    private var converter: RateConverter?
    /// Converted samples not handed over yet (kept for its capacity).
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

    /// Hands `samples` over, converted, in blocks of at most `blockSamples` (at the stream's rate).
    mutating func feed(
        _ samples: ArraySlice<Int16>, to send: (ArraySlice<Int16>) throws(BreatheError) -> Void
    ) throws(BreatheError) {
        guard !samples.isEmpty else { return }
        defer { written += Int64(samples.count) }
        guard converter != nil else {
            var start = samples.startIndex
            while start < samples.endIndex {
                let end = min(samples.endIndex, start + Self.blockSamples)
                try send(samples[start..<end])
                start = end
            }
            return
        }
        staging.removeAll(keepingCapacity: true)
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + Self.pieceSamples)
            samples[start..<end].withUnsafeBufferPointer { converter!.convert($0, into: &staging) }
            start = end
            if staging.count >= Self.blockSamples {
                try send(staging[0..<Self.blockSamples])
                staging.removeFirst(Self.blockSamples)
            }
        }
        try send(staging[...])
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

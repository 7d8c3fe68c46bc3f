import BreatheCore

/// The session's samples on their way to the playback stream: converted to the stream's rate when it has its own
/// (`RateConverter`), gathered into blocks as large as libpulse sends at once, and handed over before the session
/// sleeps.
///
/// The stream runs at the rate of what plays it (`PA_STREAM_FIX_RATE`: the sink's on PulseAudio, the graph's on
/// PipeWire, 48 kHz by default), so the conversion is ours: a server that converted it itself would do so on each of
/// its periods, silence included (measured on PipeWire, beside a recorder on the sink's monitor: our 22 050 Hz stream
/// raised the server's CPU by 0.14 % of a core over idle, a 48 kHz one by 0.07 %).
///
/// Every block costs the session a wake-up or two (issue 52): the server wakes as each block's two writes arrive (the
/// session's connection shares no memory with it, `LivePulseLibrary.newContext`), and takes the processor from the
/// session to read them. The runner writes a quarter of a second at a time, so its writes are gathered here
/// (`outgoing`) into blocks of `blockBytes`, under libpulse's largest, and what waits goes before the session sleeps
/// (`handOver`), or at once for the first write after the stream opened or was flushed (so that a key is heard at
/// once). The room the server offers counts what waits (`samples(forBytes:)`).
///
/// Silence is not sent at all where the server plays what it was not sent as silence (`skipsSilence`, from
/// `PulseJumps`): a silence at least a block long becomes a jump forward in the stream (a relative seek) carried by the
/// next sound, or, before the session sleeps, by its own last sample (a write of nothing carries no jump), so that the
/// server's queue never ends before the time written. Most of a session is silence between cues.
package struct PulseStreamFeed {
    /// Samples of ours converted at a time (0.19 s).
    static let pieceSamples = 4096
    /// The most bytes handed over in one block: under libpulse's largest (`pa_mempool_block_size_max`, a 64 KiB slot
    /// less its header), so that libpulse never splits one (0.67 s at 48 kHz).
    static let blockBytes = 64_000
    /// Hands a block over to the stream, at the stream's rate, after a jump over that many samples of silence.
    package typealias Send = (ArraySlice<Int16>, _ jump: Int) throws(BreatheError) -> Void
    private var converter: RateConverter?
    /// The most samples at the stream's rate handed over at once.
    private let blockSamples = PulseStreamFeed.blockBytes / 2
    /// Whether the first write since the stream opened or was flushed was handed over.
    private var primed = false
    /// A converted piece, until it is gathered (kept for its capacity).
    private var staging: [Int16] = []
    /// Samples at the stream's rate not handed over yet.
    private var outgoing: [Int16] = []
    /// Whether silence goes as a jump rather than as samples (the server plays a jump as silence).
    var skipsSilence = false
    /// The jump before `outgoing`.
    private var jump = 0
    /// Silence after `outgoing`, not handed over yet: a jump if it is long enough when sound (or the write's end) comes.
    private var silence = 0
    /// Samples written since the stream was opened (the session's, before any conversion).
    private(set) var written: Int64 = 0
    /// `written` when the converter last started afresh (the stream opened, or flushed).
    private var convertedFrom: Int64 = 0

    /// Samples at `inputRate` for a stream at `streamRate`.
    package init(inputRate: Int, streamRate: Int) {
        if streamRate != inputRate, streamRate > 0 { converter = RateConverter(from: inputRate, to: streamRate) }
    }

    /// Samples at the stream's rate that wait to be handed over.
    var waiting: Int { outgoing.count + silence }

    /// The shortest silence sent as a jump: a block. A shorter one cut out of sound would split one block into two.
    var shortestJump: Int { blockSamples }

    /// The samples written whose sound has been handed over: all of them, but for those the converter holds (the few
    /// each converted sample needs after its time) and those that wait.
    var sent: Int64 {
        guard let converter else { return written - Int64(waiting) }
        return convertedFrom + converter.outputTime(converter.produced - Int64(waiting))
    }

    /// Gathers `samples`, converted, handing over each block as it fills; the rest waits (`handOver`), but for the
    /// first write since the stream opened or was flushed, which goes at once.
    mutating func feed(_ samples: ArraySlice<Int16>, to send: Send) throws(BreatheError) {
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + Self.pieceSamples)
            if converter == nil {
                try gather(samples[start..<end], to: send)
            } else {
                staging.removeAll(keepingCapacity: true)
                samples[start..<end].withUnsafeBufferPointer { converter!.convert($0, into: &staging) }
                try gather(staging[...], to: send)
            }
            written += Int64(end - start)
            start = end
        }
        if !primed {
            primed = true
            try handOver(to: send)
        }
    }

    /// Hands over what waits, and what the converter holds, the input's end taken as silence: everything written is
    /// then on its way.
    package mutating func finish(to send: Send) throws(BreatheError) {
        if converter != nil {
            staging.removeAll(keepingCapacity: true)
            converter!.finish(into: &staging)
            try gather(staging[...], to: send)
        }
        try handOver(to: send)
    }

    /// Hands over what waits: before the session sleeps, so that the server's queue holds all the time written.
    /// A long silence at the end goes as a jump carried by its own last sample (a write of nothing carries no jump).
    mutating func handOver(to send: Send) throws(BreatheError) {
        if silence >= shortestJump || (skipsSilence && outgoing.isEmpty && silence > 0) {
            try handOverOutgoing(to: send)
            jump += silence - 1
            outgoing.append(0)
        } else if silence > 0 {
            try appendSilence(silence, to: send)
        }
        silence = 0
        try handOverOutgoing(to: send)
    }

    private mutating func handOverOutgoing(to send: Send) throws(BreatheError) {
        guard !outgoing.isEmpty else { return }
        try send(outgoing[...], jump)
        jump = 0
        outgoing.removeAll(keepingCapacity: true)
    }

    /// What was queued is dropped (a flush), what waits with it: the converter starts afresh with the next sample
    /// written, and the next write goes at once.
    mutating func restart() {
        converter?.reset()
        convertedFrom = written
        primed = false
        outgoing.removeAll(keepingCapacity: true)
        jump = 0
        silence = 0
    }

    /// Samples of ours that fill `bytes` of the stream's room, less what waits, rounded up: the server's room is in its
    /// own samples, and any room at all is room for one of ours (a few samples more than asked are taken as well; none
    /// at all would leave a writer waiting for room it has).
    package func samples(forBytes offered: Int) -> Int {
        let bytes = offered - waiting * 2
        guard bytes > 0 else { return 0 }
        guard let converter else { return bytes / 2 }
        let input = Int64(converter.inputRate)
        let output = Int64(converter.outputRate)
        return Int((Int64(bytes / 2) * input + output - 1) / output)
    }

    /// Adds samples at the stream's rate to what waits, handing each block over as it fills; when skipping silence,
    /// its silences and its sound apart.
    private mutating func gather(_ samples: ArraySlice<Int16>, to send: Send) throws(BreatheError) {
        guard skipsSilence else { return try append(samples, to: send) }
        var index = samples.startIndex
        while index < samples.endIndex {
            if samples[index] == 0 {
                let end = samples[index...].firstIndex { $0 != 0 } ?? samples.endIndex
                silence += end - index
                index = end
            } else {
                let end = samples[index...].firstIndex(of: 0) ?? samples.endIndex
                // The silence before this sound: a jump when it is long enough or nothing waits before it (a block
                // begins with it then, so no block is split), else samples.
                if silence >= shortestJump || (outgoing.isEmpty && silence > 0) {
                    try handOverOutgoing(to: send)
                    jump += silence
                } else if silence > 0 {
                    try appendSilence(silence, to: send)
                }
                silence = 0
                try append(samples[index..<end], to: send)
                index = end
            }
        }
    }

    private mutating func append(_ samples: ArraySlice<Int16>, to send: Send) throws(BreatheError) {
        var rest = samples
        while !rest.isEmpty {
            let taken = rest.prefix(blockSamples - outgoing.count)
            outgoing.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            if outgoing.count == blockSamples { try handOverOutgoing(to: send) }
        }
    }

    private mutating func appendSilence(_ count: Int, to send: Send) throws(BreatheError) {
        var left = count
        while left > 0 {
            let taken = min(left, blockSamples - outgoing.count)
            outgoing.append(contentsOf: repeatElement(0, count: taken))
            left -= taken
            if outgoing.count == blockSamples { try handOverOutgoing(to: send) }
        }
    }
}

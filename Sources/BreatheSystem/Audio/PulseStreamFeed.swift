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
/// Silence is not sent at all where the server plays what it was not sent as silence (`jumps`, from `PulseJumps`): a
/// silence at least a block long becomes a jump forward in the stream (a relative seek) carried by the next sound, or,
/// before the session sleeps, by its own last sample (a write of nothing carries no jump), so that the server's queue
/// never ends before the time written. Most of a session is silence between cues. Where the server plays what its ring
/// held instead (`.overSilence`), a jump passes only over what the ring holds as silence (`PulseRing`), the stream's
/// byte position known (`position`); the rest of the silence goes as samples, and cleans the ring as it goes.
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
    /// Where silence goes as a jump rather than as samples (`PulseJumps`).
    var jumps = PulseJumps.Mode.never
    /// What the server's ring holds, for `.overSilence`.
    private var ring = PulseRing()
    /// The stream's byte position of the next byte handed over (its write index): 0 when the stream is made; unknown
    /// after a flush (the server's read index) until the server says it (`learnPosition`).
    private(set) var position: Int64? = 0
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
        try placeSilence(atEnd: true, to: send)
        try handOverOutgoing(to: send)
    }

    private mutating func handOverOutgoing(to send: Send) throws(BreatheError) {
        guard !outgoing.isEmpty else { return }
        if jumps == .overSilence {
            // What goes where: the ring's map follows every write, or jumps stop for this stream (a write at a
            // position not known leaves the ring's contents unknown).
            if let at = position {
                let start = at + Int64(jump * 2)
                ring.wrote(at: start, count: Int64(outgoing.count * 2), sound: outgoing.contains { $0 != 0 })
                position = start + Int64(outgoing.count * 2)
            } else {
                jumps = .never
            }
        }
        try send(outgoing[...], jump)
        jump = 0
        outgoing.removeAll(keepingCapacity: true)
    }

    /// The silence gathered after what waits, placed: as a jump where the server plays one as silence, when it is long
    /// enough or nothing waits before it (a block begins with it then, so no block is split), else as samples. At the
    /// end of what is handed over (`atEnd`), a jump is carried by the silence's own last sample.
    private mutating func placeSilence(atEnd: Bool, to send: Send) throws(BreatheError) {
        guard silence > 0 else { return }
        let pieces = silencePieces()
        silence = 0
        for (index, piece) in pieces.enumerated() {
            let last = atEnd && index == pieces.count - 1
            if !piece.sound && (piece.count >= shortestJump || (outgoing.isEmpty && (jumps != .never || !last))) {
                try handOverOutgoing(to: send)
                jump += last ? piece.count - 1 : piece.count
                if last { outgoing.append(0) }
            } else {
                try appendSilence(piece.count, to: send)
            }
        }
    }

    /// The silence gathered, in pieces that may be jumped over (`sound` false) and pieces the ring may hold sound at
    /// (`sound` true: sent as samples).
    private func silencePieces() -> [(count: Int, sound: Bool)] {
        switch jumps {
        case .never: return [(silence, true)]
        case .anywhere: return [(silence, false)]
        case .overSilence:
            guard let at = position else { return [(silence, true)] }
            // Bytes of the stream, 2 a sample; the silence begins after the jump and the samples that wait.
            let start = at + Int64((jump + outgoing.count) * 2)
            var pieces: [(count: Int, sound: Bool)] = []
            var next = 0
            for part in ring.dirtyParts(from: start, count: Int64(silence * 2)) {
                let lower = Int(part.lowerBound - start) / 2
                let upper = (Int(part.upperBound - start) + 1) / 2
                if lower > next { pieces.append((lower - next, false)) }
                if upper > max(lower, next) { pieces.append((upper - max(lower, next), true)) }
                next = max(next, upper)
            }
            if silence > next { pieces.append((silence - next, false)) }
            return pieces
        }
    }

    /// What was queued is dropped (a flush), what waits with it: the converter starts afresh with the next sample
    /// written, the next write goes at once, and the ring is taken to hold sound a little more widely than marked (the
    /// server may place the next bytes a little away from its report, `PulseRing.widen`).
    mutating func restart() {
        converter?.reset()
        position = nil
        if jumps == .overSilence { ring.widen() }
        convertedFrom = written
        primed = false
        outgoing.removeAll(keepingCapacity: true)
        jump = 0
        silence = 0
    }

    /// The stream's write index the server gave after a flush (libpulse's, which counts our writes since): where the
    /// next byte goes. A different one while ours is known means our count went wrong: jumps stop for this stream.
    mutating func learnPosition(_ writeIndex: Int64) {
        guard jumps == .overSilence else { return }
        if let position, position != writeIndex { jumps = .never }
        position = writeIndex
    }

    /// The stream's position is lost for good (a flush that may or may not have happened): jumps stop for this stream.
    mutating func losePosition() {
        if jumps == .overSilence { jumps = .never }
        position = nil
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
        guard jumps != .never else { return try append(samples, to: send) }
        var index = samples.startIndex
        while index < samples.endIndex {
            if samples[index] == 0 {
                let end = samples[index...].firstIndex { $0 != 0 } ?? samples.endIndex
                silence += end - index
                index = end
            } else {
                let end = samples[index...].firstIndex(of: 0) ?? samples.endIndex
                try placeSilence(atEnd: false, to: send)
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

import BreatheCore

/// The session's samples on their way to the playback stream: converted to the stream's rate when it has its own
/// (`RateConverter`), and handed over a few thousand samples at a time, each piece held only until it is sent.
///
/// Larger pieces were tried, to wake the server less often: a phase sent as 64 KiB blocks (under libpulse's largest
/// frame). On PulseAudio 16, a block that long is still being played when another stream starts on the sink (the
/// speech-dispatcher's, at each phrase): the sink rewinds, and our stream's heard position fell back by up to 0.9 s,
/// so the next phase was written that much late (`FrozenSpeechServerTests`; blocks of 8 192 samples at 22 050 Hz were
/// safe, 16 384 not). Pieces of 4 096 of our samples (0.19 s) are what every session played before.
///
/// Silence is not sent at all where the server plays what it was not sent as silence (`skipsSilence`, from
/// `PulseJumps`): a silence at least a piece long becomes a jump forward in the stream (a relative seek) carried by the
/// next piece of sound. Most of a session is silence between cues, and on PulseAudio's shared memory every block sent
/// wakes the session once more when the server gives it back; a jump is no block. Pieces stay at most a piece long.
/// What a write leaves unsent (sound short of a piece, the silence after it) waits for the next write, since the runner
/// writes a quarter of a second at a time; the sink hands it over (`handOver`) before the session sleeps, a silence at
/// the end as a jump carried by its own last sample (a write of nothing carries no jump), so that the server's queue
/// never ends before the time written. The room the server offers counts what waits (`samples(forBytes:)`).
struct PulseStreamFeed {
    /// Samples of ours handed over at a time (0.19 s).
    static let pieceSamples = 4096
    /// Hands a piece over to the stream, at the stream's rate, after a jump over that many samples of silence.
    typealias Send = (ArraySlice<Int16>, _ jump: Int) throws(BreatheError) -> Void
    private var converter: RateConverter?
    /// A piece of ours at the stream's rate: the most handed over at once.
    private let pieceStreamSamples: Int
    /// Whether silence goes as a jump rather than as samples (the server plays a jump as silence).
    var skipsSilence = false
    /// A converted piece, until it is handed over (kept for its capacity).
    private var staging: [Int16] = []
    /// Sound (and short silences within it) not handed over yet, at the stream's rate; only when skipping silence.
    private var outgoing: [Int16] = []
    /// The jump before `outgoing`.
    private var jump = 0
    /// Silence after `outgoing`, not handed over yet: a jump if it is long enough when sound (or the write's end) comes.
    private var silence = 0
    /// Samples written since the stream was opened (the session's, before any conversion).
    private(set) var written: Int64 = 0
    /// `written` when the converter last started afresh (the stream opened, or flushed).
    private var convertedFrom: Int64 = 0

    /// Samples at `inputRate` for a stream at `streamRate`.
    init(inputRate: Int, streamRate: Int) {
        if streamRate != inputRate, streamRate > 0 { converter = RateConverter(from: inputRate, to: streamRate) }
        pieceStreamSamples =
            converter == nil ? Self.pieceSamples : (Self.pieceSamples * streamRate + inputRate - 1) / inputRate
    }

    /// The shortest silence sent as a jump: a piece. A shorter one cut out of sound would split one block into two,
    /// and each block is a wake-up when the server gives it back.
    var shortestJump: Int { pieceStreamSamples }

    /// Samples at the stream's rate that wait to be handed over (sound short of a piece, and the silence after it).
    var waiting: Int { outgoing.count + silence }

    /// The samples written whose sound has been handed over: all of them, but for those the converter holds (the few
    /// each converted sample needs after its time) and those that wait.
    var sent: Int64 {
        guard let converter else { return written - Int64(waiting) }
        return convertedFrom + converter.outputTime(converter.produced - Int64(waiting))
    }

    /// Hands `samples` over, converted, a piece at a time; sound short of a piece and silence may wait (`handOver`).
    mutating func feed(_ samples: ArraySlice<Int16>, to send: Send) throws(BreatheError) {
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + Self.pieceSamples)
            if converter == nil {
                try emit(samples[start..<end], to: send)
            } else {
                staging.removeAll(keepingCapacity: true)
                samples[start..<end].withUnsafeBufferPointer { converter!.convert($0, into: &staging) }
                try emit(staging[...], to: send)
            }
            written += Int64(end - start)
            start = end
        }
    }

    /// Hands over what the converter holds, the input's end taken as silence, and what waits: everything written is
    /// then on its way.
    mutating func finish(to send: Send) throws(BreatheError) {
        if converter != nil {
            staging.removeAll(keepingCapacity: true)
            converter!.finish(into: &staging)
            try emit(staging[...], to: send)
        }
        try handOver(to: send)
    }

    /// What was queued is dropped (a flush): the converter starts afresh with the next sample written.
    mutating func restart() {
        converter?.reset()
        convertedFrom = written
        outgoing.removeAll(keepingCapacity: true)
        jump = 0
        silence = 0
    }

    /// Samples of ours that fill `bytes` of the stream's room, rounded up: the server's room is in its own samples,
    /// and any room at all is room for one of ours (a few samples more than asked are taken as well; none at all would
    /// leave a writer waiting for room it has).
    func samples(forBytes offered: Int) -> Int {
        let bytes = offered - waiting * 2
        guard bytes > 0 else { return 0 }
        guard let converter else { return bytes / 2 }
        let input = Int64(converter.inputRate)
        let output = Int64(converter.outputRate)
        return Int((Int64(bytes / 2) * input + output - 1) / output)
    }

    // MARK: Silence as jumps

    /// One piece at the stream's rate: as it is, or its sound and its silence told apart.
    private mutating func emit(_ piece: ArraySlice<Int16>, to send: Send) throws(BreatheError) {
        guard skipsSilence else {
            if !piece.isEmpty { try send(piece, 0) }
            return
        }
        var index = piece.startIndex
        while index < piece.endIndex {
            if piece[index] == 0 {
                let end = piece[index...].firstIndex { $0 != 0 } ?? piece.endIndex
                silence += end - index
                index = end
            } else {
                let end = piece[index...].firstIndex(of: 0) ?? piece.endIndex
                try settleSilence(to: send)
                try append(piece[index..<end], to: send)
                index = end
            }
        }
    }

    /// The silence before sound: a jump when it is long enough, else samples.
    private mutating func settleSilence(to send: Send) throws(BreatheError) {
        guard silence > 0 else { return }
        if silence >= shortestJump {
            try handOverOutgoing(to: send)
            jump += silence
        } else {
            try appendSilence(silence, to: send)
        }
        silence = 0
    }

    /// Hands over what waits: a long silence at the end as a jump carried by its own last sample, a short one as
    /// samples. Before the session sleeps, so that the server's queue holds all the time written.
    mutating func handOver(to send: Send) throws(BreatheError) {
        guard skipsSilence else { return }
        if silence >= shortestJump {
            try handOverOutgoing(to: send)
            jump += silence - 1
            outgoing.append(0)
        } else if silence > 0 {
            try appendSilence(silence, to: send)
        }
        silence = 0
        try handOverOutgoing(to: send)
    }

    private mutating func append(_ samples: ArraySlice<Int16>, to send: Send) throws(BreatheError) {
        var rest = samples
        while !rest.isEmpty {
            let taken = rest.prefix(pieceStreamSamples - outgoing.count)
            outgoing.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
            if outgoing.count == pieceStreamSamples { try handOverOutgoing(to: send) }
        }
    }

    private mutating func appendSilence(_ count: Int, to send: Send) throws(BreatheError) {
        var left = count
        while left > 0 {
            let taken = min(left, pieceStreamSamples - outgoing.count)
            outgoing.append(contentsOf: repeatElement(0, count: taken))
            left -= taken
            if outgoing.count == pieceStreamSamples { try handOverOutgoing(to: send) }
        }
    }

    private mutating func handOverOutgoing(to send: Send) throws(BreatheError) {
        guard !outgoing.isEmpty else { return }
        try send(outgoing[...], jump)
        jump = 0
        outgoing.removeAll(keepingCapacity: true)
    }
}

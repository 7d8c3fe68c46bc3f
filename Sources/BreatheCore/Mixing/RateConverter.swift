/// Converts 16-bit mono samples from one rate to another, piece by piece, for a sound server that plays at a rate of
/// its own: PipeWire's graph runs at 48 kHz, and a stream at 22 050 Hz is resampled in the server on every quantum,
/// silence included, which cost the server more than everything else our stream asks of it.
///
/// Band-limited interpolation: output sample k is the input at time k·M/L (L/M the rates' ratio in lowest terms,
/// 320/147 from 22 050 to 48 000 Hz), from the 16 input samples around that time, weighted by a windowed sinc
/// (Blackman) cut off a little below the lower rate's half: flat to about 5 kHz at 22 050 Hz, which is what speech and
/// the cue tones need. Its coefficients are computed once, one row for each of the L phases, each row summing to one (a
/// steady level comes out unchanged), and each output sample is one product of 16 lanes (`SIMD16`). The same input
/// gives the same output whatever pieces it comes in.
///
/// An output sample needs `taps / 2` input samples after its time: until they come, the last input samples are held
/// (`held`), and `finish()` ends the input with silence to give them out. Where the input has been silent across a whole
/// window, the output is silence without arithmetic (most of a session is).
package struct RateConverter: Sendable {
    package let inputRate: Int
    package let outputRate: Int
    /// Input samples each output sample is made from: the lanes of `SIMD16`.
    static let taps = 16
    /// The share of the lower rate's half where the filter's response is half: its cut-off.
    static let passband = 0.9
    /// L: the output's phases in one period of M input samples.
    private let up: Int64
    /// M.
    private let down: Int64
    /// `up` rows of `taps` coefficients: row p for an output at input time n + p/L, lane j for input sample
    /// n - taps/2 + 1 + j.
    private let coefficients: [SIMD16<Float>]
    /// Input samples kept, as numbers: from the first the next output needs (absolute index `windowStart`) to the last
    /// taken.
    private var window: [Float]
    private var windowStart: Int64
    /// Input samples taken since the start (or the last `reset()`).
    private(set) var consumed: Int64 = 0
    /// Output samples given since then.
    package private(set) var produced: Int64 = 0
    /// The absolute index of the latest input sample that was not zero (-1: none yet).
    private var lastSound: Int64 = -1

    /// A converter from `inputRate` to `outputRate` (both above zero).
    package init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0)
        self.inputRate = inputRate
        self.outputRate = outputRate
        var (a, b) = (inputRate, outputRate)
        while b != 0 { (a, b) = (b, a % b) }
        up = Int64(outputRate / a)
        down = Int64(inputRate / a)
        coefficients = Self.coefficients(up: Int(up), inputRate: inputRate, outputRate: outputRate)
        window = []
        windowStart = 0
        reset()
    }

    /// Whether the rates differ: otherwise the samples go out as they are, at once.
    var converts: Bool { up != down }

    /// Input samples taken whose output has not all been given yet (at most `taps / 2` and a phase's fraction).
    var held: Int64 { max(0, consumed - outputTime(produced)) }

    /// The input time of output sample `index`, in input samples (rounded down).
    package func outputTime(_ index: Int64) -> Int64 { index * down / up }

    /// Forgets everything taken: the next sample taken is the first of a new stream.
    package mutating func reset() {
        consumed = 0
        produced = 0
        lastSound = -1
        // The samples before the first are silence.
        windowStart = -Int64(Self.taps / 2 - 1)
        window.removeAll(keepingCapacity: true)
        window.append(contentsOf: repeatElement(0, count: Self.taps / 2 - 1))
    }

    /// Takes `input` and appends to `output` every output sample it completes.
    package mutating func convert(_ input: UnsafeBufferPointer<Int16>, into output: inout [Int16]) {
        guard converts else {
            output.append(contentsOf: input)
            consumed += Int64(input.count)
            produced += Int64(input.count)
            return
        }
        if let last = input.lastIndex(where: { $0 != 0 }) { lastSound = consumed + Int64(last) }
        window.append(contentsOf: input.lazy.map(Float.init))
        consumed += Int64(input.count)
        emit(into: &output)
    }

    /// Ends the input with silence and appends the output still held: everything taken is then given out.
    package mutating func finish(into output: inout [Int16]) {
        guard converts else { return }
        let end = consumed
        let silence = [Float](repeating: 0, count: Self.taps / 2)
        window.append(contentsOf: silence)
        consumed += Int64(silence.count)
        // Only the outputs whose time is within what was taken: the padding is not part of the stream.
        emit(into: &output, before: end)
        consumed = end
        window.removeLast(min(window.count, silence.count))
    }

    /// Appends the outputs whose window has been taken (and whose time is before `limit`, when given), then lets go of
    /// the input no later output needs.
    private mutating func emit(into output: inout [Int16], before limit: Int64? = nil) {
        let half = Int64(Self.taps / 2)
        // Output k needs input up to its time floor(k·M/L) plus taps/2: the outputs whose time is below `available`,
        // k < ceil(available·L/M).
        let available = min(consumed - half, limit ?? Int64.max)
        guard available > 0 else { return }
        let count = Int((available * up + down - 1) / down - produced)
        guard count > 0 else { return }
        output.reserveCapacity(output.count + count)
        // Output k's time and phase, stepped from one output to the next without dividing.
        var time = outputTime(produced)
        var phase = Int((produced * down) % up)
        let step = (time: down / up, phase: Int(down % up))
        let phases = Int(up)
        window.withUnsafeBufferPointer { samples in
            coefficients.withUnsafeBufferPointer { rows in
                let base = UnsafeRawPointer(samples.baseAddress!)
                for done in 0..<count {
                    let first = time - half + 1
                    // Silent from the window's first sample on, and so for every later output of this input: silence,
                    // without arithmetic.
                    guard lastSound >= first else {
                        output.append(contentsOf: repeatElement(0, count: count - done))
                        break
                    }
                    let start = Int(first - windowStart) * MemoryLayout<Float>.stride
                    let sum = (base.loadUnaligned(fromByteOffset: start, as: SIMD16<Float>.self) * rows[phase]).sum()
                    output.append(Int16(max(-32768, min(32767, sum.rounded()))))
                    time += step.time
                    phase += step.phase
                    if phase >= phases {
                        phase -= phases
                        time += 1
                    }
                }
            }
        }
        produced += Int64(count)
        // The next output's window starts at floor(k·M/L) - taps/2 + 1.
        let keepFrom = outputTime(produced) - half + 1
        let drop = Int(max(0, min(Int64(window.count), keepFrom - windowStart)))
        if drop > 0 {
            window.removeFirst(drop)
            windowStart += Int64(drop)
        }
    }

    /// The filter's rows: for phase p, the windowed sinc at the distances p/L - m from the output's time to each input
    /// sample m (m from -taps/2 + 1 to taps/2), normalized to sum one.
    private static func coefficients(up: Int, inputRate: Int, outputRate: Int) -> [SIMD16<Float>] {
        let taps = Self.taps
        // Cycles per input sample.
        let cutoff = 0.5 * passband * Double(min(inputRate, outputRate)) / Double(inputRate)
        let half = Double(taps) / 2
        var rows = [SIMD16<Float>](repeating: .zero, count: up)
        var row = [Double](repeating: 0, count: taps)
        for phase in 0..<up {
            let fraction = Double(phase) / Double(up)
            var total = 0.0
            for tap in 0..<taps {
                let distance = fraction - Double(tap - (taps / 2 - 1))
                let x = 2 * cutoff * distance
                let sinc = x == 0 ? 1 : sine(Double.pi * x) / (Double.pi * x)
                let angle = Double.pi * distance / half
                let blackman = 0.42 + 0.5 * cosine(angle) + 0.08 * cosine(2 * angle)
                row[tap] = sinc * max(0, blackman)
                total += row[tap]
            }
            for tap in 0..<taps { rows[phase][tap] = Float(row[tap] / total) }
        }
        return rows
    }
}

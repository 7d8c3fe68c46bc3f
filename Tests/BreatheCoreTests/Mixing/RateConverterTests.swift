import Testing

@testable import BreatheCore

struct RateConverterTests {
    /// `input` converted from `from` to `to` Hz in pieces of `piece` samples, then finished.
    static func converted(_ input: [Int16], from: Int, to: Int, piece: Int = 4096) -> [Int16] {
        var converter = RateConverter(from: from, to: to)
        var output: [Int16] = []
        var index = 0
        while index < input.count {
            let end = min(input.count, index + piece)
            input[index..<end].withUnsafeBufferPointer { converter.convert($0, into: &output) }
            index = end
        }
        converter.finish(into: &output)
        return output
    }

    /// A sine of `frequency` Hz at `rate`, `amplitude` high, `count` samples long.
    static func tone(_ frequency: Double, rate: Int, amplitude: Double, count: Int) -> [Double] {
        (0..<count).map { amplitude * sine(2 * Double.pi * frequency * Double($0) / Double(rate)) }
    }

    /// Noise that stands for speech: every frequency, from a fixed seed.
    static func noise(count: Int) -> [Int16] {
        var state: UInt32 = 12345
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int16(truncatingIfNeeded: Int32(state >> 16) - 32768) / 4
        }
    }

    /// PipeWire's graph rate and a sink's: each gives the tone back at its pitch and level, within 0.3 % of its height,
    /// away from the ends (where the input's silence before and after is part of the window).
    @Test(arguments: [(22_050, 48_000), (22_050, 44_100), (22_050, 96_000), (22_050, 16_000)])
    func aToneKeepsItsPitchAndLevel(rates: (Int, Int)) {
        let (from, to) = rates
        let amplitude = 12_000.0
        let input = Self.tone(1000, rate: from, amplitude: amplitude, count: from / 2).map { Int16($0.rounded()) }
        let output = Self.converted(input, from: from, to: to)
        let expected = Self.tone(1000, rate: to, amplitude: amplitude, count: output.count)
        let margin = RateConverter.taps * to / from + 2
        let worst = (margin..<(output.count - margin)).map { abs(Double(output[$0]) - expected[$0]) }.max() ?? .infinity
        #expect(worst <= amplitude * 0.003, "\(from) → \(to) Hz: \(worst) off")
    }

    /// A level held steady comes out steady: every phase's coefficients sum to one.
    @Test func aSteadyLevelStaysSteady() {
        let output = Self.converted([Int16](repeating: 10_000, count: 4000), from: 22_050, to: 48_000)
        let margin = RateConverter.taps * 3
        #expect(output[margin..<(output.count - margin)].allSatisfy { abs(Int($0) - 10_000) <= 1 })
    }

    /// The same input in any pieces gives the same output, sample for sample.
    @Test(arguments: [1, 7, 147, 1000, 5513])
    func piecesChangeNothing(piece: Int) {
        let input = Self.noise(count: 11_025)
        #expect(
            Self.converted(input, from: 22_050, to: 48_000, piece: piece)
                == Self.converted(input, from: 22_050, to: 48_000, piece: input.count))
    }

    /// A click at input sample n peaks at output sample n·48000/22050: the timeline's times are kept, not delayed.
    @Test(arguments: [0, 1, 1000, 4321])
    func aClickLandsOnItsTime(at sample: Int) {
        var input = [Int16](repeating: 0, count: 6000)
        input[sample] = 20_000
        let output = Self.converted(input, from: 22_050, to: 48_000)
        let peak = output.indices.max { abs(Int(output[$0])) < abs(Int(output[$1])) }!
        let expected = Double(sample) * 48_000 / 22_050
        #expect(abs(Double(peak) - expected) <= 1, "peak at \(peak), expected \(expected)")
    }

    /// Finished, every output whose time is within the input has been given, once: L/M of the input, rounded up.
    @Test(arguments: [1, 146, 147, 148, 22_050, 30_001])
    func finishingGivesOutEverything(count: Int) {
        var converter = RateConverter(from: 22_050, to: 48_000)
        var output: [Int16] = []
        let input = Self.noise(count: count)
        input.withUnsafeBufferPointer { converter.convert($0, into: &output) }
        #expect(converter.held > 0)
        converter.finish(into: &output)
        #expect(output.count == (count * 320 + 146) / 147)
        #expect(converter.held == 0)
        #expect(converter.produced == Int64(output.count))
    }

    /// Silence in, silence out, and as many samples as the rate asks.
    @Test func silenceStaysSilence() {
        let output = Self.converted([Int16](repeating: 0, count: 22_050), from: 22_050, to: 48_000)
        #expect(output.count == 48_000)
        #expect(output.allSatisfy { $0 == 0 })
    }

    /// After a reset, the stream starts again: the same input gives the same output as a new converter's.
    @Test func aResetStartsAfresh() {
        let input = Self.noise(count: 3000)
        var converter = RateConverter(from: 22_050, to: 48_000)
        var discarded: [Int16] = []
        input.withUnsafeBufferPointer { converter.convert($0, into: &discarded) }
        converter.reset()
        var output: [Int16] = []
        input.withUnsafeBufferPointer { converter.convert($0, into: &output) }
        converter.finish(into: &output)
        #expect(output == Self.converted(input, from: 22_050, to: 48_000))
    }

    /// The same rate both sides: the samples come back as they are, none held (the sink then skips the converter).
    @Test func theSameRateGivesTheSamples() {
        let input = Self.noise(count: 2000)
        #expect(Self.converted(input, from: 22_050, to: 22_050) == input)
        #expect(!RateConverter(from: 22_050, to: 22_050).converts)
    }
}

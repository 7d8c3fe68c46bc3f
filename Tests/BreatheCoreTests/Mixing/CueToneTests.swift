import Testing

@testable import BreatheCore

@Suite struct CueToneTests {
    static let rate = 22_050

    /// Zero crossings per second over samples[range].
    static func crossingRate(_ samples: [Int16], _ range: Range<Int>) -> Double {
        var crossings = 0
        for index in range.dropFirst() where (samples[index - 1] < 0) != (samples[index] < 0) { crossings += 1 }
        return Double(crossings) * Double(rate) / Double(range.count)
    }

    @Test(arguments: PhaseKind.allCases)
    func startsAndEndsAtSilenceWithoutClicks(kind: PhaseKind) {
        let samples = CueTone.cue(for: kind).samples(sampleRate: Self.rate, volume: 100)
        #expect(samples.first == 0)
        #expect(samples.last == 0)
        // No click: neighbouring samples never jump by more than a sine of that level can move in one sample.
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        let largestStep = zip(samples, samples.dropFirst()).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largestStep < peak / 4, "step \(largestStep) against peak \(peak)")
    }

    @Test func inhaleRisesAndExhaleFalls() {
        let inhale = CueTone.cue(for: .inhale).samples(sampleRate: Self.rate, volume: 100)
        let exhale = CueTone.cue(for: .exhale).samples(sampleRate: Self.rate, volume: 100)
        let quarter = inhale.count / 4
        let inhaleEarly = Self.crossingRate(inhale, 0..<quarter)
        let inhaleLate = Self.crossingRate(inhale, 3 * quarter..<inhale.count)
        let exhaleEarly = Self.crossingRate(exhale, 0..<quarter)
        let exhaleLate = Self.crossingRate(exhale, 3 * quarter..<exhale.count)
        #expect(inhaleLate > inhaleEarly * 1.2, "inhale \(inhaleEarly) → \(inhaleLate) crossings/s")
        #expect(exhaleLate < exhaleEarly / 1.2, "exhale \(exhaleEarly) → \(exhaleLate) crossings/s")
    }

    @Test func holdIsSteadyAndRestIsSoftest() {
        let hold = CueTone.cue(for: .hold).samples(sampleRate: Self.rate, volume: 100)
        let quarter = hold.count / 4
        let early = Self.crossingRate(hold, 0..<quarter)
        let late = Self.crossingRate(hold, 3 * quarter..<hold.count)
        #expect(abs(early - late) < early * 0.08)
        func peak(_ kind: PhaseKind) -> Int {
            CueTone.cue(for: kind).samples(sampleRate: Self.rate, volume: 100).map { abs(Int($0)) }.max()!
        }
        #expect(peak(.rest) < peak(.hold))
        #expect(peak(.hold) < peak(.inhale))
    }

    @Test func volumeScalesTheLevelAndZeroIsSilent() {
        let tone = CueTone.cue(for: .inhale)
        #expect(tone.samples(sampleRate: Self.rate, volume: 0).allSatisfy { $0 == 0 })
        let full = tone.samples(sampleRate: Self.rate, volume: 100).map { abs(Int($0)) }.max()!
        let half = tone.samples(sampleRate: Self.rate, volume: 50).map { abs(Int($0)) }.max()!
        #expect(abs(full - 2 * half) <= 2)
        #expect(full <= Int(32767 * CueTone.fullLevel) + 1)
    }

    /// The tone the straightforward way: `sine` of the phase summed sample by sample, the envelope's cosines each
    /// evaluated directly.
    static func reference(_ tone: CueTone, sampleRate: Int, volume: Int) -> [Int16] {
        let count = tone.milliseconds * sampleRate / 1000
        let attack = max(1, CueTone.attackMilliseconds * sampleRate / 1000)
        let release = max(1, CueTone.releaseMilliseconds * sampleRate / 1000)
        let peak = 32767 * CueTone.fullLevel * tone.level * Double(min(max(volume, 0), 100)) / 100
        var result = [Int16](repeating: 0, count: count)
        var phase = 0.0
        let twoPi = 2 * Double.pi
        for index in 0..<count {
            let progress = count > 1 ? Double(index) / Double(count - 1) : 0
            let hertz = tone.startHertz + (tone.endHertz - tone.startHertz) * progress
            var gain = 1.0
            if index < attack {
                gain = 0.5 - 0.5 * cosine(Double.pi * Double(index) / Double(attack))
            } else if index >= count - release {
                let remaining = Double(count - 1 - index) / Double(release)
                gain = 0.5 - 0.5 * cosine(Double.pi * remaining)
            }
            result[index] = Int16((peak * gain * sine(phase)).rounded())
            phase += twoPi * hertz / Double(sampleRate)
            if phase > twoPi { phase -= twoPi }
        }
        return result
    }

    @Test(arguments: [22_050, 48_000], [100, 37])
    func everySampleMatchesTheSummedPhaseWithinOneStep(sampleRate: Int, volume: Int) {
        for kind in PhaseKind.allCases {
            let tone = CueTone.cue(for: kind)
            let samples = tone.samples(sampleRate: sampleRate, volume: volume)
            let expected = Self.reference(tone, sampleRate: sampleRate, volume: volume)
            #expect(samples.count == expected.count)
            let worst = zip(samples, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(kind) at \(sampleRate) Hz, volume \(volume): off by \(worst)")
        }
    }

    @Test func roundsLikeRoundedHalvesAwayFromZero() {
        let values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 0.5000000000000001,
            13106.5, -13106.5, 13106.499999999998, -13106.499999999998, 12.25, -12.75, 4_503_599_627_370_495.5,
        ]
        for value in values {
            #expect(roundedHalfAwayFromZero(value) == Int(value.rounded()), "\(value)")
        }
    }

    @Test func sineMatchesKnownValues() {
        #expect(abs(sine(Double.pi / 6) - 0.5) < 1e-9)
        #expect(abs(sine(-Double.pi / 2) + 1) < 1e-9)
        #expect(abs(cosine(100 * Double.pi)) - 1 < 1e-9)
    }
}

import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// The guide sound (`--guide swell`) alone, from the generator: its level follows the plan, it never clicks, it is the
/// same however it is cut into blocks, and it ducks and fades as `GuideShaping` says.
@Suite struct GuideSoundTests {
    static let rate = 22_050
    /// 100 ms windows for the envelope.
    static let window = rate / 10
    /// The largest step from one sample to the next the guide may take: the chord's own steepest step at full level
    /// (0.063 of its peak, 104 of 1638) with a little room; a click, a cut or a jump in level would be many times more.
    static let largestStep = 110
    /// How far a window's level may stray from the plan's (0–1; the chord's own RMS over 100 ms varies by 1 %; 0.008 measured).
    static let tolerance = 0.02

    /// 4-2-6-1 with its exhale ramped from 6 to 8 s over 3 cycles: every kind of phase, boundaries that move.
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [
            Phase(.inhale, seconds: 4), Phase(.hold, seconds: 2), Phase(.exhale, seconds: 6), Phase(.rest, seconds: 1),
        ]),
        ramps: [Ramp(kind: .exhale, targetTenths: 80)], length: .cycles(3), sampleRate: rate
    ).get()

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// The level the plan asks for at `position` inside the phase `index` on [start, end), worked out here on its own:
    /// a raised cosine from 0 to 1 through an inhale, 1 through the hold after it, 1 to 0 through an exhale, 0 at rest.
    static func expectedLevel(at position: Int, index: Int, start: Int, end: Int) -> Double {
        let done = Double(position - start) / Double(end - start)
        switch plan.kind(ofPhase: index) {
        case .inhale: return 0.5 - 0.5 * cos(Double.pi * done)
        case .hold: return 1
        case .exhale: return 0.5 + 0.5 * cos(Double.pi * done)
        case .rest: return 0
        }
    }

    @Test func theLevelFollowsThePlanRisingHoldingFallingAndSilentAtRest() {
        let guide = GuideSound(plan: Self.plan)
        let samples = guide.samples(
            from: 0, count: Int(Self.plan.totalSamples), shaping: GuideShaping(sampleRate: Self.rate))
        // The chord's RMS at full level, over whole periods of it (a hold).
        let hold = Int(Self.plan.start(of: .phase(cycle: 1, index: 1)))
        let full = Self.rms(samples[hold..<hold + Self.rate])
        #expect(abs(full - 32767 * GuideSound.peakLevel * 0.6166) < 10, "full level RMS \(full)")
        var worst = 0.0
        for cycle in 1...Self.plan.cycles {
            for index in Self.plan.pattern.phases.indices {
                let segment = Segment.phase(cycle: cycle, index: index)
                let start = Int(Self.plan.start(of: segment))
                let end = Int(Self.plan.end(of: segment))
                var levels: [Double] = []
                for from in stride(from: start, through: end - Self.window, by: Self.window) {
                    let measured = Self.rms(samples[from..<from + Self.window]) / full
                    // The window's expected RMS: the quadratic mean of the level over it.
                    let expected =
                        ((from..<from + Self.window).reduce(0.0) {
                            $0 + pow(Self.expectedLevel(at: $1, index: index, start: start, end: end), 2)
                        } / Double(Self.window)).squareRoot()
                    worst = max(worst, abs(measured - expected))
                    #expect(
                        abs(measured - expected) <= Self.tolerance, "\(segment) at \(from): \(measured) \(expected)")
                    levels.append(measured)
                }
                let steps = zip(levels, levels.dropFirst()).map { $1 - $0 }
                switch Self.plan.kind(ofPhase: index) {
                case .inhale:
                    #expect(steps.allSatisfy { $0 > -0.02 }, "\(segment) does not rise: \(levels)")
                    #expect(levels.last! - levels.first! > 0.9, "\(segment): \(levels)")
                case .exhale:
                    #expect(steps.allSatisfy { $0 < 0.02 }, "\(segment) does not fall: \(levels)")
                    #expect(levels.first! - levels.last! > 0.9, "\(segment): \(levels)")
                case .hold:
                    #expect(levels.allSatisfy { abs($0 - 1) <= 0.02 }, "\(segment) is not level: \(levels)")
                case .rest:
                    #expect(samples[start..<end].allSatisfy { $0 == 0 }, "\(segment) is not silent")
                }
            }
        }
        // Silent through the lead-in, and within half a second of the closing's start.
        #expect(samples[..<Int(Self.plan.breathingStart)].allSatisfy { $0 == 0 })
        #expect(samples[(Int(Self.plan.breathingEnd) + Self.rate / 2)...].allSatisfy { $0 == 0 })
        #expect(worst <= Self.tolerance, "worst deviation \(worst)")
    }

    @Test func noStepBetweenTwoSamplesIsLargerThanTheChordsOwn() {
        let guide = GuideSound(plan: Self.plan)
        let samples = guide.samples(
            from: 0, count: Int(Self.plan.totalSamples), shaping: GuideShaping(sampleRate: Self.rate))
        let steps = zip(samples, samples.dropFirst()).map { abs(Int($1) - Int($0)) }
        #expect(steps.max()! <= Self.largestStep, "largest step \(steps.max()!)")
        #expect(steps.max()! >= 90, "the chord is missing")
    }

    /// The same samples however the timeline is cut into blocks: a live rewind renders the same sound again, and a
    /// render is reproducible.
    @Test func anyBlocksGiveTheSameSamples() {
        let guide = GuideSound(plan: Self.plan)
        let shaping = GuideShaping(sampleRate: Self.rate)
        let whole = guide.samples(from: 0, count: Int(Self.plan.totalSamples), shaping: shaping)
        var random = SplitMix(state: 30)
        var position = 0
        var pieces: [Int16] = []
        while position < whole.count {
            let count = min(whole.count - position, Int(random.next() % 5000) + 1)
            pieces += guide.samples(from: Int64(position), count: count, shaping: shaping)
            position += count
        }
        #expect(pieces == whole)
    }

    /// Ducked by 30 dB under a clip scheduled ahead, from before its first sample to its last; a clip scheduled once
    /// the timeline has reached it ducks from the first grid point not rendered, leaving what was rendered alone.
    @Test func theGuideDucksUnderSpeechAndLeavesWhatWasRenderedAlone() {
        let guide = GuideSound(plan: Self.plan)
        let hold = Self.plan.start(of: .phase(cycle: 2, index: 1))
        var shaping = GuideShaping(sampleRate: Self.rate)
        let plain = guide.samples(from: hold, count: Self.rate, shaping: shaping)
        let clip = (start: hold + 4000, end: hold + 9000)
        shaping.duck(start: clip.start, end: clip.end, renderedEnd: hold)
        let ducked = guide.samples(from: hold, count: Self.rate, shaping: shaping)
        let under = Int(clip.start - hold)..<Int(clip.end - hold)
        let ratio = Self.rms(ducked[under]) / Self.rms(plain[under])
        #expect(abs(ratio - GuideShaping.duckGain) < 0.002, "ducked to \(ratio)")
        #expect(20 * log10(ratio) <= -29)
        // Untouched well before and well after.
        #expect(ducked[..<(under.lowerBound - 600)] == plain[..<(under.lowerBound - 600)])
        #expect(ducked[(under.upperBound + 600)...] == plain[(under.upperBound + 600)...])
        let steps = zip(ducked, ducked.dropFirst()).map { abs(Int($1) - Int($0)) }
        #expect(steps.max()! <= Self.largestStep)

        // Scheduled when rendering had reached 100 samples into the clip: nothing before that changes.
        var late = GuideShaping(sampleRate: Self.rate)
        let rendered = guide.samples(from: hold, count: Int(clip.start - hold) + 100, shaping: late)
        late.duck(start: clip.start, end: clip.end, renderedEnd: clip.start + 100)
        let after = guide.samples(from: hold, count: Self.rate, shaping: late)
        #expect(Array(after[..<rendered.count]) == rendered)
        let lateSteps = zip(after, after.dropFirst()).map { abs(Int($1) - Int($0)) }
        #expect(lateSteps.max()! <= Self.largestStep)
        let settled = under.lowerBound + 100 + 2 * GuideSound.gridSamples
        #expect(Self.rms(after[settled..<under.upperBound]) < Self.rms(plain[settled..<under.upperBound]) * 0.031)
    }

    /// A skip from the middle of a hold (full level) to the middle of an inhale: the old stretch fades out over the
    /// new one fading in, with no step larger than the chord's own.
    @Test func aJumpFadesOutAndInWithoutAClick() {
        let guide = GuideSound(plan: Self.plan)
        var shaping = GuideShaping(sampleRate: Self.rate)
        let from = Self.plan.start(of: .phase(cycle: 1, index: 1)) + 7777
        let target = Self.plan.start(of: .phase(cycle: 2, index: 0)) + 30_000
        let before = guide.samples(from: from - 2000, count: 2000, shaping: shaping)
        let tail = guide.tail(from: from, shaping: shaping)
        shaping.seek(from: from, to: target)
        var after = guide.samples(from: target, count: 4000, shaping: shaping)
        for (index, sample) in tail.enumerated() { after[index] = Int16(Int(after[index]) + Int(sample)) }
        let heard = before + after
        let steps = zip(heard, heard.dropFirst()).map { abs(Int($1) - Int($0)) }
        #expect(steps.max()! <= Self.largestStep, "largest step \(steps.max()!)")
        // After the fade, exactly what a straight render has there.
        let fade = Int(GuideShaping.fadeSamples(sampleRate: Self.rate))
        let straight = guide.samples(from: target, count: 4000, shaping: GuideShaping(sampleRate: Self.rate))
        #expect(after[fade...] == straight[fade...])
        #expect(tail.last.map { abs(Int($0)) <= 2 } == true)
    }

    /// A phrase for speech-dispatcher has no length on our timeline: the guide stays down for longer than eSpeak NG
    /// takes to say it at the session's rate, with room for the daemon's start (measured with espeak-ng at 175 words a
    /// minute, the whole file: "Breathe out" 0.82 s, "Inhala un poco más" 1.42 s),
    /// longer for more words and for a slower rate, and never less than half a second.
    @Test func aDispatchedPhraseKeepsTheGuideDownForLongerThanItTakesToSay() {
        func seconds(_ text: String, _ rate: Int) -> Double {
            Double(GuideShaping.dispatcherPhraseSamples(text, wordsPerMinute: rate, sampleRate: Self.rate))
                / Double(Self.rate)
        }
        #expect(seconds("Breathe out", 175) > 0.82 + 0.3)
        #expect(seconds("Inhala un poco más", 175) > 1.42 + 0.3)
        #expect(seconds("Breathe out", 80) > seconds("Breathe out", 175))
        #expect(seconds("Breathe out slowly through the mouth", 175) > seconds("Breathe out", 175))
        #expect(seconds("Hold", 450) >= 0.5)
        // A long word counts for more than one.
        #expect(seconds("Respiración", 175) > seconds("Sí", 175))
    }

    @Test func aDispatchedPhraseDucksTheGuideFromItsSample() {
        var guide = GuideSound(plan: Self.plan)
        let start = Self.plan.start(of: .phase(cycle: 1, index: 2))
        guide.duck(underDispatched: "Breathe out", start: start, wordsPerMinute: 175, renderedEnd: 0)
        var sum = [Int32](repeating: 0, count: Self.rate)
        guide.add(into: &sum, from: start + Int64(Self.rate / 10))
        #expect(sum.allSatisfy { abs($0) <= 60 }, "the guide was not down under the phrase")
    }

    /// The phrase is sent `dispatcherDelaySamples` after its sample: the guide stays down that much longer, so the
    /// whole phrase's time still falls under it.
    @Test func aDispatchedPhraseSentLateStillEndsUnderTheGuidesDuck() {
        var guide = GuideSound(plan: Self.plan)
        let start = Self.plan.start(of: .phase(cycle: 1, index: 2))
        guide.duck(underDispatched: "Breathe out", start: start, wordsPerMinute: 175, renderedEnd: 0)
        let delay = GuideSound.dispatcherDelaySamples(sampleRate: Self.rate)
        #expect(delay >= Int64(Self.rate / 10) && delay <= Int64(Self.rate / 4), "\(delay) samples")
        let phrase = GuideShaping.dispatcherPhraseSamples("Breathe out", wordsPerMinute: 175, sampleRate: Self.rate)
        let lastSample = start + delay + phrase - 1
        var sum = [Int32](repeating: 0, count: 1)
        guide.add(into: &sum, from: lastSample)
        #expect(abs(sum[0]) <= 60, "the guide was back up under the phrase's end: \(sum[0])")
    }
}

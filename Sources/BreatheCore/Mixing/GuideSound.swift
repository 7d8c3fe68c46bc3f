/// The guide sound (`--guide swell`): a soft, continuous chord that follows the breath on the session's sample
/// timeline. It rises through an inhale, stays level through a hold, falls through an exhale and is silent at rest, in
/// the lead-in and after the last breath.
///
/// Design:
/// - The sound is a chord of four sine partials, 110, 165, 220 and 330 Hz (A2, E3, A3, E4: the 2nd, 3rd, 4th and 6th
///   harmonics of 55 Hz, an open fifth, neither major nor minor), at 0.6, 0.45, 1 and 0.3. Sines only, nothing above
///   330 Hz: no harsh partial, nothing that beats (every interval is a whole-number ratio), nothing that sits in the
///   400–700 Hz of the cue tones or the 1–4 kHz where speech is understood. 220 Hz carries the most, so that small
///   laptop speakers, which lose 110 Hz, still play it. A filtered noise band was the other choice: it sounds like
///   breath, but it needs a filter's state (not a function of the position) or a long looped table whose repetition
///   can be heard over ten minutes, and it masks speech across its whole band.
/// - Every partial is a multiple of 5 Hz, so the chord repeats exactly every `sampleRate / 5` samples: it is one
///   precomputed period, read by the position modulo its length. The sound is thus a pure function of the position:
///   a live rewind renders the same samples again, and a render is byte for byte reproducible.
/// - The level follows the plan's phase boundaries: from the level the phase starts at to its target (1 for an inhale,
///   0 for an exhale or a rest, unchanged for a hold), along a raised cosine (0.5 − 0.5·cos πx), whose slope is zero at
///   both ends, so a phase's swell joins the next one's without a corner. After the last breath it falls to silence in
///   half a second. The level is worked out every `gridSamples` samples (on a grid of absolute positions) and
///   interpolated linearly between: cheap, and no steps.
/// - The peak is 5 % of full scale (about −30 dBFS RMS at the top of a breath): under the cue tones (40 % of full scale
///   at volume 100) and, ducked under speech by `GuideShaping`, far under every phrase.
/// - A phase's word said on its boundary (speech on, tones off: nothing goes before the word) is scheduled only when
///   the boundary is reached, too late for the guide to go down before it. With `anticipatesWords` the guide goes
///   down before every boundary on its own, and the word's own duck takes over from there.
package struct GuideSound: Sendable {
    /// The partials, as (hertz, amplitude, phase in turns); the phases keep the chord's peak low (crest factor 1.6).
    static let partials: [(hertz: Int, amplitude: Double, phase: Double)] = [
        (110, 0.6, 0), (165, 0.45, 0.25), (220, 1, 0), (330, 0.3, 0.5),
    ]
    /// The guide's peak, as a fraction of full scale.
    static let peakLevel = 0.05
    /// The level is worked out on this grid and interpolated in between.
    static let gridSamples = 64
    /// After the last breath, the guide is silent within this long (tenths of a second).
    static let closingFadeTenths = 5

    let plan: SessionPlan
    /// How it is shaped around the rest of the session: ducks under the spoken clips, the fade-in after a jump.
    private(set) var shaping: GuideShaping
    /// Cut off by a pause: the next render fades in.
    private var isCut = false
    /// One period of the chord, peak 1.
    let period: [Double]
    /// Per phase of the pattern, the level it starts at in the first cycle and in the later ones.
    let firstCycleLevels: [Double]
    let laterCycleLevels: [Double]
    let peak: Double
    /// Ducks around every phase boundary and the closing's start: a word is said on each.
    let anticipatesWords: Bool

    package init(plan: SessionPlan, anticipatesWords: Bool = false) {
        self.plan = plan
        self.anticipatesWords = anticipatesWords
        shaping = GuideShaping(sampleRate: plan.sampleRate)
        let rate = plan.sampleRate
        let length = max(1, rate / 5)
        var period = [Double](repeating: 0, count: length)
        for partial in Self.partials where 2 * partial.hertz < rate {
            let step = 2 * Double.pi * Double(partial.hertz) / Double(rate)
            let offset = 2 * Double.pi * partial.phase
            for index in 0..<length {
                period[index] += partial.amplitude * sine(step * Double(index) + offset)
            }
        }
        let highest = period.map { abs($0) }.max() ?? 0
        self.period = highest > 0 ? period.map { $0 / highest } : period
        peak = 32767 * Self.peakLevel
        let kinds = plan.pattern.phases.map(\.kind)
        let first = Self.startLevels(kinds, from: 0)
        firstCycleLevels = first
        laterCycleLevels = Self.startLevels(kinds, from: Self.target(kinds.last ?? .rest, from: first.last ?? 0))
    }

    /// The level each phase starts at, the first starting at `level`.
    static func startLevels(_ kinds: [PhaseKind], from level: Double) -> [Double] {
        var level = level
        var result: [Double] = []
        for kind in kinds {
            result.append(level)
            level = target(kind, from: level)
        }
        return result
    }

    /// Where a phase of `kind` takes the level from `start`.
    static func target(_ kind: PhaseKind, from start: Double) -> Double {
        switch kind {
        case .inhale: 1
        case .hold: start
        case .exhale, .rest: 0
        }
    }

    /// The breath's level at `position`, 0–1 (before any shaping).
    func level(at position: Int64) -> Double {
        guard position >= plan.breathingStart else { return 0 }
        if position >= plan.breathingEnd {
            let last = Segment.phase(cycle: plan.cycles, index: plan.pattern.phases.count - 1)
            let end = level(at: plan.breathingEnd - 1, in: last)
            let fade = Int64(Self.closingFadeTenths * plan.sampleRate / 10)
            let done = Double(position - plan.breathingEnd) / Double(max(1, fade))
            return done >= 1 ? 0 : end * (0.5 + 0.5 * cosine(Double.pi * done))
        }
        return level(at: position, in: phase(at: position))
    }

    /// The level at `position` inside `segment` (a phase).
    func level(at position: Int64, in segment: Segment) -> Double {
        guard case .phase(let cycle, let index) = segment else { return 0 }
        let start = cycle == 1 ? firstCycleLevels[index] : laterCycleLevels[index]
        let target = Self.target(plan.kind(ofPhase: index), from: start)
        if target == start { return start }
        let from = plan.start(of: segment)
        let length = max(1, plan.end(of: segment) - from)
        let done = min(1, max(0, Double(position - from) / Double(length)))
        return start + (target - start) * (0.5 - 0.5 * cosine(Double.pi * done))
    }

    /// The phase that holds `position` (which lies between the first breath and the last): cycles found by bisection.
    func phase(at position: Int64) -> Segment {
        var low = 1
        var high = plan.cycles
        while low < high {
            let middle = (low + high + 1) / 2
            if plan.start(of: .phase(cycle: middle, index: 0)) <= position { low = middle } else { high = middle - 1 }
        }
        var index = 0
        while index + 1 < plan.pattern.phases.count,
            plan.start(of: .phase(cycle: low, index: index + 1)) <= position
        {
            index += 1
        }
        return .phase(cycle: low, index: index)
    }

    /// The guide's gain at `position`: level, ducking and peak (the fade-in is applied per sample).
    func gain(at position: Int64, _ shaping: GuideShaping) -> Double {
        let level = level(at: position)
        guard level > 0 else { return 0 }
        let boundary = anticipatesWords ? boundaryGain(at: position, ramp: shaping.ramp) : 1
        return peak * level * min(boundary, shaping.duckGain(at: position))
    }

    /// Down over the `ramp` before each boundary (by a grid step before it: the level between two grid points is
    /// interpolated), down until the word's own duck has surely taken over (a ramp and a grid step after it), back up
    /// over a ramp.
    func boundaryGain(at position: Int64, ramp: Int64) -> Double {
        let bounds: (start: Int64, end: Int64)
        if position >= plan.breathingEnd {
            bounds = (plan.breathingEnd, Int64.max)
        } else if position >= plan.breathingStart {
            let segment = phase(at: position)
            bounds = (plan.start(of: segment), plan.end(of: segment))
        } else {
            bounds = (Int64.min / 2, plan.breathingStart)
        }
        let grid = Int64(Self.gridSamples)
        let held = ramp + grid
        var weight = 0.0
        let before = bounds.end - grid - position
        if before <= ramp { weight = before <= 0 ? 1 : 1 - Double(before) / Double(ramp) }
        let after = position - bounds.start
        if after < held + ramp { weight = max(weight, after <= held ? 1 : 1 - Double(after - held) / Double(ramp)) }
        return GuideShaping.gain(weight: weight)
    }

    /// Adds the guide's samples of [position, position + sum.count) to `sum`, shaped by `shaping`.
    func add(into sum: inout [Int32], from position: Int64, shaping: GuideShaping) {
        let count = sum.count
        guard count > 0 else { return }
        let grid = Int64(Self.gridSamples)
        let fading = shaping.fading(from: position, count: count)
        var cell = position / grid * grid
        var left = gain(at: cell, shaping)
        var periodIndex = Int(position % Int64(period.count))
        let end = position + Int64(count)
        period.withUnsafeBufferPointer { period in
            sum.withUnsafeMutableBufferPointer { sum in
                while cell < end {
                    let right = gain(at: cell + grid, shaping)
                    let from = max(position, cell)
                    let to = min(end, cell + grid)
                    if left == 0 && right == 0 {
                        periodIndex = (periodIndex + Int(to - from)) % period.count
                    } else {
                        let slope = (right - left) / Double(grid)
                        for sample in from..<to {
                            var value = (left + slope * Double(sample - cell)) * period[periodIndex]
                            if fading { value *= shaping.fadeGain(at: sample) }
                            sum[Int(sample - position)] += Int32(roundedHalfAwayFromZero(value))
                            periodIndex += 1
                            if periodIndex == period.count { periodIndex = 0 }
                        }
                    }
                    cell += grid
                    left = right
                }
            }
        }
    }

    /// The guide alone over [position, position + count), shaped by `shaping`.
    func samples(from position: Int64, count: Int, shaping: GuideShaping) -> [Int16] {
        var sum = [Int32](repeating: 0, count: max(0, count))
        add(into: &sum, from: position, shaping: shaping)
        return sum.map { Int16(clamping: $0) }
    }

    /// The guide over [position, position + fadeSamples), fading out to silence: played where the timeline stops (a
    /// pause) or jumps away (a skip), so the guide never breaks off in the middle of a wave.
    func tail(from position: Int64, shaping: GuideShaping) -> [Int16] {
        let fade = GuideShaping.fadeSamples(sampleRate: plan.sampleRate)
        var sum = [Int32](repeating: 0, count: Int(fade))
        add(into: &sum, from: position, shaping: shaping)
        for index in sum.indices {
            sum[index] = Int32(roundedHalfAwayFromZero(Double(sum[index]) * Double(Int(fade) - index) / Double(fade)))
        }
        return sum.map { Int16(clamping: $0) }
    }

    // MARK: The session's guide, shaped as scheduled so far

    /// Adds the guide's samples of [position, position + sum.count) to `sum`. After a `cut`, the guide fades in from
    /// `position`. Ducks that ended half a minute before `position` are forgotten: no sink renders that far back again.
    package mutating func add(into sum: inout [Int32], from position: Int64) {
        if isCut {
            shaping.fadeIn(at: position)
            isCut = false
        }
        shaping.forget(endingBefore: position - 30 * Int64(plan.sampleRate))
        add(into: &sum, from: position, shaping: shaping)
    }

    /// The timeline stops at `position` (a pause): the guide's fade-out, to play there; the next render fades in.
    package mutating func cut(at position: Int64) -> [Int16] {
        isCut = true
        return tail(from: position, shaping: shaping)
    }

    /// A spoken clip on [start, end), scheduled with the timeline rendered up to `renderedEnd`: the guide ducks under it.
    package mutating func duck(start: Int64, end: Int64, renderedEnd: Int64) {
        shaping.duck(start: start, end: end, renderedEnd: renderedEnd)
    }

    /// A phrase speech-dispatcher says on its own stream (no length on this timeline), sent
    /// `dispatcherDelaySamples` after `start` is heard: the guide ducks from `start` under the time it may take
    /// (`GuideShaping.dispatcherPhraseSamples`).
    package mutating func duck(underDispatched text: String, start: Int64, wordsPerMinute: Int, renderedEnd: Int64) {
        let length = GuideShaping.dispatcherPhraseSamples(
            text, wordsPerMinute: wordsPerMinute, sampleRate: plan.sampleRate)
        let delay = Self.dispatcherDelaySamples(sampleRate: plan.sampleRate)
        shaping.duck(start: start, end: start + delay + length, renderedEnd: renderedEnd)
    }

    /// How long after its sample is heard a phrase for speech-dispatcher is sent over the guide: 150 ms, so the guide
    /// is down before the daemon's first sound. The guide ducks from the sample, which the session knows exactly; the
    /// daemon speaks when we send, and "heard" is the sound server's estimate, which runs ahead of the speakers: by
    /// about 0.1 s on a quiet machine (the daemon's first sound came 40 ms before the guide went down), by 0.3 s at a
    /// session's first boundary on a loaded one (seen: 0.18 s before the guide went down).
    package static func dispatcherDelaySamples(sampleRate: Int) -> Int64 { Int64(sampleRate * 15 / 100) }

    /// The timeline jumps from `position` to `target` (a skip): the ducks under way move along and the guide fades in
    /// at `target`. Returns the guide's fade-out from `position`, to play at `target` over the fade-in.
    package mutating func seek(from position: Int64, to target: Int64) -> [Int16] {
        let fadeOut = tail(from: position, shaping: shaping)
        shaping.seek(from: position, to: target)
        return fadeOut
    }
}

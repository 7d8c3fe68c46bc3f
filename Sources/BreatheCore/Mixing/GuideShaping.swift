/// How the guide sound is shaped around the rest of the session: ducked under every spoken clip, faded in where the
/// timeline jumped or started again (a skip, a resume).
///
/// Everything here is a function of the sample position and of what was scheduled, so a stretch rendered again after a
/// live flush comes out the same. A duck never reaches back over what was already rendered (`renderedEnd`): when a
/// clip is scheduled to start right away, the guide goes down over the first `rampSamples` of it instead of before it.
struct GuideShaping: Sendable {
    /// The guide's level under speech: −32 dB, so that it stays at least 12 dB under every stretch of a phrase that
    /// is heard at all, in every language (GuideRenderTests measures it; French's softest stretches came to 11.7 dB
    /// at −30 dB).
    static let duckGain = 0.025
    /// How long the guide takes to go down under speech and to come back: 10 ms, short enough that a phrase said at
    /// once has the guide down within its first sound, long enough to be no click (a step of at most 2 % of the
    /// guide's peak from one sample to the next).
    static func rampSamples(sampleRate: Int) -> Int64 { Int64(max(1, sampleRate / 100)) }
    /// How long the guide takes to fade in after a jump, and to fade out before it (50 ms).
    static func fadeSamples(sampleRate: Int) -> Int64 { Int64(max(1, sampleRate / 20)) }

    /// How long to keep the guide down under a phrase speech-dispatcher says from the moment its sample is heard: the
    /// daemon speaks on a stream of its own, so the phrase has no length on our timeline. Its words at the session's
    /// rate (a word counted as at least six characters, spaces included, for long words), a quarter more for a
    /// slower voice, and half a second for the daemon to start and the voice to fade. Too long only keeps the guide
    /// low a little longer; too short would play it at full level under the end of the phrase.
    static func dispatcherPhraseSamples(_ text: String, wordsPerMinute: Int, sampleRate: Int) -> Int64 {
        let words = max(text.split(whereSeparator: \.isWhitespace).count, (text.count + 5) / 6, 1)
        let milliseconds = words * 60_000 * 5 / (4 * max(1, wordsPerMinute)) + 500
        return Int64(milliseconds) * Int64(sampleRate) / 1000
    }

    /// One spoken clip: the guide goes down over [from, full), stays down until `end` and comes back up over
    /// [end, end + ramp).
    struct Duck: Hashable, Sendable {
        var from: Int64
        var full: Int64
        var end: Int64

        func moved(by offset: Int64) -> Duck { Duck(from: from + offset, full: full + offset, end: end + offset) }
    }

    let sampleRate: Int
    let ramp: Int64
    let fade: Int64
    /// The clips the guide ducks under.
    private(set) var ducks: [Duck] = []
    /// Where the guide fades in from silence (after a skip or a resume), if it does.
    private(set) var fadeInFrom: Int64?

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
        ramp = GuideShaping.rampSamples(sampleRate: sampleRate)
        fade = GuideShaping.fadeSamples(sampleRate: sampleRate)
    }

    /// A spoken clip on [start, end), scheduled when the timeline had been rendered up to `renderedEnd`: the guide
    /// goes down over the `rampSamples` before it (down by the grid point before it: the level between two grid
    /// points is interpolated), or, scheduled too late for that (a phrase said at once), from the
    /// first grid point not yet rendered (`GuideSound.gridSamples`) over one grid step (3 ms, still a step smaller
    /// than the chord's own from one sample to the next), so no sample already written changes. It comes back up
    /// from the first grid point at or after the clip's end: the level between two grid points is interpolated, so it
    /// never starts rising under the clip's last sound.
    mutating func duck(start: Int64, end: Int64, renderedEnd: Int64) {
        let grid = Int64(GuideSound.gridSamples)
        let down = Self.gridPoint(atOrAfter: start + 1) - grid
        let from = max(down - ramp, Self.gridPoint(atOrAfter: renderedEnd))
        let full = max(down, from + grid)
        ducks.append(Duck(from: from, full: full, end: max(Self.gridPoint(atOrAfter: end), full)))
    }

    /// The first point of the guide's grid at or after `position`.
    static func gridPoint(atOrAfter position: Int64) -> Int64 {
        let grid = Int64(GuideSound.gridSamples)
        return (max(0, position) + grid - 1) / grid * grid
    }

    /// The guide fades in from silence at `position`.
    mutating func fadeIn(at position: Int64) {
        fadeInFrom = position
    }

    /// The timeline jumps from `position` to `target`: a clip under way moves along with it (as in `TimelineMixer`),
    /// the others are dropped, and the guide fades in at `target`.
    mutating func seek(from position: Int64, to target: Int64) {
        ducks = ducks.compactMap { duck in
            duck.from < position && duck.end > position ? duck.moved(by: target - position) : nil
        }
        fadeInFrom = target
    }

    /// Forgets what cannot change the guide at or after `position`.
    mutating func forget(endingBefore position: Int64) {
        ducks.removeAll { $0.end + ramp <= position }
        if let fadeInFrom, fadeInFrom + fade <= position { self.fadeInFrom = nil }
    }

    /// The ducking gain at `position`: 1 away from speech, `duckGain` under it, linear ramps between.
    func duckGain(at position: Int64) -> Double {
        var weight = 0.0
        for duck in ducks where position > duck.from && position < duck.end + ramp {
            let down = min(1, Double(position - duck.from) / Double(duck.full - duck.from))
            let up = min(1, Double(duck.end + ramp - position) / Double(ramp))
            weight = max(weight, min(down, up))
        }
        return Self.gain(weight: weight)
    }

    /// The gain for a ducking weight, 0 (not ducked) to 1 (under speech).
    static func gain(weight: Double) -> Double {
        1 - (1 - GuideShaping.duckGain) * weight
    }

    /// The fade-in's gain at `position`: 0 at the jump, 1 after `fadeSamples`; 1 before the jump (never rendered again).
    func fadeGain(at position: Int64) -> Double {
        guard let fadeInFrom, position >= fadeInFrom, position < fadeInFrom + fade else { return 1 }
        return Double(position - fadeInFrom) / Double(fade)
    }

    /// The stretch [start, start + count) where a fade-in is under way, if it meets it.
    func fading(from start: Int64, count: Int) -> Bool {
        guard let fadeInFrom else { return false }
        return fadeInFrom < start + Int64(count) && fadeInFrom + fade > start
    }
}

/// The cue tones, generated at the engine's rate so that each phase sounds different with eyes closed.
///
/// Design:
/// - Every tone is a sine whose frequency glides linearly (phase is accumulated sample by sample, so the glide has no
///   steps; `samples` says how), shaped by an envelope: a raised-cosine attack of 12 ms from exactly zero and a
///   raised-cosine release of 90 ms down to exactly zero. Starting and ending at zero is what keeps a tone from
///   clicking.
/// - Inhale rises a fifth, 440 → 660 Hz, over 380 ms: breath going up.
/// - Exhale falls the same fifth, 660 → 440 Hz: breath going down.
/// - Hold is a soft, steady 523 Hz (C5) for 300 ms, at 55 % of the level: nothing moves.
/// - Rest is a very soft, low, steady 392 Hz (G4) for 200 ms, at 25 %: present for timing, easy to ignore.
/// - Frequencies stay in 400–700 Hz, where small laptop speakers are clear and far below the 11 025 Hz Nyquist limit.
/// - `volume` 0–100 scales the peak linearly; 100 peaks at 40 % of full scale, leaving room for speech mixed on top.
struct CueTone: Hashable, Sendable {
    var startHertz: Double
    var endHertz: Double
    var milliseconds: Int
    /// The level relative to the other tones, 0–1.
    var level: Double

    /// The tone that marks the start of a phase.
    static func cue(for kind: PhaseKind) -> CueTone {
        switch kind {
        case .inhale: CueTone(startHertz: 440, endHertz: 660, milliseconds: 380, level: 1)
        case .exhale: CueTone(startHertz: 660, endHertz: 440, milliseconds: 380, level: 1)
        case .hold: CueTone(startHertz: 523.25, endHertz: 523.25, milliseconds: 300, level: 0.55)
        case .rest: CueTone(startHertz: 392, endHertz: 392, milliseconds: 200, level: 0.25)
        }
    }

    /// Attack and release lengths, in milliseconds.
    static let attackMilliseconds = 12
    static let releaseMilliseconds = 90
    /// The peak at volume 100, as a fraction of full scale.
    static let fullLevel = 0.4

    /// The tone as signed 16-bit samples at `sampleRate`, at `volume` 0–100. Volume 0 gives silence of the same length.
    ///
    /// How it is computed: the phase step grows linearly with the sample index (the glide), so the phase is carried as
    /// a unit complex number that is multiplied by the step's rotation each sample, and the step's rotation is itself
    /// multiplied by a constant rotation each sample: two complex multiplications a sample, the same accumulated phase
    /// as adding the steps up. The envelopes' raised cosines turn the same way, at a constant rate. `sine` and `cosine`
    /// run only for the starting values, a few times a tone; the result matches evaluating `sine` of the summed phase
    /// per sample to within one step of the 16-bit scale (CueToneTests checks every sample).
    func samples(sampleRate: Int, volume: Int) -> [Int16] {
        let count = milliseconds * sampleRate / 1000
        let attack = max(1, CueTone.attackMilliseconds * sampleRate / 1000)
        let release = max(1, CueTone.releaseMilliseconds * sampleRate / 1000)
        let peak = 32767 * CueTone.fullLevel * level * Double(min(max(volume, 0), 100)) / 100
        var result = [Int16](repeating: 0, count: count)
        let twoPi = 2 * Double.pi
        // The phase, exp(i·phase), starts at 0; the step from sample n to n + 1 is exp(i·2π·hertz(n)/rate), and
        // hertz(n) rises by (end − start)/(count − 1) a sample, so the step turns by a constant exp(i·glide).
        let firstStep = twoPi * startHertz / Double(sampleRate)
        let glide = count > 1 ? twoPi * (endHertz - startHertz) / (Double(sampleRate) * Double(count - 1)) : 0
        var phase = (real: 1.0, imaginary: 0.0)
        var step = unitCircle(firstStep)
        let turn = unitCircle(glide)
        // The attack's cosine climbs from 0 by π/attack a sample; the release's comes down by π/release a sample and
        // reaches 0 on the last sample.
        var attackCosine = (real: 1.0, imaginary: 0.0)
        let attackTurn = unitCircle(Double.pi / Double(attack))
        let releaseStart = max(attack, count - release)
        var releaseCosine = unitCircle(Double.pi * Double(count - 1 - releaseStart) / Double(release))
        let releaseTurn = unitCircle(-Double.pi / Double(release))
        result.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count {
                var gain = 1.0
                if index < attack {
                    gain = 0.5 - 0.5 * attackCosine.real
                    attackCosine = rotate(attackCosine, by: attackTurn)
                } else if index >= releaseStart {
                    gain = 0.5 - 0.5 * releaseCosine.real
                    releaseCosine = rotate(releaseCosine, by: releaseTurn)
                }
                buffer[index] = Int16(roundedHalfAwayFromZero(peak * gain * phase.imaginary))
                phase = rotate(phase, by: step)
                step = rotate(step, by: turn)
            }
        }
        return result
    }
}

/// `value.rounded()` (to nearest, halves away from zero) for |value| < 2⁵², without a call into the C library's `round`,
/// which in the loop above would cost more than the rest of a sample: the fraction left by truncation is exact.
@inline(__always)
func roundedHalfAwayFromZero(_ value: Double) -> Int {
    let whole = Int(value)
    let fraction = value - Double(whole)
    if fraction >= 0.5 { return whole + 1 }
    if fraction <= -0.5 { return whole - 1 }
    return whole
}

/// cos θ + i·sin θ, the point at angle θ on the unit circle.
private func unitCircle(_ angle: Double) -> (real: Double, imaginary: Double) {
    (cosine(angle), sine(angle))
}

/// The complex product `point` · `turn`: `point` turned by `turn`'s angle.
@inline(__always)
private func rotate(
    _ point: (real: Double, imaginary: Double), by turn: (real: Double, imaginary: Double)
) -> (real: Double, imaginary: Double) {
    (
        point.real * turn.real - point.imaginary * turn.imaginary,
        point.real * turn.imaginary + point.imaginary * turn.real
    )
}

// Core avoids Foundation and Glibc: a short Taylor series is exact enough for 16-bit audio.
/// sin(x) for any x, to about 1e-9.
func sine(_ x: Double) -> Double {
    let twoPi = 2 * Double.pi
    var y = x - twoPi * (x / twoPi).rounded(.down) // 0..<2π
    var sign = 1.0
    if y > Double.pi {
        y -= Double.pi
        sign = -1
    } // 0..<π
    if y > Double.pi / 2 { y = Double.pi - y } // 0...π/2
    let y2 = y * y
    var term = y
    var sum = y
    for n in stride(from: 2, through: 22, by: 2) {
        term *= -y2 / Double(n * (n + 1))
        sum += term
    }
    return sign * sum
}

/// cos(x) for any x.
func cosine(_ x: Double) -> Double {
    sine(x + Double.pi / 2)
}

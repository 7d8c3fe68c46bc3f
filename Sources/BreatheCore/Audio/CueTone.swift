/// The cue tones, generated at the engine's rate so that each phase sounds different with eyes closed.
///
/// Design:
/// - Every tone is a sine whose frequency glides linearly (phase is accumulated sample by sample, so the glide has no
///   steps), shaped by an envelope: a raised-cosine attack of 12 ms from exactly zero and a raised-cosine release of
///   90 ms down to exactly zero. Starting and ending at zero is what keeps a tone from clicking.
/// - Inhale rises a fifth, 440 → 660 Hz, over 380 ms: breath going up.
/// - Exhale falls the same fifth, 660 → 440 Hz: breath going down.
/// - Hold is a soft, steady 523 Hz (C5) for 300 ms, at 55 % of the level: nothing moves.
/// - Rest is a very soft, low, steady 392 Hz (G4) for 200 ms, at 25 %: present for timing, easy to ignore.
/// - Frequencies stay in 400–700 Hz, where small laptop speakers are clear and far below the 11 025 Hz Nyquist limit.
/// - `volume` 0–100 scales the peak linearly; 100 peaks at 40 % of full scale, leaving room for speech mixed on top.
package struct CueTone: Hashable, Sendable {
    package var startHertz: Double
    package var endHertz: Double
    package var milliseconds: Int
    /// The level relative to the other tones, 0–1.
    package var level: Double

    package init(startHertz: Double, endHertz: Double, milliseconds: Int, level: Double) {
        self.startHertz = startHertz
        self.endHertz = endHertz
        self.milliseconds = milliseconds
        self.level = level
    }

    /// The tone that marks the start of a phase.
    package static func cue(for kind: PhaseKind) -> CueTone {
        switch kind {
        case .inhale: CueTone(startHertz: 440, endHertz: 660, milliseconds: 380, level: 1)
        case .exhale: CueTone(startHertz: 660, endHertz: 440, milliseconds: 380, level: 1)
        case .hold: CueTone(startHertz: 523.25, endHertz: 523.25, milliseconds: 300, level: 0.55)
        case .rest: CueTone(startHertz: 392, endHertz: 392, milliseconds: 200, level: 0.25)
        }
    }

    /// Attack and release lengths, in milliseconds.
    package static let attackMilliseconds = 12
    package static let releaseMilliseconds = 90
    /// The peak at volume 100, as a fraction of full scale.
    package static let fullLevel = 0.4

    /// The tone as signed 16-bit samples at `sampleRate`, at `volume` 0–100. Volume 0 gives silence of the same length.
    package func samples(sampleRate: Int, volume: Int) -> [Int16] {
        let count = milliseconds * sampleRate / 1000
        let attack = max(1, CueTone.attackMilliseconds * sampleRate / 1000)
        let release = max(1, CueTone.releaseMilliseconds * sampleRate / 1000)
        let peak = 32767 * CueTone.fullLevel * level * Double(min(max(volume, 0), 100)) / 100
        var result = [Int16](repeating: 0, count: count)
        var phase = 0.0
        let twoPi = 2 * Double.pi
        for index in 0..<count {
            let progress = count > 1 ? Double(index) / Double(count - 1) : 0
            let hertz = startHertz + (endHertz - startHertz) * progress
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

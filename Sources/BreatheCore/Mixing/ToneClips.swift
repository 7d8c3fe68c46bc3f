/// The cue tones of a session at one level, each made the first time a phase asks for it: the first sound waits only
/// for its own tone, and a change of level (`[`, `]`) costs nothing until the next cue.
package struct ToneClips: Sendable {
    /// The level, 0–100; nil: tones off, no phase has one.
    package let volume: Int?
    let sampleRate: Int
    /// By phase kind, in `PhaseKind.allCases` order: an array, not a dictionary, so that no hashing runs on the way to
    /// the first sound.
    private var made: [AudioClip?] = Array(repeating: nil, count: PhaseKind.allCases.count)

    /// The tones at `volume` (nil: none).
    package init(sampleRate: Int, volume: Int?) {
        self.sampleRate = sampleRate
        self.volume = volume
    }

    /// True with tones off.
    var isEmpty: Bool { volume == nil }

    /// The same tones at another level, none made yet.
    package func at(volume: Int) -> ToneClips {
        isEmpty ? self : ToneClips(sampleRate: sampleRate, volume: volume)
    }

    /// The tone of `kind` (nil with tones off), made now if no phase has asked for it yet.
    package mutating func clip(for kind: PhaseKind) -> AudioClip? {
        guard let volume else { return nil }
        let index = ToneClips.index(of: kind)
        if let clip = made[index] { return clip }
        let clip = AudioClip(CueTone.cue(for: kind).samples(sampleRate: sampleRate, volume: volume))
        made[index] = clip
        return clip
    }

    private static func index(of kind: PhaseKind) -> Int {
        switch kind {
        case .inhale: 0
        case .hold: 1
        case .exhale: 2
        case .rest: 3
        }
    }
}

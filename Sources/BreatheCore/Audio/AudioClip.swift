/// A piece of sound ready to play: mono signed 16-bit samples at the engine's rate.
public struct AudioClip: Hashable, Sendable {
    public var samples: [Int16]

    public init(_ samples: [Int16]) {
        self.samples = samples
    }

    public var count: Int { samples.count }
    public var isEmpty: Bool { samples.isEmpty }
}

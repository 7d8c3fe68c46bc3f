/// A piece of sound ready to play: mono signed 16-bit samples at the engine's rate.
package struct AudioClip: Hashable, Sendable {
    package var samples: [Int16]

    package init(_ samples: [Int16]) {
        self.samples = samples
    }

    package var count: Int { samples.count }
    var isEmpty: Bool { samples.isEmpty }
}

/// Cuts near-silence off both ends of a phrase while it is being synthesized, so the phrase can go straight to its
/// destination (the phrase cache's file) without ever being held whole.
///
/// What comes out is exactly the samples from the first one above the threshold to the last one: quiet samples after
/// a loud one are held back until another loud one follows, and dropped at the end.
package struct SilenceTrimmer {
    /// Samples within ±48 of zero are near-silence.
    static let threshold: Int16 = 48

    private var started = false
    /// Quiet samples after the last loud one: inside the phrase if a loud one follows, trailing silence if none does.
    private var pending: [Int16] = []

    package init() {}

    static func isLoud(_ sample: Int16) -> Bool { sample > threshold || sample < -threshold }

    /// Takes the next samples; `emit` hears, in order, those now known to be part of the trimmed phrase.
    package mutating func feed(_ chunk: UnsafeBufferPointer<Int16>, _ emit: (UnsafeBufferPointer<Int16>) -> Void) {
        var start = chunk.startIndex
        if !started {
            guard let first = chunk.firstIndex(where: SilenceTrimmer.isLoud) else { return }
            started = true
            start = first
        }
        guard let last = chunk[start...].lastIndex(where: SilenceTrimmer.isLoud) else {
            pending.append(contentsOf: chunk[start...])
            return
        }
        if !pending.isEmpty {
            pending.withUnsafeBufferPointer(emit)
            pending.removeAll(keepingCapacity: true)
        }
        emit(UnsafeBufferPointer(rebasing: chunk[start...last]))
        pending.append(contentsOf: chunk[(last + 1)...])
    }
}

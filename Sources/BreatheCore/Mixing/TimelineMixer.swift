/// Mixes clips placed at absolute positions on the session timeline into blocks of samples.
///
/// Each clip starts exactly on its sample, whatever the block boundaries; clips that overlap (a tone and a phrase that
/// start together) are summed and clipped to 16 bits, never queued one after the other. The mixer holds no clock: the
/// runner asks for the block [position, position + count) and the mixer works out which part of each clip falls there.
///
/// Rendering forgets nothing: a live runner renders seconds ahead and may render the same stretch again after a flush
/// (a key takes effect where the listener is, not where rendering got to). It calls `forget(endingBefore:)` with the
/// position that can no longer be rendered again (what is heard, or for a file what is written).
package struct TimelineMixer: Sendable {
    struct Placed: Sendable {
        var start: Int64
        var clip: AudioClip
        var end: Int64 { start + Int64(clip.count) }
    }

    private var placed: [Placed] = []

    package init() {}

    /// Clips not yet forgotten.
    var pendingCount: Int { placed.count }

    /// Where the last clip not yet forgotten ends (nil: none).
    package var lastEnd: Int64? { placed.map(\.end).max() }

    /// Forgets the clips that end at or before `position`: that stretch will not be rendered again.
    package mutating func forget(endingBefore position: Int64) {
        placed.removeAll { $0.end <= position }
    }

    /// Places `clip` so that its first sample plays at `position`.
    package mutating func schedule(_ clip: AudioClip, at position: Int64) {
        guard !clip.isEmpty else { return }
        placed.append(Placed(start: position, clip: clip))
    }

    /// The timeline jumps from `current` to `target`: clips not yet started are dropped, and a clip under way keeps
    /// playing from where it was, so a skip never cuts a word in half.
    package mutating func seek(from current: Int64, to target: Int64) {
        placed = placed.compactMap { item in
            guard item.start < current, item.end > current else { return nil }
            var moved = item
            moved.start += target - current
            return moved
        }
    }

    /// Drops every clip that has not started by `position` (the timeline is left where it is).
    mutating func dropUnstarted(after position: Int64) {
        placed.removeAll { $0.start >= position }
    }

    /// The mixed samples of [position, position + count). Nothing is forgotten (see `forget(endingBefore:)`).
    package mutating func render(from position: Int64, count: Int) -> [Int16] {
        guard count > 0 else { return [] }
        let end = position + Int64(count)
        // Silence (most of a session) needs no mixing.
        guard placed.contains(where: { $0.start < end && $0.end > position }) else {
            return [Int16](repeating: 0, count: count)
        }
        var sum = [Int32](repeating: 0, count: count)
        add(into: &sum, from: position)
        return sum.map { Int16(clamping: $0) }
    }

    /// Adds the clips of [position, position + sum.count) into `sum`, unclipped: for a caller that mixes more in (the
    /// guide sound) before clipping once.
    package func add(into sum: inout [Int32], from position: Int64) {
        let end = position + Int64(sum.count)
        for item in placed where item.start < end && item.end > position {
            let from = max(position, item.start)
            let to = min(end, item.end)
            item.clip.samples.withUnsafeBufferPointer { samples in
                var clipIndex = Int(from - item.start)
                for index in Int(from - position)..<Int(to - position) {
                    sum[index] += Int32(samples[clipIndex])
                    clipIndex += 1
                }
            }
        }
    }
}

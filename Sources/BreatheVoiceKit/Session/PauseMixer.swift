import BreatheCore

/// What is said while a session is paused ("Paused", the answer to a key): a timeline of its own, off the session's,
/// which stands still. It starts again, empty, at every pause and every resume.
package struct PauseMixer {
    private var mixer = TimelineMixer()
    /// How far it has been played.
    private(set) var position: Int64 = 0

    /// Something is still to be played.
    var hasMore: Bool { (mixer.lastEnd ?? 0) > position }

    /// Where what is scheduled ends (at least where playing has got to).
    var end: Int64 { max(position, mixer.lastEnd ?? position) }

    /// Plays `clip` after everything scheduled so far (never over it): "Paused" after the guide's fade-out, a second
    /// answer after the first.
    mutating func schedule(_ clip: AudioClip) {
        mixer.schedule(clip, at: end)
    }

    /// The next `count` samples, and forgets what was played.
    mutating func take(_ count: Int) -> [Int16] {
        let block = mixer.render(from: position, count: count)
        position += Int64(count)
        mixer.forget(endingBefore: position)
        return block
    }
}

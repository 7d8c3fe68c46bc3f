import BreatheCore
import BreatheSystem

/// A session rendered into a file: block by block, as fast as it can. A timer splits a block at its deadline, so each
/// event happens on exactly its sample: the WAV is byte for byte the same whatever the machine.
struct RenderPacer<Sink: AudioSink>: SessionPacer {
    var sink: Sink
    /// Samples per block while something waits to be handed over: 5 ms, so lines come out with their blocks.
    let blockSamples: Int
    private(set) var position: Int64 = 0
    private(set) var isUp = true

    package init(sink: Sink, blockSamples: Int = AudioFormat.sampleRate / 200) {
        self.sink = sink
        self.blockSamples = max(1, blockSamples)
    }

    var releaseAhead: Int64 { Int64(blockSamples) }
    var waitsForClosingWords: Bool { true }
    var waiter: (any SessionWaiter)? { nil }

    mutating func observe(now: UInt64) {}
    mutating func heard() -> Int64 { position }
    package mutating func check(now: UInt64) throws(BreatheError) {}
    mutating func wakeUp(timer: Int64?, nextHeard: Int64?, now: UInt64) -> UInt64? { now }
    mutating func asideWakeUp(now: UInt64) -> UInt64? { now }
    mutating func isDue(_ deadline: Int64) -> Bool { deadline <= position }
    mutating func arrive(at deadline: Int64) {}

    /// The next block; 20 ms while nothing waits to be handed over (a quarter of the wake-ups: cue onsets do not depend
    /// on it, a timer splits the block at its deadline).
    mutating func advance(toward limit: Int64?, sound: inout SessionSound, eager: Bool) throws(BreatheError) {
        let size = eager ? blockSamples : 4 * blockSamples
        let end = min(position + Int64(size), limit ?? Int64.max)
        let block = sound.render(from: position, count: Int(end - position))
        sound.forget(endingBefore: end)
        try sink.write(block)
        position = end
    }

    mutating func playAside(_ pause: inout PauseMixer) throws(BreatheError) {
        try sink.write(pause.take(blockSamples))
    }

    mutating func rewind(_ sound: inout SessionSound) {}
    mutating func flush() {}
    mutating func jump(to target: Int64, now: UInt64) { position = target }
    package mutating func pause() { sink.flush() }
    package mutating func resume(now: UInt64) {}
    mutating func lose(pausing: Bool) { isUp = false }

    mutating func reconnect() throws(BreatheError) {
        try sink.reconnect()
        isUp = true
    }

    mutating func finish(stopped: Bool) throws(BreatheError) {
        try sink.end(stopped: stopped, reachable: isUp)
    }

    mutating func report(to timing: inout HeardEstimate, now: UInt64) { timing.forgetReport() }
}

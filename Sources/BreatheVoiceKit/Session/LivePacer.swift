import BreatheCore
import BreatheSystem

/// A session played through a sound server: the sink is fed far ahead, as much as it asks for (seconds). Rendering
/// goes up to the next deadline; the deadline's event is applied only once the deadline is about to be heard
/// (`margin`), then the next phase is rendered ahead in one go. In between the loop sleeps in the server's own loop
/// (`waiter`) until the next effect is heard, the next deadline nears, the display wants a refresh or the server wants
/// more.
///
/// An input that changes what is heard first flushes what is queued and rewinds the position to the heard one (never
/// behind the latest transition, which rendering only crosses when it is about to be heard), so the key is heard at
/// once and what it schedules "now" plays now. The mixer keeps its clips until they are heard, so the stretch flushed
/// is rendered again the same.
struct LivePacer<Sink: AudioSink>: SessionPacer {
    var sink: Sink
    /// How early an effect may be handed over before its sample is heard.
    let blockSamples: Int
    /// How long before its deadline is heard a timer's event is applied (and the next phase rendered). Enough for a
    /// late wake-up, so the buffer never runs dry; a key pressed in this window takes effect at the deadline.
    var margin: Int64 = Int64(AudioFormat.sampleRate) * 3 / 10
    private(set) var position: Int64 = 0
    private(set) var isUp = true
    /// Where the latest timer's transition (or a skip) was applied: a rewind never goes behind it.
    private var lastApplied: Int64 = 0
    /// The heard position at the latest look, for a server that goes away.
    private var lastHeard: Int64 = 0
    /// Since when (ns) the heard position has stood still while everything up to the timer's deadline is written.
    private var standingSince: UInt64?
    /// The heard position had stood still for `standstillNanoseconds` at the latest check.
    private var standstill = false
    /// How long the heard position may stand still, with the phase written up to its end, before the deadline is
    /// taken as heard: a server that stopped playing after an underrun (its buffer empty, its read position no longer
    /// reported as moving) would otherwise wait for samples the session only writes once the deadline is heard.
    private static var standstillNanoseconds: UInt64 { 1_500_000_000 }
    private let sampleRate: Int64
    /// When a sample is heard, from the sink's reports (`HeardEstimate.bounded(_:now:)`).
    private var estimate: HeardEstimate
    /// The latest time the loop gave.
    private var now: UInt64 = 0

    /// The longest the loop sleeps without looking at the sink while the timeline moves (ms). Between cues nothing is
    /// due: the sink's own wait ends sooner when the server has been quiet too long (`SoundServerPatience`), and the
    /// server's requests for data, a key or a signal end it at once.
    private static var longestSleep: Int64 { 5000 }
    /// The longest the loop sleeps while a pause's aside waits for room (ms).
    private static var longestWait: Int64 { 1000 }

    package init(sink: Sink, sampleRate: Int = AudioFormat.sampleRate, blockSamples: Int = AudioFormat.sampleRate / 200)
    {
        self.sink = sink
        self.sampleRate = Int64(sampleRate)
        estimate = HeardEstimate(sampleRate: sampleRate)
        self.blockSamples = max(1, blockSamples)
    }

    var releaseAhead: Int64 { Int64(blockSamples) }
    var isLate: Bool { isUp && sink.isLate }
    var waitsForClosingWords: Bool { true }
    var waiter: (any SessionWaiter)? { sink.waiter }

    mutating func observe(now: UInt64) { self.now = max(self.now, now) }

    /// The position written less the latency the sink reports, held to what the clock allows
    /// (`HeardEstimate.bounded(_:now:)`).
    mutating func heard() -> Int64 {
        estimate.bounded(position - sink.latencySamples(), now: now)
    }

    package mutating func check(now: UInt64) throws(BreatheError) {
        observe(now: now)
        try sink.checkConnection()
        let heard = heard()
        if heard != lastHeard || standingSince == nil { standingSince = now }
        standstill = now - (standingSince ?? now) >= Self.standstillNanoseconds
        lastHeard = heard
    }

    /// Until the sink wants more that can be rendered, `nextHeard` is heard, the timer's deadline is within the margin
    /// of being heard; `longestSleep` at most. At once while the server is gone (the next check says so).
    mutating func wakeUp(timer: Int64?, nextHeard: Int64?, now: UInt64) -> UInt64? {
        guard isUp else { return now }
        observe(now: now)
        let heard = heard()
        var until = Int64.max // samples after the heard one
        if let timer, timer <= position {
            until = timer - applyMargin() - heard
        } else if sink.writableSamples() > 0 {
            return now
        }
        if let nextHeard { until = min(until, nextHeard - Int64(blockSamples) - heard) }
        let milliseconds =
            until == Int64.max
            ? Self.longestSleep : until <= 0 ? 0 : min((until * 1000 + sampleRate - 1) / sampleRate, Self.longestSleep)
        return now + UInt64(milliseconds) * 1_000_000
    }

    mutating func asideWakeUp(now: UInt64) -> UInt64? {
        sink.writableSamples() > 0 ? now : now + UInt64(Self.longestWait) * 1_000_000
    }

    mutating func isDue(_ deadline: Int64) -> Bool {
        // A late server (a frozen one, until its silence makes it lost) is not a stopped one: nothing moves on.
        deadline <= position
            && (deadline - lastHeard <= applyMargin() || standstill && !sink.isLate && couldBeHeard(deadline))
    }

    /// A heard position that stands still (no timing report under load, or a server stopped after an underrun) takes
    /// the deadline as heard only once the clock says it could have been: what was left to play from where it stood
    /// has had its time. Before that, a phase's line would go out while its tone is still queued (seen: 0.7 s early,
    /// nine sessions inside Fenrir at once).
    private func couldBeHeard(_ deadline: Int64) -> Bool {
        guard let since = standingSince else { return true }
        let left = UInt64(max(0, deadline - lastHeard))
        return now >= since + left * 1_000_000_000 / UInt64(sampleRate)
    }

    mutating func arrive(at deadline: Int64) { lastApplied = position }

    /// As far as the sink asks, a quarter of a second at most per write (the first sound, and the first after a flush,
    /// is on its way while the rest of the queue is mixed), up to `limit`.
    mutating func advance(toward limit: Int64?, sound: inout SessionSound, eager: Bool) throws(BreatheError) {
        let limit = limit ?? Int64.max
        let writable = min(Int64(sink.writableSamples()), sampleRate / 4)
        if position < limit && writable > 0 {
            let end = min(limit, position + writable)
            try sink.write(sound.render(from: position, count: Int(end - position)))
            position = end
        }
        // Kept a little behind what is heard: a later timing report may put the heard position slightly back.
        sound.forget(endingBefore: lastHeard - sampleRate / 2)
    }

    mutating func playAside(_ pause: inout PauseMixer) throws(BreatheError) {
        let count = min(pause.end, pause.position + Int64(sink.writableSamples())) - pause.position
        if count > 0 { try sink.write(pause.take(Int(count))) }
    }

    /// Drops what is queued beyond the heard position and renders from there again. What the flush could not take back
    /// (the device's own short buffer, the latency reported right after it) plays on, so rendering resumes just after
    /// it and the timeline stays continuous. Never behind the latest timer's transition (its state is the machine's):
    /// the stretch up to it is written again as it was.
    mutating func rewind(_ sound: inout SessionSound) {
        guard isUp else { return }
        let heard = max(0, heard())
        guard max(heard, lastApplied) < position else { return }
        sink.flush()
        let resume = min(position, heard + sink.latencySamples())
        let target = max(resume, lastApplied)
        if target > resume {
            // A failure shows at the next check.
            try? sink.write(sound.render(from: resume, count: Int(target - resume)))
        }
        position = target
        estimate.forgetAnchor()
        sound.rewind(to: target)
    }

    mutating func flush() {
        sink.flush()
        estimate.forgetAnchor()
    }

    mutating func jump(to target: Int64, now: UInt64) {
        position = target
        lastApplied = target
        estimate.forgetAnchor()
    }

    package mutating func pause() { flush() }
    package mutating func resume(now: UInt64) { estimate.forgetAnchor() }

    /// What was queued ahead was never heard: a session that pauses does so where the listener was.
    mutating func lose(pausing: Bool) {
        isUp = false
        estimate.forgetAnchor()
        if pausing { position = max(lastApplied, min(position, lastHeard)) }
    }

    mutating func reconnect() throws(BreatheError) {
        try sink.reconnect()
        isUp = true
        estimate.forgetAnchor()
    }

    mutating func finish(stopped: Bool) throws(BreatheError) {
        try sink.end(stopped: stopped, reachable: isUp)
    }

    mutating func report(to timing: inout HeardEstimate, now: UInt64) {
        timing.record(heard: heard(), at: now)
    }

    /// `margin` of what a key could still flush, on top of what the device holds. Were the device's latency counted
    /// against the margin, a device holding more than the margin (a Bluetooth headset, a network sink) would have the
    /// queue run dry before every deadline.
    private mutating func applyMargin() -> Int64 { margin + sink.deviceLatencySamples() }
}

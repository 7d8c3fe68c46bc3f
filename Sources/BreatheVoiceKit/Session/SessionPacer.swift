import BreatheCore
import BreatheSystem

/// Decides, for the session loop, when its next step happens and where its sound goes. Three of them: `TextPacer`
/// (no sound: the timeline follows the clock), `RenderPacer` (a file: rendered block by block as fast as it can) and
/// `LivePacer` (a sound server: fed seconds ahead, events applied as they are about to be heard).
///
/// The loop owns everything else (the machine, the timer, what waits to be heard, the inputs, the presenters); the
/// pacer owns the timeline's position and the sink.
protocol SessionPacer {
    /// Where the timeline stands for what happens now: how far it has been rendered (a sink), or where the clock has
    /// it (text).
    var position: Int64 { get }
    /// How far ahead of what is heard something may be handed over to the presenters (samples).
    var releaseAhead: Int64 { get }
    /// The output can be written: false once the sound server went away, until a resume reaches it again.
    var isUp: Bool { get }
    /// True when there are closing words to wait for after the summary (a session with sound); without sound the
    /// session ends as soon as its summary is printed.
    var waitsForClosingWords: Bool { get }
    /// What the loop sleeps in when the sink has its own work to do meanwhile (a live sink's connection).
    var waiter: (any SessionWaiter)? { get }

    /// The loop starts, or has just read the clock: the text pacer's timeline follows it.
    mutating func observe(now: UInt64)
    /// The timeline position being heard now.
    mutating func heard() -> Int64
    /// Whether the sink is still there, before the next step while playing (a live sink: throws when it has gone);
    /// `now` on the loop's clock.
    mutating func check(now: UInt64) throws(BreatheError)
    /// When to wake next (ns on the loop's clock; nil: only for an input), while playing: for the timer at `timer`,
    /// and for `nextHeard`, the earliest sample something waits to be heard at.
    mutating func wakeUp(timer: Int64?, nextHeard: Int64?, now: UInt64) -> UInt64?
    /// When to wake next while paused with something said aside.
    mutating func asideWakeUp(now: UInt64) -> UInt64?
    /// Whether the timer at `deadline` is applied now.
    mutating func isDue(_ deadline: Int64) -> Bool
    /// The timer at `deadline` is applied now.
    mutating func arrive(at deadline: Int64)
    /// Moves the timeline toward `limit` (nil: no timer): renders from `sound` and writes. `eager`: something waits to
    /// be handed over, so blocks are short. Throws when the sound server has gone away.
    mutating func advance(toward limit: Int64?, sound: inout SessionSound, eager: Bool) throws(BreatheError)
    /// Plays what is said aside while paused.
    mutating func playAside(_ pause: inout PauseMixer) throws(BreatheError)
    /// Makes what is rendered next heard now (a key, a phrase said at once): a live sink drops what it has queued
    /// beyond what is heard and rendering goes on from there.
    mutating func rewind(_ sound: inout SessionSound)
    /// Drops what is queued and not yet heard.
    mutating func flush()
    /// The timeline jumped (a skip) to `target`.
    mutating func jump(to target: Int64, now: UInt64)
    /// The timeline stops (a pause) or moves again (a resume).
    mutating func pause()
    mutating func resume(now: UInt64)
    /// The sound server went away. `pausing`: the session pauses where the listener was.
    mutating func lose(pausing: Bool)
    /// Tries to reach the output again after it was lost.
    mutating func reconnect() throws(BreatheError)
    /// The sound server is late to answer (a live sink), short of being lost.
    var isLate: Bool { get }
    /// The session is over: what is queued is played out (or dropped, `stopped` by a signal), and the sink closed.
    mutating func finish(stopped: Bool) throws(BreatheError)
    /// Gives the timing report the sink's latest report: which sample is heard at `now`.
    mutating func report(to timing: inout HeardEstimate, now: UInt64)
}

extension SessionPacer {
    package var isLate: Bool { false }
}

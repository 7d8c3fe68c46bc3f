@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A live sink in virtual time: a server that plays queued samples as its clock moves, asks for more a request at a
/// time (like tlength and minreq), reports the queue as its latency, and moves its clock only while the runner waits.
/// It keeps what was heard, in order, so a test can compare it with a file render and find when a key took effect.
///
/// Behind the queue sits a device with a fixed latency (`deviceLatency`, reported with the queue, never flushed): a
/// sample taken from the queue is heard that much later. The server may also stall (`stalls`): for a while it plays
/// silence without taking from the queue, as when it drops out, so everything after is heard that much later.
final class VirtualLiveSink: AudioSink, SessionWaiter {
    let target: Int
    let request: Int
    /// The virtual clock: samples of time since the start.
    private(set) var clock: Int64 = 0
    private var queue: [Int16] = []
    private(set) var heard: [Int16] = []
    /// Samples of silence played because nothing was queued while the session was playing.
    private(set) var underruns = 0
    /// The device's own latency, in samples: what it holds, taken from the queue and not yet heard (silence at first).
    let deviceLatency: Int
    private var device: [Int16]
    /// Moments of the virtual clock at which the server stops taking from the queue, and for how many samples.
    var stalls: [(at: Int64, samples: Int64)] = []
    /// Samples of silence played during stalls.
    private(set) var dropped = 0
    private(set) var flushes = 0
    /// Waits that slept (a timeout above zero), and how many samples the longest shortest one covered.
    private(set) var sleeps = 0
    /// Keys to press at given moments of the virtual clock: the first input source is marked ready then.
    var keys: [(at: Int64, input: SessionInput)] = []
    private var pressed: SessionInput?
    var playing = true
    /// Whether the device's latency is reported apart (as PulseAudio's `sink_usec`), or only within the total.
    var reportsDeviceLatency = true
    /// From this moment of the virtual clock the server's latency reports stop moving (a stale timing report), until a
    /// write arrives after its queue ran empty: a server that stopped after an underrun and waits for more.
    var freezesReportsAt: Int64?
    private var frozenLatency: Int64?
    private var ranEmpty = false
    /// From `from` until `until` on the virtual clock, the latency reported is `by` samples short of the truth (a stale
    /// or over-interpolated timing report): the heard position it gives runs ahead of what is heard.
    var underreports: (from: Int64, until: Int64, by: Int64)?
    /// Writes that came after the queue ran empty while the reports were frozen.
    private(set) var writesAfterStandstill = 0
    /// libpulse's bookkeeping, as the live sink sees it: the server asks for more once `request` samples have played
    /// since it last asked, and what it asked for stays writable until it is written (more may be written: the queue
    /// then runs past `target` until the server asks again). Without it, the sink is writable only while a whole
    /// request is free, and only as far as `target`.
    var keepsRequests = false
    /// Asked for and not written yet (below zero: written beyond what was asked).
    private var requested: Int
    /// Played (or flushed) since the server last asked.
    private var missing = 0

    init(targetSamples: Int = 44_100, requestSamples: Int = 11_025, deviceLatency: Int = 0) {
        target = targetSamples
        request = requestSamples
        requested = targetSamples
        self.deviceLatency = deviceLatency
        device = [Int16](repeating: 0, count: deviceLatency)
    }

    /// The virtual clock in nanoseconds, for the runner's `clock` (a sample rate of 22 050 Hz).
    var nanoseconds: UInt64 { UInt64(clock) * 1_000_000_000 / 22_050 }

    var waiter: (any SessionWaiter)? { self }

    /// The source to give the runner's poller: it reads the key the clock reached.
    var source: SessionInputs.Source {
        SessionInputs.Source(fileDescriptor: -1) { [unowned self] in
            defer { pressed = nil }
            return pressed
        }
    }

    /// The most samples one write brought, and the most that were queued at once.
    private(set) var largestWrite = 0
    private(set) var mostQueued = 0

    func write(_ samples: [Int16]) throws(BreatheError) {
        if ranEmpty {
            writesAfterStandstill += 1
            ranEmpty = false
            frozenLatency = nil
            freezesReportsAt = nil
        }
        queue += samples
        requested -= samples.count
        largestWrite = max(largestWrite, samples.count)
        mostQueued = max(mostQueued, queue.count)
    }
    func latencySamples() -> Int64 {
        let latency = frozenLatency ?? Int64(queue.count + deviceLatency)
        if let dip = underreports, (dip.from..<dip.until).contains(clock) { return max(0, latency - dip.by) }
        return latency
    }
    func deviceLatencySamples() -> Int64 { Int64(reportsDeviceLatency ? deviceLatency : 0) }
    func writableSamples() -> Int {
        if keepsRequests { return max(0, requested) }
        return target - queue.count >= request ? target - queue.count : 0
    }
    func flush() {
        taken(queue.count)
        queue.removeAll()
        flushes += 1
    }
    func finish() throws(BreatheError) {
        heard += device + queue
        device.removeAll()
        queue.removeAll()
    }
    func reconnect() throws(BreatheError) {}

    func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        guard timeoutMilliseconds != 0 else { return 0 }
        sleeps += 1
        var advance = timeoutMilliseconds < 0 ? Int64.max : Int64(timeoutMilliseconds) * 22_050 / 1000
        // The server asks for more once a request's worth has played.
        if keepsRequests {
            if !queue.isEmpty { advance = min(advance, Int64(min(queue.count, request - missing))) }
        } else if queue.count > target - request {
            advance = min(advance, Int64(queue.count - (target - request)))
        }
        var ready: Int32 = 0
        if let key = keys.first, key.at - clock < advance, !descriptors.isEmpty {
            advance = max(0, key.at - clock)
            keys.removeFirst()
            pressed = key.input
            descriptors[0].revents = Int16(POLLIN)
            ready = 1
        }
        precondition(advance != Int64.max, "the runner waits forever")
        if let at = freezesReportsAt, clock >= at, frozenLatency == nil { frozenLatency = latencySamples() }
        precondition(clock < 22_050 * 3600, "an hour of virtual time has passed: the session never ends")
        play(Int(advance))
        if frozenLatency != nil && queue.isEmpty { ranEmpty = true }
        return ready
    }

    private func play(_ count: Int) {
        var left = Int64(count)
        while left > 0 {
            if let stall = stalls.first, stall.at <= clock {
                let step = min(left, stall.at + stall.samples - clock)
                guard step > 0 else {
                    stalls.removeFirst()
                    continue
                }
                output([Int16](repeating: 0, count: Int(step))[...])
                dropped += Int(step)
                clock += step
                left -= step
                continue
            }
            let step = stalls.first.map { min(left, $0.at - clock) } ?? left
            let taken = min(Int(step), queue.count)
            output(queue[0..<taken])
            queue.removeFirst(taken)
            self.taken(taken)
            if Int(step) > taken {
                output([Int16](repeating: 0, count: Int(step) - taken)[...])
                if playing { underruns += Int(step) - taken }
            }
            clock += step
            left -= step
        }
    }

    /// `count` samples left the queue (played or flushed): the server asks again once a request's worth has.
    private func taken(_ count: Int) {
        missing += count
        if missing >= request {
            requested += missing
            missing = 0
        }
    }

    /// Passes samples through the device: as many come out, heard, as go in.
    private func output(_ samples: ArraySlice<Int16>) {
        device += samples
        let out = device.count - deviceLatency
        heard += device[0..<out]
        device.removeFirst(out)
    }
}

/// The virtual sink's clock as the loop's: its time is the samples the sink has played, and a wait sleeps in the sink
/// (which moves its clock), as the live clock sleeps in the sound server's loop. Used on the loop's thread only.
struct VirtualSinkClock: SessionClock, @unchecked Sendable {
    let sink: VirtualLiveSink

    func now() -> UInt64 { sink.nanoseconds }

    mutating func wait(until deadline: UInt64?, for inputs: inout SessionInputs) -> SessionInput? {
        let now = now()
        let timeout = deadline.map { $0 <= now ? 0 : Int32(min(($0 - now + 999_999) / 1_000_000, UInt64(Int32.max))) }
        return inputs.next(timeoutMilliseconds: timeout ?? -1)
    }
}

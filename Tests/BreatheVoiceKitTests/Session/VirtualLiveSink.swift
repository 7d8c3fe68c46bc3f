import BreatheCore
@testable import BreatheVoiceKit
#if canImport(Glibc)
import Glibc
#endif

/// A live sink in virtual time: a server that plays queued samples as its clock moves, asks for more a request at a
/// time (like tlength and minreq), reports the queue as its latency, and moves its clock only while the runner waits.
/// It keeps what was heard, in order, so a test can compare it with a file render and find when a key took effect.
final class VirtualLiveSink: AudioSink, SessionWaiter {
    let target: Int
    let request: Int
    /// The virtual clock: samples played since the start.
    private(set) var clock: Int64 = 0
    private var queue: [Int16] = []
    private(set) var heard: [Int16] = []
    /// Samples of silence played because nothing was queued while the session was playing.
    private(set) var underruns = 0
    private(set) var flushes = 0
    /// Waits that slept (a timeout above zero), and how many samples the longest shortest one covered.
    private(set) var sleeps = 0
    /// Keys to press at given moments of the virtual clock: the first input source is marked ready then.
    var keys: [(at: Int64, input: SessionInput)] = []
    private var pressed: SessionInput?
    var playing = true

    init(targetSamples: Int = 44_100, requestSamples: Int = 11_025) {
        target = targetSamples
        request = requestSamples
    }

    var isFile: Bool { false }

    /// The source to give the runner's poller: it reads the key the clock reached.
    var source: MonotonicTimebase.Source {
        MonotonicTimebase.Source(fileDescriptor: -1) { [unowned self] in
            defer { pressed = nil }
            return pressed
        }
    }

    func write(_ samples: [Int16]) throws(BreatheError) { queue += samples }
    func latencySamples() -> Int64 { Int64(queue.count) }
    func writableSamples() -> Int { target - queue.count >= request ? target - queue.count : 0 }
    func flush() {
        queue.removeAll()
        flushes += 1
    }
    func finish() throws(BreatheError) {
        heard += queue
        queue.removeAll()
    }
    func reconnect() throws(BreatheError) {}

    func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        guard timeoutMilliseconds != 0 else { return 0 }
        sleeps += 1
        var advance = timeoutMilliseconds < 0 ? Int64.max : Int64(timeoutMilliseconds) * 22_050 / 1000
        // The server asks for more once a request's worth has played.
        if queue.count > target - request { advance = min(advance, Int64(queue.count - (target - request))) }
        var ready: Int32 = 0
        if let key = keys.first, key.at < clock + advance, !descriptors.isEmpty {
            advance = max(0, key.at - clock)
            keys.removeFirst()
            pressed = key.input
            descriptors[0].revents = Int16(POLLIN)
            ready = 1
        }
        precondition(advance != Int64.max, "the runner waits forever")
        play(Int(advance))
        return ready
    }

    private func play(_ count: Int) {
        let taken = min(count, queue.count)
        heard += queue[0..<taken]
        queue.removeFirst(taken)
        if count > taken {
            heard += [Int16](repeating: 0, count: count - taken)
            if playing { underruns += count - taken }
        }
        clock += Int64(count)
    }
}

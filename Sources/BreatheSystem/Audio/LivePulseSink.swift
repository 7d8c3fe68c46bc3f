import BreatheCore
import CPulseAudio

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A PulseAudio (or PipeWire-pulse) playback stream: the only file that talks to libpulse.
///
/// libpulse's asynchronous API with a plain `pa_mainloop`: no thread of libpulse's. The session's own poll loop drives
/// it: as a `SessionWaiter`, the sink runs one main loop iteration whose `poll()` also watches the session's keys and
/// signal pipe, so one sleep covers both, and the process sleeps between the server's requests.
///
/// One stream is kept open for the whole session, mono S16LE, with a large buffer: up to 20 s queued, more asked for
/// 9.85 s at a time, so a whole phase is written in one go and neither PulseAudio nor PipeWire runs small periods for
/// us (the device's own buffer stays 150 ms). The stream runs at the rate of what plays it (`PA_STREAM_FIX_RATE`), the
/// session's samples converted to it, gathered into few blocks, silence as jumps where they play as silence
/// (`PulseStreamFeed`, `PulseRing`). Everything the sink says is in the session's samples. What is queued can still
/// change at once: `flush()` drops it (a key, a pause), and the runner renders again from the heard position.
///
/// `latencySamples()` is the server's own timing (`PulseHeardPosition`). No timer of libpulse's runs: the stream has no
/// automatic timing updates (`PA_STREAM_AUTO_TIMING_UPDATE` restarts a 10 ms timer, doubling to 1.5 s, after every
/// flush and corrupted index, and each update is a round trip that wakes both processes); a report is asked for after
/// the first write, after a flush, after the samples of a wake-up are sent, and by the probe below.
///
/// Nothing here waits on the server without a deadline (`SoundServerPatience`): connecting, a flush, a drain. A server
/// that answers nothing (no request for data, no timing update, no operation done) for `silenceMilliseconds` after a
/// request of ours is taken as gone (`PulseLiveness`): `checkConnection()` throws as for a closed connection. When the
/// server has said nothing for `probeMilliseconds` at a wake-up, a timing update is asked for; and the session's sleep
/// ends by `quietMilliseconds` after its last answer to ask one, so that a frozen server is noticed while paused, or
/// between cues, too. A stopping signal ends a wait after `signalGraceMilliseconds`; one that ends the session
/// drops the stream without waiting at all (`stop()`).
package final class LivePulseSink: AudioSink, SessionWaiter {
    package let library: LivePulseLibrary
    private let server: String
    private let targetMilliseconds: Int
    let clock: any SessionClock
    private var mainloop: PulseMainloop?
    private var context: OpaquePointer?
    private(set) var stream: OpaquePointer?
    /// What was written, and how it goes to the stream.
    var feed = PulseStreamFeed(inputRate: AudioFormat.sampleRate, streamRate: AudioFormat.sampleRate)
    /// Whether the server still answers, and what was asked of it.
    private(set) var liveness: PulseLiveness
    /// Which of the samples sent has been heard.
    private var heard: PulseHeardPosition
    /// When a timing report came, if it came since the latency was last read.
    private var timingArrived: UInt64?
    /// When what waits in the feed began to wait (nil: nothing waits).
    private var waitingSince: UInt64?
    /// A timing report was asked for since the stream was opened (the first is asked for after the first write).
    private var timingAsked = false
    /// The stream's rate: the sink's, or the graph's (`PA_STREAM_FIX_RATE`).
    private(set) var streamRate = AudioFormat.sampleRate
    /// How the server plays a jump in the stream (`PulseJumps`); nil until it said who it is.
    var jumps: PulseJumps.Mode?

    /// Connects now; throws `.unavailable` with the server's own reason when no server answers, or none is ready
    /// within `SoundServerPatience.connectMilliseconds`. `clock` times the latency reports and the deadlines, on the
    /// session's clock. `watchingSignals`: a signal in the pipe ends the wait (on the session's thread; a connection
    /// made on a thread of its own is abandoned by its waiter instead, `PendingPulseSink`).
    package init(
        environment: [String: String], targetMilliseconds: Int = LivePulseSink.targetMilliseconds,
        clock: any SessionClock, watchingSignals: Bool = true
    ) throws(BreatheError) {
        guard let server = LivePulseSink.serverAddress(environment: environment) else {
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .systemText("no PulseAudio socket found")]))
        }
        library = try LivePulseSink.library()
        self.server = server
        self.targetMilliseconds = targetMilliseconds
        self.clock = clock
        liveness = PulseLiveness(now: clock.now())
        heard = PulseHeardPosition(sampleRate: AudioFormat.sampleRate, now: clock.now())
        try connect(watchingSignals: watchingSignals)
    }

    deinit { close() }

    // MARK: Connecting and closing

    /// A main loop, a context and a ready playback stream, or `.unavailable` with libpulse's reason (or that the server
    /// did not answer in time).
    private func connect(watchingSignals: Bool) throws(BreatheError) {
        func unavailable(_ error: Int32) -> BreatheError {
            close()
            return .unavailable(
                Message(.errorAudioUnavailable, ["detail": .systemText(LivePulseSink.describe(error, library))]))
        }
        func failure(_ wait: SoundServerPatience.Wait, _ error: Int32) -> BreatheError {
            guard wait == .timedOut else { return unavailable(error) }
            close()
            return .unavailable(Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
        }
        let deadline = clock.deadline(inMilliseconds: SoundServerPatience.connectMilliseconds)
        liveness.restart(now: clock.now())
        guard let mainloop = PulseMainloop(library: library, clock: clock) else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.mainloop = mainloop
        guard let context = library.newContext(mainloop.api, name: "breathe-voice") else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.context = context
        if let failed = mainloop.connect(context, to: server, until: deadline, watchingSignals: watchingSignals) {
            throw failure(failed.wait, failed.error)
        }
        askHowJumpsPlay(context)
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(AudioFormat.sampleRate), channels: 1)
        guard let stream = library.streamNew(context, "Breathing session", &spec, nil) else {
            throw unavailable(library.contextErrno(context))
        }
        self.stream = stream
        var attributes = LivePulseSink.bufferAttributes(rate: AudioFormat.sampleRate, target: targetMilliseconds)
        // No PA_STREAM_AUTO_TIMING_UPDATE: its timer would wake the session many times a second (see above).
        // No PA_STREAM_INTERPOLATE_TIMING either: with a report a phase, libpulse's smoother strays by a PipeWire
        // quantum; `latencySamples()` extrapolates the reports itself. PA_STREAM_FIX_RATE: the rate of what plays it.
        let flags = pa_stream_flags_t(rawValue: PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_FIX_RATE.rawValue)
        // Every answer of the server's counts as a sign of life: a request for data, a timing update.
        library.streamSetWriteCallback(
            stream, { _, _, userdata in LivePulseSink.answered(userdata) }, Unmanaged.passUnretained(self).toOpaque())
        library.streamSetLatencyUpdateCallback(
            stream,
            { _, userdata in
                LivePulseSink.answered(userdata)
                guard let userdata else { return }
                let sink = Unmanaged<LivePulseSink>.fromOpaque(userdata).takeUnretainedValue()
                sink.timingArrived = sink.clock.now()
            }, Unmanaged.passUnretained(self).toOpaque())
        guard library.streamConnectPlayback(stream, nil, &attributes, flags, nil, nil) >= 0 else {
            throw unavailable(library.contextErrno(context))
        }
        let ready = mainloop.serve(
            until: { deadline }, watchingSignals: watchingSignals,
            done: { self.library.streamGetState(stream) == PA_STREAM_READY && self.jumps != nil },
            failed: {
                let state = self.library.streamGetState(stream)
                return state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED
                    || self.library.contextGetState(context) != PA_CONTEXT_READY
            })
        if ready != .done { throw failure(ready, library.contextErrno(context)) }
        let rate = library.streamGetSampleSpec(stream).map { Int($0.pointee.rate) } ?? AudioFormat.sampleRate
        streamRate = rate
        feed = PulseStreamFeed(inputRate: AudioFormat.sampleRate, streamRate: rate)
        feed.jumps = jumps ?? .never
        if rate != AudioFormat.sampleRate, rate > 0 {
            // The buffer's sizes were asked in bytes of 22 050 Hz: the same times at the stream's rate. Not waited for:
            // the server takes it before the first samples, which follow it on the connection.
            attributes = LivePulseSink.bufferAttributes(rate: rate, target: targetMilliseconds)
            if let operation = library.streamSetBufferAttr(stream, &attributes, nil, nil) {
                library.operationUnref(operation)
            }
        }
        heard = PulseHeardPosition(sampleRate: AudioFormat.sampleRate, now: clock.now())
        timingArrived = nil
        timingAsked = false
        liveness.restart(now: clock.now())
    }

    /// A callback's sign of life from the server.
    private static func answered(_ userdata: UnsafeMutableRawPointer?) {
        guard let sink = userdata.map({ Unmanaged<LivePulseSink>.fromOpaque($0).takeUnretainedValue() }) else { return }
        sink.liveness.answered(now: sink.clock.now())
    }

    /// Asks for a timing update when nothing was heard from the server for `probeMilliseconds` and none is asked for
    /// yet: its answer (or its absence) tells a silent server from a quiet one, and refreshes the heard position.
    private func probe() {
        if liveness.wantsProbe(now: clock.now()) { askTiming() }
    }

    /// Asks the server for a timing report without waiting for it; its answer is a sign of life.
    private func askTiming() {
        guard let stream, isConnected else { return }
        guard
            let operation = library.streamUpdateTimingInfo(
                stream, { _, _, userdata in LivePulseSink.answered(userdata) },
                Unmanaged.passUnretained(self).toOpaque())
        else { return }
        library.operationUnref(operation)
        timingAsked = true
        liveness.asked(now: clock.now())
    }

    /// Disconnects and frees whatever is open.
    private func close() {
        if let stream {
            library.streamSetWriteCallback(stream, nil, nil)
            library.streamSetLatencyUpdateCallback(stream, nil, nil)
            _ = library.streamDisconnect(stream)
            library.streamUnref(stream)
        }
        if let context {
            library.contextDisconnect(context)
            library.contextUnref(context)
        }
        stream = nil
        context = nil
        mainloop = nil
    }

    /// True while the context and the stream are both ready.
    var isConnected: Bool {
        guard let stream, let context else { return false }
        return library.contextGetState(context) == PA_CONTEXT_READY && library.streamGetState(stream) == PA_STREAM_READY
    }

    private func lost() -> BreatheError {
        if hasFallenSilent {
            close()
            return .unavailable(Message(.errorAudioLost, ["detail": .message(LivePulseSink.silence)]))
        }
        let error = context.map { library.contextErrno($0) } ?? 0
        let code = error == 0 ? Int32(PA_ERR_CONNECTIONTERMINATED.rawValue) : error
        close()
        return .unavailable(Message(.errorAudioLost, ["detail": .systemText(LivePulseSink.describe(code, library))]))
    }

    /// Serves the main loop until `operation` is done, the server's silence reaches its bound (then it counts as
    /// gone) or a signal comes (after the grace); true when the operation was done.
    private func complete(_ operation: OpaquePointer?) -> Bool {
        guard let mainloop else {
            if let operation { library.operationUnref(operation) }
            return false
        }
        let wait = mainloop.complete(
            operation, until: { self.liveness.silenceDeadline }, watchingSignals: true, beforeEach: { self.probe() },
            lookAt: { self.liveness.nextLook(now: self.clock.now()) })
        switch wait {
        case .done:
            liveness.answered(now: clock.now())
            return true
        case .timedOut:
            liveness.fallSilent()
            return false
        case .interrupted, .failed:
            return false
        }
    }

    // MARK: The session's wait

    package func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        guard let mainloop else { return SystemCall.poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds) }
        // A wake-up asks for a sign of life once the server has been quiet a while; the sleep ends when it has said
        // nothing for `quietMilliseconds` (to ask), or its silence after our request makes it gone (the next check
        // says so). While paused, a silence found here is found again when the session resumes.
        probe()
        // Before a sleep, what waits goes (`PulseStreamFeed`); a failed write shows at the next check.
        if timeoutMilliseconds != 0, feed.waiting > 0 { try? sendWaiting() }
        // What was sent is asked about (`PulseLiveness.takeQuestionAboutSent`), in the wake-up that sent it.
        if timeoutMilliseconds != 0, liveness.takeQuestionAboutSent(now: clock.now()) { askTiming() }
        let now = clock.now()
        let look = liveness.nextLook(now: now)
        let untilLook = look > now ? Int32(min((look - now + 999_999) / 1_000_000, UInt64(Int32.max))) : 0
        let timeout = timeoutMilliseconds < 0 ? untilLook : min(timeoutMilliseconds, untilLook)
        return mainloop.iterate(merging: &descriptors, timeoutMilliseconds: timeout)
    }

    // MARK: AudioSink

    package func write(_ samples: [Int16]) throws(BreatheError) { try write(samples[...]) }

    /// Queues `samples`, converted to the stream's rate if it has its own, a piece at a time (`PulseStreamFeed`).
    private func write(_ samples: ArraySlice<Int16>) throws(BreatheError) {
        guard let stream, isConnected else { throw lost() }
        guard !samples.isEmpty else { return }
        checkPosition(stream)
        try feed.feed(samples) { (piece, jump) throws(BreatheError) in try self.send(piece, after: jump, to: stream) }
        // What waits goes at once when the server holds little, or after `handOverMilliseconds`; else before a sleep.
        let now = clock.now()
        let since = feed.waiting == 0 ? nil : waitingSince ?? now
        if let since, holdsLittle() || now >= since + UInt64(Self.handOverMilliseconds) * 1_000_000 {
            try sendWaiting()
        } else {
            waitingSince = since
        }
        // The first report, so that the heard position comes from the server's own timing from the start.
        if !timingAsked { askTiming() }
    }

    /// Writes a block at the stream's rate to the server, after a jump over `jump` samples of silence, in memory of our
    /// own that libpulse frees once it is sent, and sends it now (a turn of the main loop that waits for nothing). Each
    /// block is a wake-up or two of ours (`PulseStreamFeed`).
    private func send(_ samples: ArraySlice<Int16>, after jump: Int, to stream: OpaquePointer) throws(BreatheError) {
        guard !samples.isEmpty else { return }
        let count = samples.count * MemoryLayout<Int16>.stride
        guard let block = malloc(count) else { throw lost() }
        samples.withUnsafeBytes { block.copyMemory(from: $0.baseAddress!, byteCount: count) }
        // A write refused (a stream no longer ready) never took the block: it is still ours to free.
        let offset = Int64(jump * MemoryLayout<Int16>.stride)
        guard library.streamWrite(stream, block, count, { free($0) }, offset, PA_SEEK_RELATIVE) >= 0 else {
            free(block)
            throw lost()
        }
        liveness.sent()
        var none: [pollfd] = []
        _ = mainloop?.iterate(merging: &none, timeoutMilliseconds: 0)
    }

    /// Sends what the feed keeps waiting, and with `last` what the converter holds, the input's end taken as silence.
    private func sendWaiting(last: Bool = false) throws(BreatheError) {
        guard let stream, isConnected else { return }
        checkPosition(stream)
        let send: PulseStreamFeed.Send = { (piece, jump) throws(BreatheError) in
            try self.send(piece, after: jump, to: stream)
        }
        if last { try feed.finish(to: send) } else { try feed.handOver(to: send) }
        waitingSince = nil
    }

    /// Queues a whole clip outside a session (the badges after it) as the server asks for it, sleeping in between: libpulse
    /// then holds about one buffer of it at a time, not a copy of all of it. Returns once the last sample is queued.
    package func play(_ samples: [Int16]) throws(BreatheError) {
        var next = 0
        while next < samples.count {
            let writable = writableSamples()
            guard writable > 0 else {
                // The server's request (or its going away, its silence, a signal) ends the wait.
                guard let mainloop else { throw lost() }
                try sendWaiting()
                let wait = mainloop.serve(
                    until: { self.liveness.silenceDeadline }, watchingSignals: true, beforeEach: { self.probe() },
                    lookAt: { self.liveness.nextLook(now: self.clock.now()) }, done: { self.writableSamples() > 0 },
                    failed: { !self.isConnected })
                if wait == .timedOut { liveness.fallSilent() }
                guard wait == .done else { throw lost() }
                continue
            }
            let end = min(samples.count, next + writable)
            try write(samples[next..<end])
            next = end
        }
        try sendWaiting(last: true)
        // A fresh report for what comes next (the clip's end, a drain): the one asked after the first write is seconds
        // old by now, and a server that ran late since (a loaded machine, a PipeWire cycle skipped) played less than
        // the time passed, which extrapolating it would count as heard.
        guard !samples.isEmpty, let stream else { return }
        if !complete(library.streamUpdateTimingInfo(stream, nil, nil)), !isConnected || hasFallenSilent { throw lost() }
    }

    package func checkConnection() throws(BreatheError) {
        if !isConnected || hasFallenSilent { throw lost() }
    }

    package func latencySamples() -> Int64 {
        guard let stream, isConnected else { return 0 }
        let now = clock.now()
        // A late server is taken as playing nothing: what is heard stands where it stood (interpolation would run on,
        // and the session with it, through a frozen server's silence).
        if liveness.isOverdue(now: now) { return max(0, feed.written - heard.heardOnTime) }
        // The server's reports count what it was sent; the converter holds the rest.
        let sent = feed.sent
        if let arrived = timingArrived {
            timingArrived = nil
            if let latency = streamLatency(stream) {
                heard.record(latency: latency, sent: sent, arrived: arrived, now: now)
            }
        }
        let latency = heard.latency(sent: sent, now: now) { streamLatency(stream) }
        return latency + feed.written - sent
    }

    package func flush() {
        // A late server would hold the key that asked for the flush until its silence makes it lost: what it holds is
        // left (the rewind then renders after it), and a server that comes back plays it first.
        guard let stream, isConnected, !isLate else { return }
        guard complete(library.streamFlush(stream, nil, nil)) else {
            // Done or not, the server may move its write index yet: where the stream's bytes go is not known.
            feed.losePosition()
            return
        }
        // What the converter held is dropped with the rest; it starts afresh with the next sample written.
        feed.restart()
        heard.restart(sent: feed.sent, now: clock.now())
        timingArrived = nil
        // Fresh timing, so the latency right after the flush is the server's and not an interpolation across it; and
        // the write index the flush set, where the next byte goes.
        if complete(library.streamUpdateTimingInfo(stream, nil, nil)) { checkPosition(stream) }
    }

    package func finish() throws(BreatheError) {
        guard let stream else { return }
        if isConnected { try sendWaiting(last: true) }
        guard isConnected, !hasFallenSilent, complete(library.streamDrain(stream, nil, nil)) else { throw lost() }
        close()
    }

    /// A signal ended the session: the stream is dropped with what it holds, without waiting for the server.
    package func stop() { close() }

    package func reconnect() throws(BreatheError) {
        close()
        try connect(watchingSignals: true)
    }
}

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
/// One stream is kept open for the whole session, mono S16LE, with a large buffer: up to 6 s queued, more asked for
/// 2.85 s at a time, so a whole phase is written in one go and neither PulseAudio nor PipeWire runs small periods for
/// us (the device's own buffer stays 150 ms). The stream runs at the rate of what plays it (`PA_STREAM_FIX_RATE`: the
/// sink's on PulseAudio, the graph's on PipeWire, 48 kHz by default), and the session's 22 050 Hz is converted to it
/// here as it is written (`RateConverter`): a server that converted it itself would do so on each of its periods,
/// silence included (measured on PipeWire, beside a recorder on the sink's monitor: our 22 050 Hz stream raised the
/// server's CPU by 0.14 % of a core over idle, a 48 kHz one by 0.07 %). Everything the sink says is in the session's
/// samples. What is queued can still change at once: `flush()` drops it (a key, a pause), and the runner renders again
/// from the heard position.
/// `latencySamples()` is the server's own timing, carried forward from its latest reports. No timer of libpulse's runs: the
/// stream has no automatic timing updates (`PA_STREAM_AUTO_TIMING_UPDATE` restarts a 10 ms timer, doubling to 1.5 s,
/// after every flush and corrupted index, and each update is a round trip that wakes both processes); a report is
/// asked for after the first write, after a flush, and by the probe below, which a session wakes for anyway.
///
/// Nothing here waits on the server without a deadline (`SoundServerPatience`): connecting, a flush, a drain. A server
/// that answers nothing (no request for data, no timing update, no operation done) for `silenceMilliseconds` after a
/// request of ours is taken as gone: `checkConnection()` throws as for a closed connection. When the server has said
/// nothing for `probeMilliseconds` at a wake-up, a timing update is asked for; and the session's sleep ends by
/// `quietMilliseconds` after its last answer to ask one, so that a frozen server is noticed while paused, or between
/// cues, too. A stopping signal ends a wait after `signalGraceMilliseconds`; one that ends the session drops
/// the stream without waiting at all (`stop()`).
final class LivePulseSink: AudioSink, SessionWaiter {
    private let library: LivePulseLibrary
    private let server: String
    private let targetMilliseconds: Int
    private let clock: any SessionClock
    private var mainloop: PulseMainloop?
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    /// The latest latency the server reported (or 0 after a flush), with the samples sent and the monotonic time
    /// then: between a flush and the next timing report, the latency is carried forward from it.
    private var lastReport: (latency: Int64, sent: Int64, nanos: UInt64) = (0, 0, 0)
    /// Samples written since the stream was opened (the session's, before any conversion).
    private var written: Int64 = 0
    /// The session's samples converted to the stream's rate, when the two differ.
    private var converter: RateConverter?
    /// The converter's output, written to the server (kept for its capacity).
    private var converted: [Int16] = []
    /// `written` when the converter last started afresh (the stream opened, or flushed).
    private var convertedFrom: Int64 = 0
    /// When the server last answered anything (a request for data, a timing update, an operation done), on `clock`.
    private var lastAnswer: UInt64 = 0
    /// When our request for a sign of life (a timing update) was sent, until it is answered.
    private var probeSent: UInt64?
    /// A wait on the server ended without an answer in time: the server counts as gone.
    private var silent = false
    /// A timing report was asked for since the stream was opened (the first is asked for after the first write).
    private var timingAsked = false
    /// Samples heard by the latest report taken while the server answered in time.
    private var heardOnTime: Int64 = 0
    /// When a timing report came, if it came since the latency was last read.
    private var timingArrived: UInt64?
    /// The latest timing reports since the last flush: the sample heard then, and when (on `clock`). A report lags the
    /// truth by up to one period of the server's (PipeWire reports in quanta of up to 43 ms), never leads it: what is
    /// heard now is the furthest of them carried forward at the clock's pace.
    private var reports: [(heard: Int64, nanos: UInt64)] = []

    /// The buffer the server keeps queued (tlength): far ahead (a phase of up to 5.7 s written at once, so the server
    /// asks for more about once a phase), since a flush takes back what is not heard.
    static let targetMilliseconds = 6000
    /// The device's own buffer behind the stream: what a flush may not take back (a key is heard within it, well
    /// inside the 0.25 s a pause may take), and PipeWire's `node.latency` for us (which its `clock.max-quantum` caps at
    /// 42.7 ms by default). PulseAudio runs its sink at the shortest latency any stream asks: measured with a recorder
    /// on the sink's monitor at 200 ms (the benchmark's), our stream raised the server's CPU by 0.08–0.10 % of a core
    /// at 100 ms and by 0.03 % at 150 ms (a sink with our stream alone then runs 150 ms periods, not 100 ms ones).
    static let deviceMilliseconds = 150
    /// The server asks for more once this much has played (minreq): few wake-ups. With PA_STREAM_ADJUST_LATENCY the
    /// device's own buffer is then (tlength - 2 minreq) / 2: `deviceMilliseconds`.
    static var requestMilliseconds: Int { requestMilliseconds(target: targetMilliseconds) }
    static func requestMilliseconds(target: Int) -> Int {
        max(target / 4, (target - 2 * deviceMilliseconds) / 2)
    }
    /// Playback starts (and starts again after a flush) once this much is queued (prebuf): at once.
    static let startMilliseconds = 10

    /// Connects now; throws `.unavailable` with the server's own reason when no server answers, or none is ready
    /// within `SoundServerPatience.connectMilliseconds`. `clock` times the latency reports and the deadlines, on the
    /// session's clock. `watchingSignals`: a signal in the pipe ends the wait (on the session's thread; a connection
    /// made on a thread of its own is abandoned by its waiter instead, `PendingPulseSink`).
    init(
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
        try connect(watchingSignals: watchingSignals)
    }

    deinit { close() }

    /// libpulse's functions, opened on first use; a library that cannot be opened is a server out of reach.
    static func library() throws(BreatheError) -> LivePulseLibrary {
        switch LivePulseLibrary.shared {
        case .success(let library): return library
        case .failure(let error): throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text(error.detail)]))
        }
    }

    /// The runner sleeps in the sink's own poll loop, which services the connection while it waits for keys.
    var waiter: (any SessionWaiter)? { self }

    /// Finds the server where `SoundServerAddress` says: `PULSE_SERVER` as given (libpulse tries its entries in
    /// order), else the default socket when it exists.
    ///
    /// The address is always given to libpulse explicitly (and autospawn is off), so it never starts a daemon itself.
    static func serverAddress(
        environment: [String: String], userID: UInt32 = getuid(),
        exists: (String) -> Bool = socketExists
    ) -> String? {
        if let server = SoundServerAddress.given(environment: environment) { return server }
        let socket = SoundServerAddress.defaultSocket(environment: environment, userID: userID)
        return exists(socket) ? "unix:" + socket : nil
    }

    /// The installed libpulse's version, such as "16.1" (for `--version --verbose`), opening it; talks to no server.
    static var libraryVersion: String {
        guard case .success(let library) = LivePulseLibrary.shared else { return "unavailable" }
        return library.libraryVersion().map { String(cString: $0) } ?? "unknown"
    }

    static func socketExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    static func describe(_ error: Int32, _ library: LivePulseLibrary) -> String {
        library.strerror(error).map { String(cString: $0) } ?? "error \(error)"
    }

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
        silent = false
        probeSent = nil
        guard let mainloop = PulseMainloop(library: library, clock: clock) else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.mainloop = mainloop
        guard let context = library.contextNew(mainloop.api, "breathe-voice") else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.context = context
        if let failed = mainloop.connect(context, to: server, until: deadline, watchingSignals: watchingSignals) {
            throw failure(failed.wait, failed.error)
        }
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(AudioFormat.sampleRate), channels: 1)
        guard let stream = library.streamNew(context, "Breathing session", &spec, nil) else {
            throw unavailable(library.contextErrno(context))
        }
        self.stream = stream
        var attributes = bufferAttributes(rate: AudioFormat.sampleRate)
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
            done: { self.library.streamGetState(stream) == PA_STREAM_READY },
            failed: {
                let state = self.library.streamGetState(stream)
                return state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED
                    || self.library.contextGetState(context) != PA_CONTEXT_READY
            })
        if ready != .done { throw failure(ready, library.contextErrno(context)) }
        let rate = library.streamGetSampleSpec(stream).map { Int($0.pointee.rate) } ?? AudioFormat.sampleRate
        converter = nil
        if rate != AudioFormat.sampleRate, rate > 0 {
            converter = RateConverter(from: AudioFormat.sampleRate, to: rate)
            // The buffer's sizes were asked in bytes of 22 050 Hz: the same times at the stream's rate. Not waited for:
            // the server takes it before the first samples, which follow it on the connection.
            attributes = bufferAttributes(rate: rate)
            if let operation = library.streamSetBufferAttr(stream, &attributes, nil, nil) {
                library.operationUnref(operation)
            }
        }
        written = 0
        convertedFrom = 0
        heardOnTime = 0
        reports = []
        timingArrived = nil
        timingAsked = false
        lastReport = (0, 0, clock.now())
        lastAnswer = clock.now()
    }

    /// The stream's buffer in bytes at `rate`: `targetMilliseconds` queued, more asked for `requestMilliseconds` at a
    /// time, playback started once `startMilliseconds` are there.
    private func bufferAttributes(rate: Int) -> pa_buffer_attr {
        func bytes(_ milliseconds: Int) -> UInt32 { UInt32(rate * milliseconds / 1000 * 2) }
        return pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytes(targetMilliseconds), prebuf: bytes(LivePulseSink.startMilliseconds),
            minreq: bytes(LivePulseSink.requestMilliseconds(target: targetMilliseconds)), fragsize: UInt32.max
        )
    }

    /// The samples written whose sound has gone to the server: all of them, but for those the converter holds (the few
    /// each converted sample needs after its time).
    private var sent: Int64 {
        guard let converter else { return written }
        return convertedFrom + converter.outputTime(converter.produced)
    }

    /// "did not answer within N seconds", for a connection not ready in time.
    static var noAnswer: Message {
        Message(.audioNoAnswer, ["seconds": .integer(Int(SoundServerPatience.connectMilliseconds / 1000))])
    }

    /// "nothing for N seconds", for a server that stopped answering.
    static var silence: Message {
        Message(.audioSilent, ["seconds": .integer(Int(SoundServerPatience.silenceMilliseconds / 1000))])
    }

    /// A callback's sign of life from the server.
    private static func answered(_ userdata: UnsafeMutableRawPointer?) {
        guard let userdata else { return }
        let sink = Unmanaged<LivePulseSink>.fromOpaque(userdata).takeUnretainedValue()
        sink.lastAnswer = sink.clock.now()
        sink.probeSent = nil
    }

    /// Asks for a timing update when nothing was heard from the server for `probeMilliseconds` and none is asked for
    /// yet: its answer (or its absence) tells a silent server from a quiet one, and refreshes the interpolated
    /// latency.
    private func probe() {
        guard probeSent == nil else { return }
        let now = clock.now()
        guard now >= lastAnswer + UInt64(SoundServerPatience.probeMilliseconds) * 1_000_000 else { return }
        askTiming()
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
        if probeSent == nil { probeSent = clock.now() }
    }

    /// True once a request of ours has waited `silenceMilliseconds` since the server last answered anything.
    private var hasFallenSilent: Bool {
        if silent { return true }
        guard probeSent != nil else { return false }
        return clock.now() >= silenceDeadline
    }

    /// Nothing from the server for `lateMilliseconds`, with our request unanswered for half of it at least (a healthy
    /// server answers within 80 ms): short of lost, but the closing words are not waited for.
    var isLate: Bool {
        guard let lateAt else { return false }
        return clock.now() >= lateAt
    }

    private var lateAt: UInt64? {
        guard let probeSent else { return nil }
        let late = UInt64(SoundServerPatience.lateMilliseconds) * 1_000_000
        return max(probeSent + late / 2, lastAnswer + late)
    }

    /// Our request unanswered for `lateMilliseconds`: the server is taken as playing nothing meanwhile.
    private var isOverdue: Bool {
        guard let probeSent else { return false }
        return clock.now() >= probeSent + UInt64(SoundServerPatience.lateMilliseconds) * 1_000_000
    }

    /// When the server's silence, counted from its last answer, makes it a lost server; never sooner than twice the
    /// late bound after our request (a process that was stopped itself asked nothing meanwhile).
    private var silenceDeadline: UInt64 {
        max(
            lastAnswer + UInt64(SoundServerPatience.silenceMilliseconds) * 1_000_000,
            (probeSent ?? 0) + UInt64(2 * SoundServerPatience.lateMilliseconds) * 1_000_000)
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
        probeSent = nil
    }

    /// True while the context and the stream are both ready.
    private var isConnected: Bool {
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
            operation, until: { self.silenceDeadline }, watchingSignals: true, beforeEach: { self.probe() })
        switch wait {
        case .done:
            lastAnswer = clock.now()
            return true
        case .timedOut:
            silent = true
            return false
        case .interrupted, .failed:
            return false
        }
    }

    // MARK: The session's wait

    func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        guard let mainloop else { return SystemCall.poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds) }
        // A wake-up anyway asks for a sign of life once the server has been quiet a while; and the sleep ends when the
        // server has said nothing for `quietMilliseconds` (to ask), or its silence after our request makes it gone
        // (the loop's next check says so). While paused, a silence found here is found again when the session resumes.
        probe()
        let now = clock.now()
        let look =
            if let lateAt {
                now < lateAt ? lateAt : silenceDeadline
            } else {
                lastAnswer + UInt64(SoundServerPatience.quietMilliseconds) * 1_000_000
            }
        let untilLook = look > now ? Int32(min((look - now + 999_999) / 1_000_000, UInt64(Int32.max))) : 0
        let timeout = timeoutMilliseconds < 0 ? untilLook : min(timeoutMilliseconds, untilLook)
        return mainloop.iterate(merging: &descriptors, timeoutMilliseconds: timeout)
    }

    // MARK: AudioSink

    func write(_ samples: [Int16]) throws(BreatheError) {
        try write(samples, from: 0, to: samples.count)
    }

    /// Queues `samples[start..<end]`, converted to the stream's rate if it has its own.
    private func write(_ samples: [Int16], from start: Int, to end: Int) throws(BreatheError) {
        guard let stream, isConnected else { throw lost() }
        guard start < end else { return }
        // A few thousand at a time: each block (converted, if the stream has its own rate) is held only until sent.
        for piece in stride(from: start, to: end, by: 4096) {
            let samples = samples[piece..<min(end, piece + 4096)]
            guard converter != nil else {
                try send(samples, to: stream)
                continue
            }
            converted.removeAll(keepingCapacity: true)
            samples.withUnsafeBufferPointer { converter!.convert($0, into: &converted) }
            try send(converted[...], to: stream)
        }
        written += Int64(end - start)
        // The first report, so that the latency is interpolated from the server's own timing from the start.
        if !timingAsked { askTiming() }
    }

    /// Writes samples at the stream's rate to the server, in a block of our own that libpulse frees once it is sent.
    /// Given without a free function, libpulse copies the samples into its pool of memory shared with the server,
    /// whose pages stay ours until the server lets each block go: PipeWire's pulse server holds them until it plays
    /// them, seconds later (0.48 MiB of that pool at 48 kHz, measured). A block of our own goes over the socket instead,
    /// and is freed as soon as it has: a turn of the main loop that waits for nothing sends it now, where a phase
    /// written in one go would otherwise be held whole until the session's next sleep.
    private func send(_ samples: ArraySlice<Int16>, to stream: OpaquePointer) throws(BreatheError) {
        guard !samples.isEmpty else { return }
        let count = samples.count * MemoryLayout<Int16>.stride
        guard let block = malloc(count) else { throw lost() }
        samples.withUnsafeBytes { block.copyMemory(from: $0.baseAddress!, byteCount: count) }
        // A write refused (a stream no longer ready) never took the block: it is still ours to free.
        guard library.streamWrite(stream, block, count, { free($0) }, 0, PA_SEEK_RELATIVE) >= 0 else {
            free(block)
            throw lost()
        }
        var none: [pollfd] = []
        _ = mainloop?.iterate(merging: &none, timeoutMilliseconds: 0)
    }

    /// Writes what the converter holds, the input's end taken as silence: everything written is then on its way.
    private func sendHeld() throws(BreatheError) {
        guard converter != nil, let stream, isConnected else { return }
        converted.removeAll(keepingCapacity: true)
        converter!.finish(into: &converted)
        try send(converted[...], to: stream)
    }

    /// Queues a whole clip outside a session (the badges after it) as the server asks for it, sleeping in between: libpulse
    /// then holds about one buffer of it at a time, not a copy of all of it. Returns once the last sample is queued.
    func play(_ samples: [Int16]) throws(BreatheError) {
        var next = 0
        while next < samples.count {
            let writable = writableSamples()
            guard writable > 0 else {
                // The server's request (or its going away, its silence, a signal) ends the wait.
                guard let mainloop else { throw lost() }
                let wait = mainloop.serve(
                    until: { self.silenceDeadline }, watchingSignals: true, beforeEach: { self.probe() },
                    done: { self.writableSamples() > 0 }, failed: { !self.isConnected })
                if wait == .timedOut { silent = true }
                guard wait == .done else { throw lost() }
                continue
            }
            let end = min(samples.count, next + writable)
            try write(samples, from: next, to: end)
            next = end
        }
        try sendHeld()
        // A fresh report for what comes next (the clip's end, a drain): the one asked after the first write is seconds
        // old by now, and a server that ran late since (a loaded machine, a PipeWire cycle skipped) played less than
        // the time passed, which extrapolating it would count as heard.
        guard !samples.isEmpty, let stream else { return }
        if !complete(library.streamUpdateTimingInfo(stream, nil, nil)), !isConnected || hasFallenSilent { throw lost() }
    }

    func writableSamples() -> Int {
        guard let stream, isConnected else { return 0 }
        let bytes = library.streamWritableSize(stream)
        guard bytes > 0 else { return 0 }
        guard let converter else { return bytes / 2 }
        // Rounded up: the server's room is in its own samples, and any room at all is room for one of ours (a few
        // samples more than asked are taken as well; none at all would leave a writer waiting for room it has).
        let input = Int64(converter.inputRate)
        let output = Int64(converter.outputRate)
        return Int((Int64(bytes / 2) * input + output - 1) / output)
    }

    func checkConnection() throws(BreatheError) {
        if !isConnected || hasFallenSilent { throw lost() }
    }

    func latencySamples() -> Int64 {
        guard let stream, isConnected else { return 0 }
        // A late server is taken as playing nothing: what is heard stands where it stood (interpolation would run on,
        // and the session with it, through a frozen server's silence).
        if isOverdue { return max(0, written - heardOnTime) }
        // The server's reports count what it was sent; the converter holds the rest.
        let sent = sent
        let now = clock.now()
        if let arrived = timingArrived {
            timingArrived = nil
            var microseconds: UInt64 = 0
            var negative: Int32 = 0
            if library.streamGetLatency(stream, &microseconds, &negative) == 0 {
                let latency = negative != 0 ? 0 : Int64(microseconds) * Int64(AudioFormat.sampleRate) / 1_000_000
                // The sample heard when the report came (the latency counts what was written since).
                reports.append((sent - latency, arrived))
                // Twenty seconds at most: a device's clock that runs 50 ppm slow strays 1 ms in that time.
                reports.removeAll { now - $0.nanos > 20_000_000_000 }
                if reports.count > 8 { reports.removeFirst(reports.count - 8) }
            }
        }
        let latency: Int64
        if reports.isEmpty {
            latency = reportedLatency(stream, sent: sent)
        } else {
            let rate = Int64(AudioFormat.sampleRate)
            let furthest = reports.map { $0.heard + Int64((now - $0.nanos) / 1000) * rate / 1_000_000 }.max() ?? 0
            latency = max(0, sent - furthest)
        }
        heardOnTime = sent - latency
        return latency + written - sent
    }

    /// The server's latency report (interpolated), or the last one carried forward, for the `sent` samples.
    private func reportedLatency(_ stream: OpaquePointer, sent: Int64) -> Int64 {
        var microseconds: UInt64 = 0
        var negative: Int32 = 0
        let now = clock.now()
        guard library.streamGetLatency(stream, &microseconds, &negative) == 0 else {
            // No timing information yet (just connected or flushed): the last report, carried forward.
            let played = Int64((now - lastReport.nanos) / 1_000_000) * Int64(AudioFormat.sampleRate) / 1000
            return max(0, lastReport.latency + sent - lastReport.sent - played)
        }
        let latency = negative != 0 ? 0 : Int64(microseconds) * Int64(AudioFormat.sampleRate) / 1_000_000
        lastReport = (latency, sent, now)
        return latency
    }

    /// The sink's own latency behind our stream (`sink_usec` of the server's latest timing report): a flush cannot
    /// drop it. 0 before the first report.
    func deviceLatencySamples() -> Int64 {
        guard let stream, isConnected, let timing = library.streamGetTimingInfo(stream) else { return 0 }
        return Int64(timing.pointee.sink_usec) * Int64(AudioFormat.sampleRate) / 1_000_000
    }

    func flush() {
        // A late server would hold the key that asked for the flush until its silence makes it lost: what it holds is
        // left (the rewind then renders after it), and a server that comes back plays it first.
        guard let stream, isConnected, !isLate else { return }
        guard complete(library.streamFlush(stream, nil, nil)) else { return }
        // What the converter held is dropped with the rest; it starts afresh with the next sample written.
        converter?.reset()
        convertedFrom = written
        lastReport = (0, sent, clock.now())
        reports.removeAll()
        timingArrived = nil
        // Fresh timing, so the latency right after the flush is the server's and not an interpolation across it.
        _ = complete(library.streamUpdateTimingInfo(stream, nil, nil))
    }

    func finish() throws(BreatheError) {
        guard let stream else { return }
        if isConnected { try sendHeld() }
        guard isConnected, !hasFallenSilent, complete(library.streamDrain(stream, nil, nil)) else { throw lost() }
        close()
    }

    /// A signal ended the session: the stream is dropped with what it holds, without waiting for the server.
    func stop() {
        close()
    }

    func reconnect() throws(BreatheError) {
        close()
        try connect(watchingSignals: true)
    }
}

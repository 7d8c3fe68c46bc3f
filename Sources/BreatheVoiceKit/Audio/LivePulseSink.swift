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
/// One stream is kept open for the whole session, 22 050 Hz mono S16LE, with a large buffer: about 2 s queued, more
/// asked for 0.9 s at a time, so neither PulseAudio nor PipeWire runs small periods for us. What is queued can
/// still change at once: `flush()` drops it (a key, a pause), and the runner renders again from the heard position.
/// `latencySamples()` is the server's own timing (updated automatically and interpolated in between), not a guess.
final class LivePulseSink: AudioSink, SessionWaiter {
    private let library: LivePulseLibrary
    private let server: String
    private let targetMilliseconds: Int
    private let clock: any SessionClock
    private var mainloop: OpaquePointer?
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    /// The latest latency the server reported (or 0 after a flush), with the samples written and the monotonic time
    /// then: between a flush and the next timing report, the latency is carried forward from it.
    private var lastReport: (latency: Int64, written: Int64, nanos: UInt64) = (0, 0, 0)
    /// Samples written since the stream was opened.
    private var written: Int64 = 0
    /// The session's descriptors, for the duration of one `wait`: merged into libpulse's poll.
    private var extra: UnsafeMutableBufferPointer<pollfd>?

    /// The buffer the server keeps queued (tlength): far ahead, since a flush takes back what is not heard.
    static let targetMilliseconds = 2000
    /// The server asks for more once this much has played (minreq): few wake-ups. With PA_STREAM_ADJUST_LATENCY the
    /// device's own buffer is then (tlength - 2 minreq) / 2, 100 ms: what a flush may not take back.
    static let requestMilliseconds = 900
    /// Playback starts (and starts again after a flush) once this much is queued (prebuf): at once.
    static let startMilliseconds = 10

    /// Connects now; throws `.unavailable` with the server's own reason when no server answers.
    /// `clock` times the latency reports, on the session's clock.
    init(
        environment: [String: String], targetMilliseconds: Int = LivePulseSink.targetMilliseconds,
        clock: any SessionClock = MonotonicClock()
    ) throws(BreatheError) {
        guard let server = LivePulseSink.serverAddress(environment: environment) else {
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .systemText("no PulseAudio socket found")]))
        }
        library = try LivePulseSink.library()
        self.server = server
        self.targetMilliseconds = targetMilliseconds
        self.clock = clock
        try connect()
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

    /// Finds the server the standard way: `PULSE_SERVER`, then `$XDG_RUNTIME_DIR/pulse/native`; with no
    /// `XDG_RUNTIME_DIR` (cron), also `/run/user/<uid>/pulse/native`. PipeWire's pulse server uses the same socket.
    ///
    /// The address is always given to libpulse explicitly (and autospawn is off), so it never starts a daemon itself.
    static func serverAddress(
        environment: [String: String], userID: UInt32 = getuid(),
        exists: (String) -> Bool = socketExists
    ) -> String? {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return server }
        var candidates: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            candidates.append(runtime + "/pulse/native")
        } else {
            candidates.append("/run/user/\(userID)/pulse/native")
        }
        return candidates.first(where: exists).map { "unix:" + $0 }
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

    /// A main loop, a context and a ready playback stream, or `.unavailable` with libpulse's reason.
    private func connect() throws(BreatheError) {
        func unavailable(_ error: Int32) -> BreatheError {
            close()
            return .unavailable(
                Message(.errorAudioUnavailable, ["detail": .systemText(LivePulseSink.describe(error, library))]))
        }
        guard let mainloop = library.mainloopNew() else { throw unavailable(Int32(PA_ERR_INTERNAL.rawValue)) }
        self.mainloop = mainloop
        library.mainloopSetPollFunc(
            mainloop,
            { descriptors, count, timeout, userdata in
                guard let userdata else { return SystemCall.poll(descriptors, nfds_t(count), timeout) }
                return Unmanaged<LivePulseSink>.fromOpaque(userdata).takeUnretainedValue().merge(
                    descriptors, Int(count), timeout)
            }, Unmanaged.passUnretained(self).toOpaque())
        guard let context = library.contextNew(library.mainloopGetAPI(mainloop), "breathe-voice") else {
            throw unavailable(Int32(PA_ERR_INTERNAL.rawValue))
        }
        self.context = context
        if let failure = library.connect(context, to: server, iterating: mainloop) { throw unavailable(failure) }
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(AudioFormat.sampleRate), channels: 1)
        guard let stream = library.streamNew(context, "Breathing session", &spec, nil) else {
            throw unavailable(library.contextErrno(context))
        }
        self.stream = stream
        func bytes(_ milliseconds: Int) -> UInt32 { UInt32(AudioFormat.sampleRate * milliseconds / 1000 * 2) }
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytes(targetMilliseconds), prebuf: bytes(LivePulseSink.startMilliseconds),
            minreq: bytes(min(LivePulseSink.requestMilliseconds, targetMilliseconds / 2)), fragsize: UInt32.max
        )
        let flags = pa_stream_flags_t(
            rawValue: PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
                | PA_STREAM_ADJUST_LATENCY.rawValue)
        guard library.streamConnectPlayback(stream, nil, &attributes, flags, nil, nil) >= 0 else {
            throw unavailable(library.contextErrno(context))
        }
        while true {
            let state = library.streamGetState(stream)
            if state == PA_STREAM_READY { break }
            if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED
                || library.mainloopIterate(mainloop, 1, nil) < 0
            {
                throw unavailable(library.contextErrno(context))
            }
        }
        written = 0
        lastReport = (0, 0, clock.now())
    }

    /// Disconnects and frees whatever is open.
    private func close() {
        if let stream {
            _ = library.streamDisconnect(stream)
            library.streamUnref(stream)
        }
        if let context {
            library.contextDisconnect(context)
            library.contextUnref(context)
        }
        if let mainloop { library.mainloopFree(mainloop) }
        stream = nil
        context = nil
        mainloop = nil
    }

    /// True while the context and the stream are both ready.
    private var isConnected: Bool {
        guard let stream, let context else { return false }
        return library.contextGetState(context) == PA_CONTEXT_READY && library.streamGetState(stream) == PA_STREAM_READY
    }

    private func lost() -> BreatheError {
        let error = context.map { library.contextErrno($0) } ?? 0
        let code = error == 0 ? Int32(PA_ERR_CONNECTIONTERMINATED.rawValue) : error
        close()
        return .unavailable(Message(.errorAudioLost, ["detail": .systemText(LivePulseSink.describe(code, library))]))
    }

    /// Runs the main loop until `operation` is done (see `LivePulseLibrary.complete`).
    private func complete(_ operation: OpaquePointer?) -> Bool {
        library.complete(operation, iterating: mainloop)
    }

    // MARK: The session's wait

    func wait(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        guard let mainloop else { return SystemCall.poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds) }
        return descriptors.withUnsafeMutableBufferPointer { buffer in
            extra = buffer
            defer { extra = nil }
            // libpulse's own timers shorten the timeout (given in microseconds); its poll is ours, below.
            let timeout = timeoutMilliseconds < 0 ? -1 : Int32(min(Int64(timeoutMilliseconds) * 1000, Int64(Int32.max)))
            guard library.mainloopPrepare(mainloop, timeout) >= 0 else { return -1 }
            guard library.mainloopPoll(mainloop) >= 0 else { return -1 }
            _ = library.mainloopDispatch(mainloop)
            return Int32(buffer.reduce(0) { $0 + ($1.revents != 0 ? 1 : 0) })
        }
    }

    /// libpulse's poll function: its descriptors and the session's in one `poll()`, with libpulse's timeout.
    private func merge(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: Int32) -> Int32 {
        let session = extra.map(Array.init) ?? []
        var all = (descriptors.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []) + session
        let result = SystemCall.poll(&all, nfds_t(all.count), timeout)
        if result < 0 { return result }
        for index in 0..<count { descriptors?[index].revents = all[index].revents }
        if let extra {
            for index in extra.indices { extra[index].revents = all[count + index].revents }
        }
        return Int32(all[0..<count].reduce(0) { $0 + ($1.revents != 0 ? 1 : 0) })
    }

    // MARK: AudioSink

    func write(_ samples: [Int16]) throws(BreatheError) {
        try write(samples, from: 0, to: samples.count)
    }

    /// Queues `samples[start..<end]`.
    private func write(_ samples: [Int16], from start: Int, to end: Int) throws(BreatheError) {
        guard let stream, isConnected else { throw lost() }
        guard start < end else { return }
        // No free callback: libpulse copies the samples.
        let result = samples[start..<end].withUnsafeBytes {
            library.streamWrite(stream, $0.baseAddress, $0.count, nil, 0, PA_SEEK_RELATIVE)
        }
        if result < 0 { throw lost() }
        written += Int64(end - start)
    }

    /// Queues a whole clip outside a session (the badges after it) as the server asks for it, sleeping in between: libpulse
    /// then holds about one buffer of it at a time, not a copy of all of it. Returns once the last sample is queued.
    func play(_ samples: [Int16]) throws(BreatheError) {
        var next = 0
        var nothing: [pollfd] = []
        while next < samples.count {
            let writable = writableSamples()
            guard writable > 0 else {
                // The server's request (or its going away) wakes the wait.
                guard isConnected, wait(&nothing, timeoutMilliseconds: -1) >= 0 else { throw lost() }
                continue
            }
            let end = min(samples.count, next + writable)
            try write(samples, from: next, to: end)
            next = end
        }
    }

    func writableSamples() -> Int {
        guard let stream, isConnected else { return 0 }
        let bytes = library.streamWritableSize(stream)
        return bytes > 0 ? bytes / 2 : 0
    }

    func checkConnection() throws(BreatheError) {
        if !isConnected { throw lost() }
    }

    func latencySamples() -> Int64 {
        guard let stream, isConnected else { return 0 }
        var microseconds: UInt64 = 0
        var negative: Int32 = 0
        let now = clock.now()
        guard library.streamGetLatency(stream, &microseconds, &negative) == 0 else {
            // No timing information yet (just connected or flushed): the last report, carried forward.
            let played = Int64((now - lastReport.nanos) / 1_000_000) * Int64(AudioFormat.sampleRate) / 1000
            return max(0, lastReport.latency + written - lastReport.written - played)
        }
        let latency = negative != 0 ? 0 : Int64(microseconds) * Int64(AudioFormat.sampleRate) / 1_000_000
        lastReport = (latency, written, now)
        return latency
    }

    /// The sink's own latency behind our stream (`sink_usec` of the server's latest timing report): a flush cannot
    /// drop it. 0 before the first report.
    func deviceLatencySamples() -> Int64 {
        guard let stream, isConnected, let timing = library.streamGetTimingInfo(stream) else { return 0 }
        return Int64(timing.pointee.sink_usec) * Int64(AudioFormat.sampleRate) / 1_000_000
    }

    func flush() {
        guard let stream, isConnected else { return }
        guard complete(library.streamFlush(stream, nil, nil)) else { return }
        lastReport = (0, written, clock.now())
        // Fresh timing, so the latency right after the flush is the server's and not an interpolation across it.
        _ = complete(library.streamUpdateTimingInfo(stream, nil, nil))
    }

    func finish() throws(BreatheError) {
        guard let stream else { return }
        guard isConnected, complete(library.streamDrain(stream, nil, nil)) else { throw lost() }
        close()
    }

    func reconnect() throws(BreatheError) {
        close()
        try connect()
    }
}

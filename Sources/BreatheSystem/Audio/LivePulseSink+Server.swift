import BreatheCore
import CPulseAudio

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the sink finds its server and library, how long it buffers, and what it says when the server fails it.
extension LivePulseSink {
    /// The buffer the server keeps queued (tlength): far ahead (a phase of up to 19 s written at once), since a flush
    /// takes back what is not heard; and the server asks for more only every 9.85 s (`requestMilliseconds`), each
    /// request a wake-up of the session's. At 6 s it asked every 2.85 s, and the session answered each with a question
    /// of its own (issue 52: with each phase's sound asked about, 2.3–2.5 runs a second of a box session on
    /// PulseAudio's defaults, against 0.83–0.87 now).
    package static let targetMilliseconds = 20000
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
    /// What waits in the feed goes at once while the server holds less than this ahead of what is heard: at a phase's
    /// deadline it holds only the pacer's margin (0.3 s), and a loaded machine may take longer to write the phase than
    /// that; a silence held back as a jump until the session sleeps would leave it short, and every cue after heard
    /// late by the gap (seen on PipeWire 0.3.65, with busy loops beside the session: 40-240 ms).
    static let shortMilliseconds = 500
    /// The longest a write waits in the feed within one wake-up: a wake-up ends in a few milliseconds, unless the
    /// machine is loaded.
    static let handOverMilliseconds = 50
    /// Playback starts (and starts again after a flush) once this much is queued (prebuf): at once.
    static let startMilliseconds = 10

    /// The stream's buffer in bytes at `rate`: `target` ms queued, more asked for `requestMilliseconds` at a
    /// time, playback started once `startMilliseconds` are there.
    static func bufferAttributes(rate: Int, target targetMilliseconds: Int) -> pa_buffer_attr {
        func bytes(_ milliseconds: Int) -> UInt32 { UInt32(rate * milliseconds / 1000 * 2) }
        return pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytes(targetMilliseconds), prebuf: bytes(LivePulseSink.startMilliseconds),
            minreq: bytes(LivePulseSink.requestMilliseconds(target: targetMilliseconds)), fragsize: UInt32.max
        )
    }

    /// "did not answer within N seconds", for a connection not ready in time.
    package static var noAnswer: Message {
        Message(.audioNoAnswer, ["seconds": .integer(Int(SoundServerPatience.connectMilliseconds / 1000))])
    }

    /// "nothing for N seconds", for a server that stopped answering.
    package static var silence: Message {
        Message(.audioSilent, ["seconds": .integer(Int(SoundServerPatience.silenceMilliseconds / 1000))])
    }

    /// libpulse's functions, opened on first use; a library that cannot be opened is a server out of reach.
    package static func library() throws(BreatheError) -> LivePulseLibrary {
        switch LivePulseLibrary.shared {
        case .success(let library): return library
        case .failure(let error): throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text(error.detail)]))
        }
    }

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
    package static var libraryVersion: String {
        guard case .success(let library) = LivePulseLibrary.shared else { return "unavailable" }
        return library.libraryVersion().map { String(cString: $0) } ?? "unknown"
    }

    static func socketExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Asks the server who it is, without waiting: `jumps` is set when it answers (`.never` if it cannot say).
    func askHowJumpsPlay(_ context: OpaquePointer) {
        jumps = nil
        let operation = library.contextGetServerInfo(
            context,
            { _, info, userdata in
                guard let userdata else { return }
                let sink = Unmanaged<LivePulseSink>.fromOpaque(userdata).takeUnretainedValue()
                let name = info?.pointee.server_name.map { String(cString: $0) } ?? ""
                sink.jumps = PulseJumps.mode(serverName: name)
            }, Unmanaged.passUnretained(self).toOpaque())
        if let operation { library.operationUnref(operation) } else { jumps = .never }
    }

    /// The runner sleeps in the sink's own poll loop, which services the connection while it waits for keys.
    package var waiter: (any SessionWaiter)? { self }

    /// The room the server offers, in the session's samples, less what waits in the feed.
    package func writableSamples() -> Int {
        guard let stream, isConnected else { return 0 }
        return feed.samples(forBytes: library.streamWritableSize(stream))
    }

    /// Whether the server holds less than `shortMilliseconds` ahead of what is heard (what waits in the feed is not
    /// on it yet).
    func holdsLittle() -> Bool {
        latencySamples() - (feed.written - feed.sent) < Int64(AudioFormat.sampleRate * Self.shortMilliseconds / 1000)
    }

    /// The stream's latency from the server's latest timing report, in the session's samples (`PulseHeardPosition
    /// .latency`); nil while there is none (just connected or flushed) or an index in it is not known.
    func streamLatency(_ stream: OpaquePointer) -> Int64? {
        guard let timing = library.streamGetTimingInfo(stream)?.pointee,
            timing.write_index_corrupt == 0, timing.read_index_corrupt == 0
        else { return nil }
        return PulseHeardPosition.latency(
            writeIndex: timing.write_index, readIndex: timing.read_index, sinkMicroseconds: timing.sink_usec,
            transportMicroseconds: timing.transport_usec, streamRate: streamRate, sampleRate: AudioFormat.sampleRate)
    }

    /// Tells the feed the stream's write index when libpulse knows it (from the server's latest timing report, with
    /// every write since counted), before the feed decides where silence goes (`PulseStreamFeed.learnPosition`).
    func checkPosition(_ stream: OpaquePointer) {
        guard feed.jumps == .overSilence, let timing = library.streamGetTimingInfo(stream)?.pointee,
            timing.write_index_corrupt == 0
        else { return }
        feed.learnPosition(timing.write_index)
    }

    var hasFallenSilent: Bool { liveness.hasFallenSilent(now: clock.now()) }

    /// Nothing from the server for `lateMilliseconds`, with our request unanswered for half of it at least (a healthy
    /// server answers within 80 ms): short of lost, but the closing words are not waited for.
    package var isLate: Bool { liveness.isLate(now: clock.now()) }

    /// The sink's own latency behind our stream (`sink_usec` of the server's latest timing report): a flush cannot
    /// drop it. 0 before the first report.
    package func deviceLatencySamples() -> Int64 {
        guard let stream, isConnected, let timing = library.streamGetTimingInfo(stream) else { return 0 }
        return Int64(timing.pointee.sink_usec) * Int64(AudioFormat.sampleRate) / 1_000_000
    }

    package static func describe(_ error: Int32, _ library: LivePulseLibrary) -> String {
        library.strerror(error).map { String(cString: $0) } ?? "error \(error)"
    }
}

import BreatheCore
import CPulseAudio
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A PulseAudio (or PipeWire-pulse) playback stream: the only file that talks to libpulse.
///
/// One stream is kept open for the whole session, 22 050 Hz mono S16LE. With keys to read, the target latency is near
/// 30 ms, so that a key press is heard quickly; with none (cron, a pipe) it is 200 ms: the server is not forced into
/// small periods (PipeWire otherwise runs its whole graph at a 5 ms quantum and drops out under load).
public final class LivePulseSink: AudioSink {
    private var stream: OpaquePointer?
    private let library: LivePulseLibrary
    private let server: String
    private let targetMilliseconds: Int

    /// The buffer when a key may ask for a pause or a skip at any moment: what is queued is flushed then.
    public static let interactiveMilliseconds = 30
    /// The buffer when nothing can change what is queued but a signal (which flushes it).
    public static let unattendedMilliseconds = 200

    public static func targetMilliseconds(interactive: Bool) -> Int {
        interactive ? interactiveMilliseconds : unattendedMilliseconds
    }

    /// Connects now; throws `.unavailable` with the server's own reason when no server answers.
    public init(environment: [String: String], targetMilliseconds: Int = interactiveMilliseconds) throws(BreatheError) {
        guard let server = LivePulseSink.serverAddress(environment: environment) else {
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text("no PulseAudio socket found")]))
        }
        library = try LivePulseSink.library()
        self.server = server
        self.targetMilliseconds = targetMilliseconds
        stream = try LivePulseSink.connect(library, server: server, targetMilliseconds: targetMilliseconds)
    }

    deinit {
        if let stream { library.simpleFree(stream) }
    }

    /// libpulse's functions, opened on first use; a library that cannot be opened is a server out of reach.
    static func library() throws(BreatheError) -> LivePulseLibrary {
        switch LivePulseLibrary.shared {
        case .success(let library): return library
        case .failure(let error): throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text(error.detail)]))
        }
    }

    public var isFile: Bool { false }

    /// Finds the server the standard way: `PULSE_SERVER`, then `$XDG_RUNTIME_DIR/pulse/native`; with no
    /// `XDG_RUNTIME_DIR` (cron), also `/run/user/<uid>/pulse/native`. PipeWire's pulse server uses the same socket.
    ///
    /// The address is always given to libpulse explicitly, so it never autospawns a daemon of its own.
    public static func serverAddress(environment: [String: String], userID: UInt32 = getuid(),
                                     exists: (String) -> Bool = socketExists) -> String? {
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
    public static var libraryVersion: String {
        guard case .success(let library) = LivePulseLibrary.shared else { return "unavailable" }
        return library.libraryVersion().map { String(cString: $0) } ?? "unknown"
    }

    public static func socketExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private static func connect(_ library: LivePulseLibrary, server: String, targetMilliseconds: Int) throws(BreatheError) -> OpaquePointer {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(AudioFormat.sampleRate), channels: 1)
        let bytes = UInt32(AudioFormat.sampleRate * targetMilliseconds / 1000 * 2)
        // The server asks for more once a third of the target has played (not every few milliseconds, its default):
        // fewer wake-ups of both libpulse's thread and ours, with the buffer kept between two thirds and all of it.
        let request = bytes / 3
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: bytes, prebuf: UInt32.max, minreq: request,
                                        fragsize: UInt32.max)
        var error: Int32 = 0
        let stream = library.simpleNew(server, "breathe-voice", PA_STREAM_PLAYBACK, nil, "Breathing session", &spec, nil,
                                       &attributes, &error)
        guard let stream else {
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text(describe(error, library))]))
        }
        return stream
    }

    static func describe(_ error: Int32, _ library: LivePulseLibrary) -> String {
        library.strerror(error).map { String(cString: $0) } ?? "error \(error)"
    }

    public func write(_ samples: [Int16]) throws(BreatheError) {
        guard let stream else { throw lost(Int32(PA_ERR_CONNECTIONTERMINATED.rawValue)) }
        var error: Int32 = 0
        let result = samples.withUnsafeBytes { library.simpleWrite(stream, $0.baseAddress, $0.count, &error) }
        if result < 0 { throw lost(error) }
    }

    public func latencySamples() -> Int64 {
        guard let stream else { return 0 }
        var error: Int32 = 0
        let microseconds = library.simpleGetLatency(stream, &error)
        if microseconds == UInt64.max { return 0 }
        return Int64(microseconds) * Int64(AudioFormat.sampleRate) / 1_000_000
    }

    public func flush() {
        guard let stream else { return }
        var error: Int32 = 0
        _ = library.simpleFlush(stream, &error)
    }

    public func finish() throws(BreatheError) {
        guard let stream else { return }
        var error: Int32 = 0
        let result = library.simpleDrain(stream, &error)
        library.simpleFree(stream)
        self.stream = nil
        if result < 0 { throw lost(error) }
    }

    public func reconnect() throws(BreatheError) {
        if let stream { library.simpleFree(stream) }
        stream = nil
        stream = try LivePulseSink.connect(library, server: server, targetMilliseconds: targetMilliseconds)
    }

    private func lost(_ error: Int32) -> BreatheError {
        if let stream { library.simpleFree(stream) }
        stream = nil
        return .unavailable(Message(.errorAudioLost, ["detail": .text(LivePulseSink.describe(error, library))]))
    }
}

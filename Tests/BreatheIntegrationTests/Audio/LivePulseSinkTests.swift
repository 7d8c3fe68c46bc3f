import BreatheTestSupport
import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The live sink against the private sound server of `make test` (PulseAudio, then PipeWire's pulse server).
@Suite struct LivePulseSinkTests {
    /// The one helper every live test asks for its server by tells a server that does not answer from one that does.
    @Test func theTestsSoundServerAnswersAndANoneDoesNot() throws {
        try LiveServers.requireSoundServer()
        #expect(!LiveServers.soundServerAnswers(server: "unix:/nonexistent/pulse/native"))
    }

    /// A clip played outside a session (the badges) is queued as the server asks for it: when `play` returns with the
    /// clip's last sample queued, no more than about one buffer is still ahead of what was heard. Written all at once,
    /// 3 s would be.
    @Test func playQueuesALongClipAsTheServerAsksForIt() throws {
        let environment = try LiveServers.requireSoundServer()
        let target = 500
        let sink = try LivePulseSink(environment: environment, targetMilliseconds: target, clock: MonotonicClock())
        let clip = [Int16](repeating: 0, count: AudioFormat.sampleRate * 3)
        try sink.play(clip)
        let ahead = sink.latencySamples()
        // The buffer, plus one request's worth of slack for the server's timing report.
        let allowed = Int64(
            AudioFormat.sampleRate * (target + LivePulseSink.requestMilliseconds(target: target)) / 1000)
        #expect(ahead <= allowed, "\(ahead) samples still queued when play returned (at most \(allowed) expected)")
        #expect(ahead > 0, "nothing queued: the clip's end was not written")
        try sink.finish()
    }

    /// The server says who it is before the stream is ready: PulseAudio plays a jump in the stream as silence, the
    /// tests' PipeWire (0.3.65, Debian 12's) would play stale data there and is sent its silence.
    @Test func theServerSaysWhetherItPlaysAJumpAsSilence() throws {
        let environment = try LiveServers.requireSoundServer()
        let sink = try LivePulseSink(environment: environment, clock: MonotonicClock())
        let pipewire = ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_SERVER"] == "pipewire"
        #expect(sink.jumpsAreSilence == !pipewire, "\(String(describing: sink.jumpsAreSilence))")
        try sink.finish()
    }

    /// The session's connection sends its sound over the socket, never through shared memory: libpulse made it no
    /// shared pool (a memfd named "pulseaudio", or /dev/shm/pulse-shm-*), which it otherwise makes for every context,
    /// whatever the server (issue 52: over shared memory the server gives back each block once played, and the session
    /// wakes for each).
    @Test func theSessionsConnectionSharesNoMemoryWithTheServer() throws {
        let environment = try LiveServers.requireSoundServer()
        let sink = try LivePulseSink(environment: environment, clock: MonotonicClock())
        let maps = Self.wholeFile("/proc/self/maps")
        let pools = maps.split(separator: "\n").filter { $0.contains("memfd:pulseaudio") || $0.contains("pulse-shm-") }
        #expect(maps.contains("libpulse"), "libpulse is not mapped: the check would see nothing")
        #expect(pools.isEmpty, "libpulse's shared pool is mapped: \(pools)")
        try sink.finish()
    }

    /// A file of /proc read to its end: it says its size is 0, and a read of that size takes only its first page.
    private static func wholeFile(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// While a session plays, the server's own requests for data come before the session would ask for a sign of life.
    @Test func theServersRequestsComeBeforeTheSessionWouldAsk() {
        #expect(SoundServerPatience.quietMilliseconds > Int64(LivePulseSink.requestMilliseconds))
    }
}

import BreatheTestSupport
import Foundation
import Testing

@testable import BreatheCore
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

    /// While a session plays, the server's own requests for data come before the session would ask for a sign of life.
    @Test func theServersRequestsComeBeforeTheSessionWouldAsk() {
        #expect(SoundServerPatience.quietMilliseconds > Int64(LivePulseSink.requestMilliseconds))
    }
}

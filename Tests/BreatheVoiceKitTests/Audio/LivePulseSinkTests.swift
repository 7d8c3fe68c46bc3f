import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The live sink against the private sound server of `make test` (PulseAudio, then PipeWire's pulse server).
@Suite struct LivePulseSinkTests {
    /// The server the tests run beside, or nil when there is none and none is required (a plain `swift test`).
    static func serverEnvironment() -> [String: String]? {
        let environment = ProcessInfo.processInfo.environment
        let required = environment["BREATHE_VOICE_REQUIRE_PULSE"] == "1"
        guard required || environment["PULSE_SERVER"] != nil else { return nil }
        return environment
    }

    /// A clip played outside a session (the badges) is queued as the server asks for it: when `play` returns with the
    /// clip's last sample queued, no more than about one buffer is still ahead of what was heard. Written all at once,
    /// 3 s would be.
    @Test func playQueuesALongClipAsTheServerAsksForIt() throws {
        guard let environment = Self.serverEnvironment() else { return }
        let target = 500
        let sink = try LivePulseSink(environment: environment, targetMilliseconds: target)
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
}

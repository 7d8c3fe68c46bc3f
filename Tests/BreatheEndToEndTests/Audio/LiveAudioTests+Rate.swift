import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 45: the live stream plays at the rate of what plays it (`PA_STREAM_FIX_RATE`), the session's 22 050 Hz
/// converted in our process (`RateConverter`), so that the server converts nothing on each of its periods: PipeWire's
/// graph rate (48 kHz by default) on PipeWire, the sink's own on PulseAudio. The cue tests of this suite hear the
/// converted stream on time, on both servers.
extension LiveAudioTests {
    /// `pactl ARGUMENTS`' output (empty when it failed).
    static func pactl(_ arguments: [String]) -> String {
        (try? BinaryRun.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/pactl")).stdout) ?? ""
    }

    /// The rate of the first number followed by "Hz" on the line starting with `label` (after spaces).
    static func rate(after label: String, in text: String) -> Int? {
        let lines = text.split(separator: "\n")
        guard let line = lines.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }),
            let word = line.split(separator: " ").last(where: { $0.hasSuffix("Hz") })
        else { return nil }
        return Int(word.dropLast(2))
    }

    /// The sample rate of our session's stream as the server lists it ("Breathing session"), nil while it has none.
    static func sessionStreamRate() -> Int? {
        let blocks = pactl(["list", "sink-inputs"]).components(separatedBy: "Sink Input #")
        guard let ours = blocks.first(where: { $0.contains("media.name = \"Breathing session\"") }) else { return nil }
        return rate(after: "Sample Specification:", in: ours)
    }

    @Test func theStreamPlaysAtTheRateOfWhatPlaysIt() throws {
        try LiveServers.requireSoundServer()
        let pipewire = ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_SERVER"] == "pipewire"
        var environment: [String: String?] = [:]
        var module: String?
        let expected: Int
        if pipewire {
            // The graph's rate, which PipeWire's pulse server gives as its default.
            expected = try #require(Self.rate(after: "Default Sample Specification:", in: Self.pactl(["info"])))
            #expect(expected != 22_050, "the graph runs at the session's own rate: nothing to show")
        } else {
            // A sink of its own at 48 kHz (the tests' sink runs at 22 050 Hz, the session's rate).
            module = Self.pactl([
                "load-module", "module-null-sink", "sink_name=fast", "rate=48000", "channels=1",
            ]).trimmingCharacters(in: .whitespacesAndNewlines)
            try #require(Int(module ?? "") != nil, "could not load a 48 kHz sink")
            environment["PULSE_SINK"] = "fast"
            expected = 48_000
        }
        defer { if let module { _ = Self.pactl(["unload-module", module]) } }
        let home = try TemporaryHome()
        let started = try FaultRun.start(
            ["--pattern", "2-2", "--cycles", "3", "--lang", "en", "--plain"], home: home, environment: environment,
            standardOutput: .path("capture"))
        let seen = Waiting.value(within: 20, every: 0.1) { Self.sessionStreamRate() }
        let run = try #require(FaultRun.finish(started, within: 60), "the session did not end")
        #expect(run.ending == .exited(0), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(seen == expected, "our stream at \(seen.map(String.init) ?? "no rate"), the sink's \(expected)")
        #expect(run.stdout.contains("Session complete"), "\(run.stdout)")
    }
}

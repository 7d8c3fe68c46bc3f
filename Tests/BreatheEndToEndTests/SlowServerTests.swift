import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 43: the tests' own servers behind a proxy that delays every byte (`SlowProxy`), on PulseAudio and on PipeWire
/// (a live suite): a server that answers slowly, within the deadlines, is no lost server (the session plays to its end);
/// one slower than the handshake's deadline is no sound server, at that deadline; and SIGTERM while a session waits on
/// a slow server, sound server or speech-dispatcher, ends it at once with 143 and its record.
extension LiveAudioTests {
    /// The tests' sound server behind a proxy delaying every byte by `milliseconds`, and the environment that points
    /// the program at it.
    private static func slowSoundServer(_ milliseconds: Int) throws -> (
        proxy: SlowProxy, environment: [String: String?]
    ) {
        try LiveServers.requireSoundServer()
        let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] ?? ""
        var upstream: String?
        for case .socket(let path) in SoundServerAddress.entries(server) {
            upstream = path
            break
        }
        let proxy = try SlowProxy(
            upstream: try #require(upstream, "PULSE_SERVER: \(server)"), milliseconds: milliseconds)
        return (proxy, ["PULSE_SERVER": "unix:" + proxy.path, "PULSE_CLIENTCONFIG": try proxy.clientConfiguration()])
    }

    /// 100 ms each way on every byte: the handshake takes about two seconds (of its four), the stream stays fed (seconds
    /// queued), and the session plays to its end, recorded as completed, without a word on standard error.
    @Test func aSessionThroughASlowSoundServerPlaysToItsEnd() throws {
        let (proxy, environment) = try Self.slowSoundServer(100)
        let home = try TemporaryHome()
        let run = try FaultRun.run(
            ["--pattern", "2-0-2", "--cycles", "2", "--lang", "en", "--plain"], home: home, environment: environment)
        #expect(proxy.awaitClient(timeout: 0), "the session did not go through the proxy")
        #expect(run.ending == .exited(0), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("Session complete: 2 cycles"), "\(run.stdout)")
        #expect(home.history.contains("\"status\":\"completed\""), "\(home.history)")
    }

    /// 1.5 s each way: the handshake (at least two round trips, more on PulseAudio than on PipeWire, whose own
    /// ended within 4 s at 600 ms) cannot end within its 4 s, so no sound server (69 and one line, no
    /// terminal), at that deadline; SIGTERM while it waits ends the session at once, with 143 and its record.
    @Test func aSoundServerSlowerThanItsDeadlineIsNoSoundServerAndSIGTERMStillEndsTheWait() throws {
        let (proxy, environment) = try Self.slowSoundServer(1500)
        let home = try TemporaryHome()
        let arguments = ["--pattern", "2-0-2", "--cycles", "2", "--lang", "en", "--plain"]
        let began = Date()
        let run = try FaultRun.run(arguments, home: home, environment: environment)
        let seconds = Date().timeIntervalSince(began)
        #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(seconds < 10, "took \(seconds) s")

        let second = try SlowProxy(upstream: proxy.upstreamPath, milliseconds: 1500)
        var through = environment
        through["PULSE_SERVER"] = "unix:" + second.path
        let started = try FaultRun.start(arguments, home: home, environment: through, standardOutput: .path("capture"))
        let connected = second.awaitClient(timeout: 30)
        let ended = FaultRun.terminate(started)
        #expect(connected, "the session never connected")
        try FaultRun.expectStoppedAtOnce(ended, home: home)
    }

    /// speech-dispatcher behind a proxy delaying every byte by 300 ms: SIGTERM while the session waits on it (opening,
    /// or a phrase) ends the session at once, with 143 and its record.
    @Test func sigtermEndsASessionWhoseSpeechServerIsSlow() throws {
        try LiveServers.requireSoundServer()
        let address = ProcessInfo.processInfo.environment["SPEECHD_ADDRESS"] ?? ""
        try #require(address.hasPrefix("unix_socket:"), "no private speech-dispatcher (scripts/with-speechd.sh)")
        let proxy = try SlowProxy(upstream: String(address.dropFirst("unix_socket:".count)), milliseconds: 300)
        let home = try TemporaryHome()
        let started = try FaultRun.start(
            ["--pattern", "2-0-2", "--cycles", "20", "--lang", "en", "--plain", "--speech-via", "speechd"], home: home,
            environment: ["SPEECHD_ADDRESS": "unix_socket:" + proxy.path], standardOutput: .path("capture"))
        let connected = proxy.awaitClient(timeout: 30)
        let ended = FaultRun.terminate(started)
        #expect(connected, "the session never connected to speech-dispatcher")
        try FaultRun.expectStoppedAtOnce(ended, home: home)
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A lost sound server (7), against the built binary in its own home, as in `FaultInjectionTests`.
extension FaultInjectionTests {
    // MARK: 7. A non-interactive session whose sound server dies: exit 69, and what was breathed is recorded.

    @Test func defect07LostServerIsExit69AndTheSessionIsRecordedAsInterrupted() throws {
        let server = try PulseServer.Own()
        try #require(server.isUp, "could not start a private PulseAudio server of our own")
        let home = try TemporaryHome()
        let started = try FaultRun.start(
            ["--pattern", "2-0-2", "--cycles", "5", "--plain", "--lang", "en", "--tones", "off"],
            home: home, environment: ["PULSE_SERVER": server.address], standardOutput: .path("capture"))
        // Once the second cycle is announced, the first was surely breathed; then the server dies.
        Waiting.until("Cycle 2 of 5.", appearsIn: started.stdoutFile, within: 30)
        server.kill()
        let run = FaultRun.finish(started)
        #expect(run.ending == .exited(69), "\(run.ending) \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stdout.contains("Cycle 2 of 5."), "\(run.stdout)")
        let records = Self.historyLines(home)
        try #require(records.count == 1, "the session was not recorded")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(records[0].utf8)) as? [String: Any])
        #expect(record["status"] as? String == "interrupted")
        #expect((record["actualCycles"] as? Int ?? 0) >= 1, "\(record)")
        // Seconds in tenths: as far as the listener heard, not a whole number of seconds.
        #expect(((record["actualSeconds"] as? NSNumber)?.doubleValue ?? 0) >= 4, "\(record)")
    }
}

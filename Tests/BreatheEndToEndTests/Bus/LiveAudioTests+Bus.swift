import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 49: a session paused and resumed from the session bus, as heard. The monitor of the tests' sink is recorded
/// while `playerctl` pauses the session after its first cue and resumes it a while later: no cue is heard while it is
/// paused, every cue before and after comes on its planned interval, and the one across the pause comes that much later.
extension LiveAudioTests {
    @Test func aPauseFromTheBusIsHeardAndTheTimelineHoldsAfterIt() throws {
        try LiveServers.requireSoundServer()
        let bus = try SessionBus()
        let home = try TemporaryHome()
        // Tones only, 2-2 three times: six cues 2 s apart.
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 2), Phase(.exhale, seconds: 2)]),
            length: .cycles(3), sampleRate: Self.rate
        ).get()
        let recorder = try MonitorRecorder()
        let lateness = GraphLateness()
        let started = try FaultRun.start(
            ["--pattern", "2-2", "--cycles", "3", "--speech", "off", "--plain", "--lang", "en"], home: home,
            environment: bus.environment, standardOutput: .path("capture"))
        let player = try #require(bus.sessionPlayer(pid: started.pid))
        // The first phase's line is printed as its cue is heard: pause then, for at least 2.5 s.
        #expect(Waiting.until("Breathe in, 2 seconds. Cycle 1 of 3.", appearsIn: started.stdoutFile, within: 20))
        _ = try bus.playerctl(["-p", player, "pause"])
        #expect(bus.status(of: player, becomes: "Paused"))
        let pausedAt = Date()
        #expect(
            !Waiting.until(timeout: 2.5, every: 0.02) { started.child.ending() != nil },
            "the session ended while paused")
        _ = try bus.playerctl(["-p", player, "play"])
        #expect(bus.status(of: player, becomes: "Playing"))
        let held = Date().timeIntervalSince(pausedAt)
        let run = try #require(FaultRun.finish(started, within: 30))
        let samples = try recorder.stop(after: 0.5)
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("Paused.") }.count == 1, "\(run.stdout)")

        // The first cue; then, when the pause came while its tone sounded, the rest of that tone once resumed; then
        // the five other cues, each on its planned interval from the one before.
        let heard = Self.onsets(samples)
        try #require(heard.count == 6 || heard.count == 7, "heard \(heard.count) onsets, planned 6 cues: \(heard)")
        let planned = (1...3).flatMap { cycle in (0..<2).map { Int(plan.start(of: .phase(cycle: cycle, index: $0))) } }
        let after = Array(heard.suffix(5))
        Self.expectIntervals(heard: after, planned: Array(planned.suffix(5)), lateness: lateness) { "cue \($0 + 2)" }
        // Nothing is heard while paused: what follows the first cue comes at least the time it was held later (less
        // what the bus and playerctl took to carry each call, generously).
        let quiet = Double(heard[1] - heard[0]) / Double(Self.rate)
        #expect(quiet > held - 1.5, "a sound \(quiet) s after the first cue, though paused for \(held) s: \(heard)")
        #expect(Double(after[0] - heard[0]) / Double(Self.rate) < held + 2 + 1.5, "\(heard), held \(held) s")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// What the PipeWire timing tests grant the graph: the late cycles its log tells of, and the errors they explain.
@Suite struct GraphLatenessTests {
    static let ours =
        "[I][73605.891067] pw.node      | [     impl-node.c: 1058 dump_states()] (breathe-voice-46) client too slow! "
        + "rate:256/48000 pos:473088 status:triggered"
    static let recorder =
        "[I][73605.891024] pw.node      | [     impl-node.c: 1058 dump_states()] (parec-36) client too slow! "
        + "rate:1024/48000 pos:473088 status:triggered"
    static let other =
        "[I][73605.891030] pw.node      | [     impl-node.c: 1058 dump_states()] (speech-dispatcher-espeak-ng-52) "
        + "client too slow! rate:256/48000 pos:473088 status:awake"

    @Test func eachLateCycleIsCountedForItsNodeWithItsQuantum() {
        let late = GraphLateness.late(
            in: [Self.ours, Self.other, Self.recorder, Self.ours, "[I] pw.node | ready"].joined(separator: "\n"))
        #expect(late.ours == 2 && late.recorder == 1)
        #expect(abs(late.oursSeconds - 512.0 / 48_000) < 1e-9)
        #expect(abs(late.recorderSeconds - 1024.0 / 48_000) < 1e-9)
    }

    @Test func onlyWhatTheLogSaysAfterItsStartCounts() throws {
        let home = try TemporaryHome()
        let log = home.root.appendingPathComponent("pipewire.log")
        try Data((Self.ours + "\n").utf8).write(to: log)
        let lateness = GraphLateness(log: log)
        #expect(lateness.lateCycles().map { $0 == (0, 0, 0, 0) } == true)
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((Self.recorder + "\n" + Self.ours + "\n").utf8))
        try handle.close()
        #expect(lateness.lateCycles()?.ours == 1)
        #expect(lateness.lateCycles()?.recorder == 1)
        // 256 frames at 48 kHz is 118 samples at 22 050 Hz (117.6, rounded up).
        #expect(lateness.unexplained([330 + 118], tolerance: 330, rate: 22_050) == [])
        #expect(lateness.unexplained([330 + 119], tolerance: 330, rate: 22_050) == [0])
    }

    @Test func onPulseAudioNothingIsGranted() {
        let lateness = GraphLateness(environment: ["BREATHE_VOICE_TEST_SERVER": "pulse"])
        #expect(lateness.lateCycles() == nil)
        #expect(lateness.summary == "")
        #expect(lateness.unexplained([0, 330, -330, 331, -331], tolerance: 330, rate: 22_050) == [3, 4])
    }

    @Test func theExcessesOnEachSideAddUpToWhatItsNodeLost() {
        // Within the tolerance: nothing to explain.
        #expect(GraphLateness.unexplained([10, -20, 330], tolerance: 330, longer: 0, shorter: 0) == [])
        // Two longer intervals, 60 and 58 beyond: one late quantum of 118 explains both, 117 neither.
        #expect(GraphLateness.unexplained([390, 0, 388], tolerance: 330, longer: 118, shorter: 0) == [])
        #expect(GraphLateness.unexplained([390, 0, 388], tolerance: 330, longer: 117, shorter: 0) == [0, 2])
        // A shorter interval is the recorder's to explain, not our node's.
        #expect(GraphLateness.unexplained([-400, 400], tolerance: 330, longer: 1000, shorter: 0) == [0])
        #expect(GraphLateness.unexplained([-400, 400], tolerance: 330, longer: 0, shorter: 1000) == [1])
        #expect(GraphLateness.unexplained([-400, 400], tolerance: 330, longer: 70, shorter: 70) == [])
    }
}

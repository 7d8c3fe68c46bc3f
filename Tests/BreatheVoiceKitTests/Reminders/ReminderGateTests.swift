import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Quiet hours with an injected clock, then the lock.
@Suite struct ReminderGateTests {
    static let night = QuietHours(start: TimeOfDay(hour: 22, minute: 0)!, end: TimeOfDay(hour: 7, minute: 0)!)

    @Test(arguments: [
        (21, 59, false), (22, 0, true), (23, 30, true), (0, 0, true), (3, 15, true), (6, 59, true), (7, 0, false),
        (12, 0, false),
    ])
    func quietHoursThatWrapPastMidnightSkip(hour: Int, minute: Int, quiet: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-gate-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gate = ReminderGate(
            quietHours: Self.night, clock: .fixed(at: TimeOfDay(hour: hour, minute: minute)!), lockDirectory: folder
        )
        switch try gate.decide() {
        case .run:
            #expect(!quiet, "ran in quiet hours")
        case .skip(let reason):
            #expect(quiet, "skipped outside quiet hours")
            #expect(reason == Message(.remindQuiet, ["start": .text("22:00"), "end": .text("07:00")]))
            // A quiet reminder does not even make the lock folder.
            #expect(!FileManager.default.fileExists(atPath: folder))
        }
    }

    @Test func aSecondReminderWhileOneRunsSkipsAsBusy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-gate-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gate = ReminderGate(
            quietHours: nil, clock: .fixed(at: TimeOfDay(hour: 12, minute: 0)!), lockDirectory: folder)
        guard case .run(let lock) = try gate.decide() else {
            Issue.record("the first reminder did not run")
            return
        }
        guard case .skip(let reason) = try gate.decide() else {
            Issue.record("two reminders ran at once")
            return
        }
        #expect(reason == Message(.remindBusy))
        withExtendedLifetime(lock) {}
    }

    @Test func theLiveClockReadsTheLocalTime() {
        // The same minute as the C library's own local time, read around the call.
        func cTime() -> Int {
            var seconds = time(nil)
            var parts = tm()
            localtime_r(&seconds, &parts)
            return Int(parts.tm_hour) * 60 + Int(parts.tm_min)
        }
        let before = cTime()
        let now = WallClock.live.timeOfDay().minutes
        let after = cTime()
        #expect(now == before || now == after)
    }
}

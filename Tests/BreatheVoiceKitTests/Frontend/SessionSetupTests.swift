import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The plan a session command runs, and the history check and the mood question around it.
@Suite struct SessionSetupTests {
    static func preferences(_ values: [PreferenceKey: PreferenceValue] = [:]) -> Preferences {
        Preferences(values: values, origins: [:], customPatterns: [])
    }

    @Test func startUsesTheDefaultPatternAndLengthAndARemindersItsOwn() throws {
        let preferences = Self.preferences([
            .defaultPattern: .text("box"), .defaultMinutes: .minutes(hundredths: 300),
            .remindPattern: .text("4-7-8"), .remindMinutes: .minutes(hundredths: 100),
        ])
        let start = try SessionSetup.plan(SessionRequest(), preferences)
        let reminder = try SessionSetup.plan(SessionRequest(), preferences, reminder: true)
        #expect(start.pattern.name == "box")
        #expect(reminder.pattern.name == "4-7-8")
        #expect(start.breathingTenths >= 1_500)
        #expect(reminder.breathingTenths < 1_000)
    }

    @Test func theLeadInFollowsThePreference() throws {
        let with = try SessionSetup.plan(SessionRequest(cycles: "1"), Self.preferences())
        let without = try SessionSetup.plan(SessionRequest(cycles: "1"), Self.preferences([.leadIn: .onOff(false)]))
        #expect(with.breathingStart == Int64(3 * AudioFormat.sampleRate))
        #expect(without.breathingStart == 0)
    }

    @Test(arguments: [
        SessionRequest(pattern: "no-such-pattern"), SessionRequest(cycles: "0"), SessionRequest(minutes: "x"),
    ])
    func aRequestThatCannotBePlannedIsAUsageError(request: SessionRequest) {
        do {
            _ = try SessionSetup.plan(request, Self.preferences())
            Issue.record("planned")
        } catch {
            #expect(error.exitCode == ExitStatus.usage)
        }
    }

    @Test func anUnwritableHistoryIsAWarningForAnInteractiveSession() throws {
        let scratch = try Scratch().path
        #expect(FileManager.default.createFile(atPath: scratch + "/file", contents: Data()))
        let recorder = HistoryRecorder(
            store: HistoryStore(path: scratch + "/file/history.jsonl"),
            plan: try SessionSetup.plan(SessionRequest(cycles: "1"), Self.preferences()), language: "en"
        )
        try SessionSetup.checkHistory(recorder, interactive: true, localizer: Localizer(language: "en"))
        #expect(!recorder.records)
    }

    @Test func aWritableHistoryIsRecorded() throws {
        let recorder = HistoryRecorder(
            store: HistoryStore(path: try Scratch().path + "/history.jsonl"),
            plan: try SessionSetup.plan(SessionRequest(cycles: "1"), Self.preferences()), language: "en"
        )
        try SessionSetup.checkHistory(recorder, interactive: false, localizer: Localizer(language: "en"))
        #expect(recorder.records)
    }

    @Test func theMoodIsAskedOnlyAfterAWholeCycleWithNoSignal() {
        func outcome(cycles: Int, signal: SignalInput?) -> SessionOutcome {
            SessionOutcome(
                summary: SessionSummary(status: .completed, cyclesCompleted: cycles, cyclesPlanned: 2, position: 0),
                signal: signal, ignoredEvents: 0
            )
        }
        #expect(SessionSetup.asksMood(after: outcome(cycles: 1, signal: nil)))
        #expect(!SessionSetup.asksMood(after: outcome(cycles: 0, signal: nil)))
        #expect(!SessionSetup.asksMood(after: outcome(cycles: 2, signal: .interrupt)))
        #expect(!SessionSetup.asksMood(after: outcome(cycles: 2, signal: .hangup)))
    }
}

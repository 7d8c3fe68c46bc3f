import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The session is recorded when its breathing ends, before any question; the mood given afterwards amends the record,
/// and the badges are counted from the history as it then reads.
@Suite struct HistoryRecorderTests {
    static func plan() throws -> SessionPlan {
        try SessionSetup.plan(
            SessionRequest(cycles: "1"), Preferences(values: [:], origins: [:], customPatterns: []))
    }

    static func earlier(_ index: Int) -> SessionRecord {
        let time = LocalTimestamp.parse("2024-03-31T10:00:00+02:00")!
        return SessionRecord(
            id: "earlier\(index)", start: time, end: time, patternName: "box", timings: "4-4-4-4",
            patternKind: .builtIn, plannedCycles: 1, actualCycles: 1, plannedTenths: 160, actualTenths: 160,
            status: .completed, moodBefore: 1, moodAfter: 3, language: "en")
    }

    @Test func theRecordIsAppendedAtItsSaveAndTheMoodAmendsIt() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        // Nine sessions that lifted the mood: the tenth earns a badge.
        for index in 0..<9 { try store.append(Self.earlier(index)) }
        let plan = try Self.plan()
        let recorder = HistoryRecorder(store: store, plan: plan, language: "en", moodBefore: 1, waitsForMood: true)
        let summary = SessionSummary(
            status: .completed, cyclesCompleted: 1, cyclesPlanned: 1, position: plan.breathingEnd)
        recorder.present(.save(summary), state: .completing(summary), position: plan.breathingEnd)
        func records() throws -> [SessionRecord] {
            var all: [SessionRecord] = []
            try store.forEach {
                all.append($0)
                return true
            }
            return all
        }
        // Recorded at once, before any question: a way out now keeps it.
        #expect(try records().count == 10)
        #expect(try records().last?.moodAfter == nil)
        recorder.countBadges()
        #expect(recorder.newBadges.isEmpty)
        recorder.amend(moodAfter: 4)
        #expect(recorder.failure == nil)
        #expect(try records().count == 10)
        #expect(try records().last?.moodAfter == 4)
        #expect(recorder.newBadges == [.moodImproved10])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.last == #"{"amends":"\#(recorder.appended?.id ?? "")","moodAfter":4}"#)
    }

    @Test func nothingAppendedMeansNothingToAmend() throws {
        let path = try Scratch().path + "/history.jsonl"
        let recorder = HistoryRecorder(
            store: HistoryStore(path: path), plan: try Self.plan(), language: "en", waitsForMood: true)
        recorder.amend(moodAfter: 4)
        recorder.countBadges()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(recorder.newBadges.isEmpty)
    }

    static func records(_ path: String) throws -> [SessionRecord] {
        var all: [SessionRecord] = []
        try HistoryStore(path: path).forEach {
            all.append($0)
            return true
        }
        return all
    }

    /// A reminder's recorder applies `ReminderDecline` where the record is written: a stop request in the first
    /// phase declines it, the same stop after a signal does not, and `start`'s recorder never declines.
    @Test(arguments: [(true, false, SessionRecord.Status.skipped), (true, true, .stopped), (false, false, .stopped)])
    func aReminderStoppedInItsFirstPhaseIsDeclinedUnlessASignalStoppedIt(
        reminder: Bool, signalled: Bool, status: SessionRecord.Status
    ) throws {
        let path = try Scratch().path + "/history.jsonl"
        let plan = try Self.plan()
        let recorder = HistoryRecorder(store: HistoryStore(path: path), plan: plan, language: "en", source: .cron)
        recorder.declinable = reminder
        if signalled { recorder.stopSignalled() }
        let position = plan.breathingStart + 10
        let summary = SessionSummary(status: .stopped, cyclesCompleted: 0, cyclesPlanned: 1, position: position)
        recorder.present(.save(summary), state: .completing(summary), position: position)
        let records = try Self.records(path)
        #expect(records.map(\.status) == [status])
        #expect(records.first?.reason == (status == .skipped ? .user : nil))
    }

    /// A reminder that failed before it breathed is recorded as failed, with why; one already recorded (what it
    /// breathed before its server went away) is not recorded twice.
    @Test func aFailedReminderIsRecordedOnceWithItsReason() throws {
        let path = try Scratch().path + "/history.jsonl"
        let plan = try Self.plan()
        let recorder = HistoryRecorder(store: HistoryStore(path: path), plan: plan, language: "es", source: .cron)
        try recorder.appendFailed(.sound)
        try recorder.appendFailed(.voice)
        let records = try Self.records(path)
        #expect(records.map(\.status) == [.failed])
        #expect(records.first?.reason == .sound)
        #expect(records.first?.patternName == "box" && records.first?.plannedCycles == 1)
        #expect(records.first?.actualTenths == 0 && records.first?.source == .cron)

        let breathed = try Scratch().path + "/history.jsonl"
        let cut = HistoryRecorder(store: HistoryStore(path: breathed), plan: plan, language: "en", source: .cron)
        let summary = SessionSummary(
            status: .interrupted, cyclesCompleted: 0, cyclesPlanned: 1, position: plan.breathingStart + 100)
        cut.present(.save(summary), state: .completing(summary), position: summary.position)
        try cut.appendFailed(.sound)
        #expect(try Self.records(breathed).map(\.status) == [.interrupted])
    }
}

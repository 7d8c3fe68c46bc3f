import Foundation
import Testing

@testable import BreatheCore
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
}

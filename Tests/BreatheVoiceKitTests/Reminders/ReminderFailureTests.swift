import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Why a reminder failed, as its `failed` record says it, from the error the user is told.
@Suite struct ReminderFailureTests {
    @Test(arguments: [
        (BreatheError.unavailable(Message(.errorRemindAudioUnavailable)), SessionRecord.Reason.sound),
        (.unavailable(Message(.errorAudioUnavailable)), .sound),
        (.unavailable(Message(.errorAudioLost)), .sound),
        (.unavailable(Message(.errorSpeechdUnavailable)), .speech),
        (.unavailable(Message(.errorSpeechUnavailable)), .voice),
        (.usage(Message(.errorVoiceFromFlag)), .voice),
        (.badPreferences(Message(.errorVoiceFromFile)), .voice),
        (.badPreferences(Message(.errorVoiceFromEnvironment)), .voice),
        (.usage(Message(.errorPatternUnknown)), .pattern),
        (.badPreferences(Message(.errorPrefsFileSyntax)), .preferences),
        (.io(Message(.errorWrite)), .other),
        (.cannotCreate(Message(.errorLockCreate)), .other),
    ])
    func theReasonIsTheErrorsKind(error: BreatheError, reason: SessionRecord.Reason) {
        #expect(ReminderFailure.reason(for: error) == reason)
        #expect(reason.isFailure)
    }

    @Test func aReminderWithoutAPlanIsRecordedAsFailedWithTheNameItAskedFor() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        let time = LocalTimestamp.parse("2026-05-04T14:00:00+02:00")!
        ReminderFailure.recordUnplanned(
            .pattern, patternName: "calm", language: "fr", store: store, clock: .fixed(time))
        ReminderFailure.recordUnplanned(
            .preferences, patternName: nil, language: "en", store: store, clock: .fixed(time))
        var records: [SessionRecord] = []
        try store.forEach {
            records.append($0)
            return true
        }
        #expect(records.map(\.status) == [.failed, .failed])
        #expect(records.map(\.reason) == [.pattern, .preferences])
        #expect(records.map(\.patternName) == ["calm", nil])
        #expect(records.allSatisfy { $0.start == time && $0.actualCycles == 0 && $0.actualTenths == 0 })
        #expect(records.map(\.language) == ["fr", "en"])
    }

    /// A history that cannot be written changes nothing: the failure the user is told is the reminder's own.
    @Test func anUnwritableHistoryIsLeftAlone() throws {
        let folder = try Scratch().path
        let store = HistoryStore(path: folder + "/not-a-folder/history.jsonl")
        #expect(FileManager.default.createFile(atPath: folder + "/not-a-folder", contents: Data()))
        ReminderFailure.recordUnplanned(.sound, patternName: "box", language: "en", store: store)
        #expect(!FileManager.default.fileExists(atPath: folder + "/not-a-folder/history.jsonl"))
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// `HistoryStore.merge` (issue 50): under the history's own lock, so a session's append never lands in a file the merge
/// has replaced.
@Suite struct HistoryMergeTests {
    static func record(_ id: String, _ start: String) -> SessionRecord {
        let time = LocalTimestamp.parse(start)!
        return SessionRecord(
            id: id, start: time, end: time, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
            plannedCycles: 4, actualCycles: 4, plannedTenths: 640, actualTenths: 640, status: .completed, language: "en"
        )
    }

    static func ids(_ store: HistoryStore) throws -> [String] {
        var ids: [String] = []
        try store.forEach {
            ids.append($0.id)
            return true
        }
        return ids
    }

    /// An append that waited for the lock on the file a merge then renamed over opens the new file and appends there.
    @Test func anAppendWaitingForTheLockLandsInTheMergedFile() async throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        try store.append(Self.record("old", "2024-05-01T10:00:00+02:00"))
        // Hold the lock as a merge does, then replace the file by a rename while an append waits.
        let held = try #require(try store.openLocked(O_RDWR))
        let appending = Task.detached { try store.append(Self.record("late", "2024-05-09T10:00:00+02:00")) }
        let merged =
            Self.record("old", "2024-05-01T10:00:00+02:00").line + "\n"
            + Self.record("new", "2024-05-02T10:00:00+02:00").line + "\n"
        try Data(merged.utf8).write(to: URL(fileURLWithPath: path + ".next"))
        #expect(rename(path + ".next", path) == 0)
        flock(held, LOCK_UN)
        close(held)
        try await appending.value
        #expect(try Self.ids(store) == ["old", "new", "late"])
    }

    @Test func mergingAddsEachSessionOnceInTimeOrder() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        try store.append(Self.record("b", "2024-05-02T10:00:00+02:00"))
        try store.append(Self.record("d", "2024-05-04T10:00:00+02:00"))
        let incoming = [
            ("c", "2024-05-03T10:00:00+02:00"), ("a", "2024-05-01T10:00:00+02:00"), ("b", "2024-05-02T10:00:00+02:00"),
            ("a", "2024-05-01T10:00:00+02:00"),
        ].map {
            let record = Self.record($0.0, $0.1)
            return ImportedRecord(id: record.id, start: record.start, line: record.line)
        }
        let dry = try store.merge(incoming, dryRun: true)
        #expect(dry == HistoryImportOutcome(imported: 2, alreadyHere: 2))
        #expect(try Self.ids(store) == ["b", "d"])
        #expect(try store.merge(incoming, dryRun: false) == HistoryImportOutcome(imported: 2, alreadyHere: 2))
        #expect(try Self.ids(store) == ["a", "b", "c", "d"])
        #expect(try store.merge(incoming, dryRun: false) == HistoryImportOutcome(imported: 0, alreadyHere: 4))
    }

    /// A mood answered after another session ended goes with its session when the history is put in time order: a
    /// session started at 10:10 and ended with its mood question open, one started at 10:05 in another terminal that
    /// ended meanwhile, then the first one's mood. Sorted as blocks of lines, the mood came before its session, where
    /// every reader drops it.
    @Test func aMoodAnsweredAfterAnotherSessionEndedStaysWithItsSession() throws {
        let path = try Scratch().path + "/history.jsonl"
        let store = HistoryStore(path: path)
        let lines = [
            Self.record("later", "2024-05-01T10:10:00+02:00").line,
            Self.record("earlier", "2024-05-01T10:05:00+02:00").line,
            SessionAmendment(id: "later", moodAfter: 4).line,
            Self.record("next", "2024-05-01T11:00:00+02:00").line,
            SessionAmendment(id: "earlier", moodAfter: 2).line,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let imported = Self.record("new", "2024-05-01T10:07:00+02:00")
        let outcome = try store.merge(
            [ImportedRecord(id: imported.id, start: imported.start, line: imported.line)], dryRun: false)
        #expect(outcome == HistoryImportOutcome(imported: 1, alreadyHere: 0))
        var moods: [String: Int?] = [:]
        var order: [String] = []
        try store.forEach {
            moods[$0.id] = $0.moodAfter
            order.append($0.id)
            return true
        }
        #expect(order == ["earlier", "new", "later", "next"])
        #expect(moods == ["earlier": 2, "new": nil, "later": 4, "next": nil])
        // Every line kept, none added: four sessions and two moods.
        let written = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(written.count == 6, "\(written)")
    }
}

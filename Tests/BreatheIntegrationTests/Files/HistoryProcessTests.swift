import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The history file under real concurrency: separate processes (the `HistoryAppender` test tool, which appends with
/// the real `HistoryStore`) appending at once, and processes killed with SIGKILL in the middle of their appends.
@Suite struct HistoryProcessTests {
    static let appender = BinaryRun.builtExecutable(named: "HistoryAppender")

    static func scratchFile() throws -> String {
        // Removed when the test process exits (`TestFolder`). The state folder itself does not exist yet: the writers
        // race to create it.
        try TestFolder.make("breathe-voice-history") + "/state/breathe-voice/history.jsonl"
    }

    /// The file's lines, split on newlines; `complete` is false when the last one has no newline.
    static func lines(of path: String) throws -> (lines: [[UInt8]], complete: Bool) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let complete = lines.last?.isEmpty ?? true
        if complete, !lines.isEmpty { lines.removeLast() }
        return (lines, complete)
    }

    /// Whether the file holds a whole, non-empty line past its first `offset` bytes.
    static func holdsALine(after offset: Int, in path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(offset))) != nil, let data = try? handle.readToEnd() else {
            return false
        }
        var lineStart = 0
        for (index, byte) in data.enumerated() where byte == 0x0A {
            if index > lineStart { return true }
            lineStart = index + 1
        }
        return false
    }

    @Test func twentyProcessesAppendingFiftyEachAtOnceLoseNothing() throws {
        let path = try Self.scratchFile()
        // One start line: every writer first reads its standard input (a shared pipe) to the end, so closing the
        // pipe's write end releases all twenty at the same moment. Both ends close on exec; dup2 keeps fd 0 open.
        var gate: [Int32] = [0, 0]
        try #require(pipe(&gate) == 0)
        for descriptor in gate { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var writers: [ChildProcess] = []
        for writer in 0..<20 {
            writers.append(try ChildProcess(Self.appender, [path, "w\(writer)", "50"], standardInput: gate[0]))
        }
        close(gate[0])
        close(gate[1])
        let endings = writers.map { $0.wait() }
        #expect(endings == Array(repeating: .exited(0), count: 20))

        let (lines, complete) = try Self.lines(of: path)
        #expect(complete, "the file does not end with a newline")
        #expect(lines.count == 1000)
        var order: [String: [Int]] = [:]
        for (number, line) in lines.enumerated() {
            let record = SessionRecord.parse(line: line)
            #expect(
                record != nil, "line \(number + 1) is not one whole record: \(String(decoding: line, as: UTF8.self))")
            guard let parts = record?.id.split(separator: "-"), parts.count == 2, let index = Int(parts[1]) else {
                continue
            }
            order[String(parts[0]), default: []].append(index)
        }
        #expect(order.count == 20)
        for (writer, indices) in order {
            #expect(
                indices == Array(0..<50), "writer \(writer) appended \(indices.count) records, out of order or lost")
        }
    }

    @Test func killingAppendersWithSigkillNeverMakesTheFileUnreadable() throws {
        let path = try Self.scratchFile()
        var expectedRecords = 0
        /// Indexes of lines a kill left truncated.
        var torn = Set<Int>()
        for round in 0..<40 {
            let before = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            // Far more records than it can append before the kill: it is always killed in the middle of its work.
            let writer = try ChildProcess(Self.appender, [path, "r\(round)", "1000000"])
            // Wait until it has appended a whole record (a line ends after where the file ended: growing alone was
            // not enough, once, under load), then let it run a little longer, a different time each round, so that
            // the kill lands at many points of an append (write, fsync, unlock). The minute only bounds a writer that
            // never starts: a first fsync on a busy disk took over 10 s once.
            Waiting.until(timeout: 60, every: 0.0002) { Self.holdsALine(after: before, in: path) }
            Waiting.pause(seconds: Double(round % 8) * 0.0004, because: "a different moment of the append to kill at")
            writer.kill(SIGKILL)
            #expect(writer.wait() == .killed(by: SIGKILL), "round \(round): the writer was not killed mid-run")

            // Every line but a possibly truncated last one is a whole record (a line torn in an earlier round stays
            // where it was, alone on its line); the killed writer's records are a prefix of its own.
            let (lines, complete) = try Self.lines(of: path)
            if !complete { torn.insert(lines.count - 1) }
            let records = lines.map { SessionRecord.parse(line: $0) }
            let unreadable = Set(records.indices.filter { records[$0] == nil })
            #expect(
                unreadable.isSubset(of: torn),
                "round \(round): unreadable lines \(unreadable.subtracting(torn).sorted())")
            let mine = records.compactMap { $0?.id }.filter { $0.hasPrefix("r\(round)-") }
            #expect(!mine.isEmpty, "round \(round): the writer appended nothing before the kill")
            #expect(mine == (0..<mine.count).map { "r\(round)-\($0)" }, "round \(round): records lost or out of order")

            // The next append is intact: a whole last line, ending the file, that reads back.
            let next = try ChildProcess(Self.appender, [path, "after\(round)", "1"])
            #expect(next.wait() == .exited(0))
            let after = try Self.lines(of: path)
            #expect(after.complete)
            #expect(after.lines.last.flatMap { SessionRecord.parse(line: $0) }?.id == "after\(round)-0")
            expectedRecords += mine.count + 1
        }
        // The store reads every record back; only a line torn by a kill (if any) is skipped, with its number.
        var count = 0
        var skipped: [Int] = []
        try HistoryStore(path: path).forEach(skipped: { skipped.append($0) }) { _ in
            count += 1
            return true
        }
        #expect(count == expectedRecords)
        #expect(skipped == torn.map { $0 + 1 }.sorted())
    }
}

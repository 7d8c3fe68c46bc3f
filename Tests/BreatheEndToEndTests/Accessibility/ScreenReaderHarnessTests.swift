import Foundation
import Testing

@testable import BreatheTestSupport

/// The measurement of the sessions inside Fenrir (scripts/screen-reader-session.py) reads speech-dispatcher's log for
/// when each message was begun. speech-dispatcher stamps a line with `time(NULL)`'s seconds and `gettimeofday()`'s
/// microseconds, one read after the other; `time()` is the kernel's coarse clock, a tick behind, so a line written in
/// the first milliseconds of a second carries the second before. Read as written, such a line says a phase's line was
/// begun a full second before its tone (seen in CI: one Fenrir session in two runs failing on a line "0.6 s early").
@Suite struct ScreenReaderHarnessTests {
    static func messages(_ log: String) throws -> [[String: Any]] {
        let home = try TemporaryHome()
        let file = home.root.appendingPathComponent("speech-dispatcher.log")
        try log.write(to: file, atomically: true, encoding: .utf8)
        let harness = BinaryRun.packageRoot.appendingPathComponent("scripts/screen-reader-session.py")
        let run = try BinaryRun.run(
            [harness.path, "--read-speechd-log", file.path], environment: [:],
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(run.status == 0, "\(run.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    static func line(_ second: Int, _ microseconds: Int, _ body: String) -> String {
        "[Fri Nov 27 21:51:\(second) 2026 : \(microseconds)] speechd: \(body)\n"
    }

    /// A "got begin" written 2 ms into second 51, stamped with second 50: read as 2 ms after the command, not 996 ms
    /// before it. A later line with the right second is left as it is.
    @Test func aLineStampedWithTheSecondBeforeIsReadInItsSecond() throws {
        let log =
            Self.line(50, 990_000, "12:DATA:|SET SELF CLIENT_NAME \"unknown:fenrir:default\"|")
            + Self.line(50, 995_000, "Queueing message |Breathe in, 4.| with priority 3")
            + Self.line(50, 998_000, "Command sent to output module: |<speak>Breathe in, 4.</speak>|")
            + Self.line(50, 2_000, "   got begin")
            + Self.line(51, 800_000, "   got end")
        let said = try Self.messages(log)
        try #require(said.count == 1, "\(said)")
        let begin = try #require(said[0]["begin"] as? Double)
        let end = try #require(said[0]["end"] as? Double)
        #expect(said[0]["client"] as? String == "unknown:fenrir:default")
        // Begun at 51.002, ended at 51.8 (read as written: begun at 50.002, 1.798 s before its end).
        #expect(abs(end - begin - 0.798) < 0.001, "begun \(end - begin) s before its end")
    }

    /// Stamps in order are read as they are, even a second apart.
    @Test func stampsInOrderAreReadAsWritten() throws {
        let log =
            Self.line(50, 100_000, "Command sent to output module: |<speak>Hold, 4.</speak>|")
            + Self.line(50, 150_000, "   got begin")
            + Self.line(51, 3_000, "   got end")
        let said = try Self.messages(log)
        try #require(said.count == 1, "\(said)")
        let begin = try #require(said[0]["begin"] as? Double)
        let end = try #require(said[0]["end"] as? Double)
        #expect(abs(end - begin - 0.853) < 0.001, "\(end - begin)")
    }

    /// A recording read in chunks of 2 048 samples (as parec's 4 096 bytes at 22 050 Hz), each read 2 ms after its last
    /// sample was heard but for a stretch read late (0.4 s, the reader's thread kept off the processor), and with
    /// 0.8 s of sound dropped by the server 10 s in (an overrun): every sample is placed where it was heard, within
    /// 5 ms, before the drop and after it; and the drop is told. Counting samples from the first chunk on, as the
    /// harness did, placed everything after the drop 0.8 s early.
    @Test func samplesArePlacedWhereTheyWereHeardThoughSomeWereDropped() throws {
        let rate = 22_050.0
        let start = 1_000.0
        let dropAt = 10.0
        let drop = 0.8
        var chunks: [[Double]] = []
        var end = 0
        var lastRead = 0.0
        while Double(end) / rate < 30 {
            end += 2_048
            let heard = start + Double(end) / rate + (Double(end) / rate >= dropAt ? drop : 0)
            let late = (5.0..<5.5).contains(Double(end) / rate) || (20.0..<20.4).contains(Double(end) / rate)
            lastRead = max(lastRead, heard + (late ? 0.4 : 0.002))
            chunks.append([lastRead, Double(end)])
        }
        let seconds = [1.0, 5.2, 9.5, 12.0, 20.1, 25.0]
        let samples = seconds.map { Int($0 * rate) }
        let truth = seconds.map { start + $0 + ($0 >= dropAt ? drop : 0) }
        let home = try TemporaryHome()
        let file = home.root.appendingPathComponent("chunks.json")
        let given: [String: Any] = ["chunks": chunks, "samples": samples, "walls": truth]
        try JSONSerialization.data(withJSONObject: given).write(to: file)
        let harness = BinaryRun.packageRoot.appendingPathComponent("scripts/screen-reader-session.py")
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let run = try BinaryRun.run([harness.path, "--place", file.path], environment: [:], executable: python)
        try #require(run.status == 0, "\(run.stderr)")
        let placed = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let walls = try #require(placed["walls"] as? [Double])
        let found = try #require(placed["samples"] as? [Int])
        for (index, second) in seconds.enumerated() {
            #expect(
                abs(walls[index] - truth[index]) <= 0.005,
                "sample at \(second) s placed \(walls[index] - truth[index]) s off")
            #expect(
                abs(found[index] - samples[index]) <= Int(rate * 0.005),
                "the sample heard at \(second) s found \(found[index] - samples[index]) samples off")
        }
        let dropped = try #require(placed["dropped"] as? Double)
        #expect(abs(dropped - drop) <= 0.005, "dropped: \(dropped) s")
    }
}

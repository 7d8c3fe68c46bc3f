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
}

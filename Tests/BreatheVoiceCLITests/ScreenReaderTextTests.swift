import Foundation
import Testing

/// Screen-reader mode without sound (`--no-audio`): the screen reader still reads the opening before the first
/// phase, so the lead-in grows to cover it, and each phase is one short line.
@Suite struct ScreenReaderTextTests {
    @Test func theLeadInCoversTheOpeningTheScreenReaderReads() throws {
        let home = try TemporaryHome()
        let events = home.root.appendingPathComponent("events.jsonl")
        let run = try home.run([
            "--no-audio", "--screen-reader", "--pattern", "1-1", "--cycles", "1", "--lang", "en", "--events",
            "json=" + events.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.contains("Breathe in, 1."), "\(run.stdout)")
        let first = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }.first { $0["segment"] as? String == "phase" }
        let planned = try #require(first?["planned"] as? Double, "no phase in the event stream")
        // The brief introduction ("Custom pattern, 1 cycle.", 24 characters) and "Get ready." take a screen reader
        // some 2.2 s at the normal rate, and the margin 1.2 s: longer than the plain lead-in (3 s), and short.
        #expect(run.stdoutLines.contains("Custom pattern, 1 cycle."), "\(run.stdout)")
        #expect(!run.stdout.contains("in seconds"), "the whole introduction: \(run.stdout)")
        #expect(planned > 3.2, "the first phase at \(planned) s: the screen reader would still be reading the opening")
        #expect(planned < 4.5, "the first phase at \(planned) s: the opening is long")
    }

    /// Issue 41: at a terminal, the key hint is said in the first session in screen-reader mode only (the keys work in
    /// every session); a session out of the mode says it every time.
    @Test func theKeyHintIsSaidInTheFirstScreenReaderSessionOnly() throws {
        let home = try TemporaryHome()
        let session = ["--no-audio", "--pattern", "1-1", "--cycles", "1", "--lang", "en", "--mood-after", "3"]
        let hint = "Press question mark for the keys."
        for (index, extra) in [["--screen-reader"], ["--screen-reader"], ["--plain"]].enumerated() {
            let run = try PtySession.run(
                session + extra, steps: [.expect("Breathe out, 1", timeout: 20)], environment: home.environment)
            #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
            #expect(run.lines.contains(hint) == (index != 1), "session \(index + 1) \(extra): \(run.text)")
        }
    }
}

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
        // The introduction alone ("Custom pattern, in seconds: in 1, out 1. …", about 60 characters) takes a
        // screen reader some 4 s at the normal rate; the plain lead-in is 3 s.
        #expect(planned > 6, "the first phase at \(planned) s: the screen reader would still be reading the opening")
    }
}

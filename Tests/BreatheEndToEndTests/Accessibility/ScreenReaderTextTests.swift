import Foundation
import Testing

@testable import BreatheTestSupport

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

    /// Issue 41: at a terminal, how to hear the keys is said at the end of the first session in screen-reader mode
    /// only, after the closing words (the keys work in every session; its opening is kept short); a session out of the
    /// mode says it in its opening every time.
    @Test func theKeysAreToldAtTheEndOfTheFirstScreenReaderSessionOnly() throws {
        let home = try TemporaryHome()
        let session = ["--no-audio", "--pattern", "1-1", "--cycles", "1", "--lang", "en", "--mood-after", "3"]
        let hint = "Press question mark for the keys."
        let tip = "During a session, press question mark to hear the keys."
        for (index, extra) in [["--screen-reader"], ["--screen-reader"], ["--plain"]].enumerated() {
            let run = try PtySession.run(
                session + extra, steps: [.expect("Breathe out, 1", timeout: 20)], environment: home.environment)
            #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
            #expect(run.status == 0, "session \(index + 1) \(extra): \(run.text)")
            let lines = run.lines.map { $0.replacingOccurrences(of: "\r", with: "") }
            #expect(lines.contains(hint) == (index == 2), "session \(index + 1) \(extra): \(run.text)")
            #expect(lines.contains(tip) == (index == 0), "session \(index + 1) \(extra): \(run.text)")
            if index == 0, let closing = lines.firstIndex(where: { $0.hasPrefix("Session complete") }) {
                #expect(lines.firstIndex(of: tip) == closing + 1, "not right after the closing words: \(run.text)")
            }
        }
    }

    /// Issue 41: a start refused because another session holds the lock (exit 75) has told nothing: the next session is
    /// still the first in screen-reader mode, and says how to hear the keys.
    @Test func aRefusedStartTellsNothing() throws {
        let home = try TemporaryHome()
        let session = [
            "--no-audio", "--screen-reader", "--pattern", "1-1", "--cycles", "1", "--lang", "en", "--mood-after", "3",
        ]
        let tip = "During a session, press question mark to hear the keys."
        let told = home.root.appendingPathComponent("state/breathe-voice/told/screen-reader-keys").path
        let descriptor = try SessionBusyTests.holdLock(in: home)
        let refused = try PtySession.run(session, steps: [], environment: home.environment)
        close(descriptor)
        #expect(refused.status == 75, "\(refused.text)")
        #expect(!refused.text.contains(tip), "\(refused.text)")
        #expect(!FileManager.default.fileExists(atPath: told), "marked told though refused")
        let first = try PtySession.run(
            session, steps: [.expect("Breathe out, 1", timeout: 20)], environment: home.environment)
        #expect(first.status == 0, "\(first.text)")
        #expect(first.text.contains(tip), "the first session, after a refused one: \(first.text)")
        #expect(FileManager.default.fileExists(atPath: told), "not marked told once said")
    }
}

extension ScreenReaderTextTests {
    /// Issue 51: at a terminal whose driver turns each newline into CR LF (every terminal's default), screen-reader mode
    /// writes each line's CR LF itself, with that translation off for the write, so that the line and its newline reach
    /// the screen reader in one piece: the driver passes a newline it translates on its own, and a screen reader that
    /// reads it apart from its line sees only the cursor moving onto an empty line (Fenrir says "blank"; see
    /// `Terminal.writeWhole`). The bytes are the ones the driver would have made (no CR doubled, no newline without its
    /// CR), and the terminal's settings are as they were once the session is over. A terminal that does not translate
    /// gets the newlines as they are.
    @Test func atATerminalEachLineGoesWithItsOwnCarriageReturn() throws {
        let session = [
            "--no-audio", "--screen-reader", "--pattern", "1-1", "--cycles", "1", "--lang", "en", "--mood-after", "3",
        ]
        for onlcr in [true, false] {
            let run = try PtySession.run(session, steps: [.expect("Breathe out, 1.", timeout: 20)], onlcr: onlcr)
            #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
            #expect(run.status == 0, "\(run.text)")
            let bytes = Array(run.transcript)
            let newlines = bytes.indices.filter { bytes[$0] == 10 }
            #expect(newlines.count >= 4, "\(run.text)")
            if onlcr {
                #expect(run.text.contains("Breathe in, 1.\r\nBreathe out, 1.\r\n"), "\(run.text.debugDescription)")
                #expect(newlines.allSatisfy { $0 > 0 && bytes[$0 - 1] == 13 }, "\(run.text.debugDescription)")
                #expect(!run.text.contains("\r\r"), "\(run.text.debugDescription)")
            } else {
                #expect(run.text.contains("Breathe in, 1.\nBreathe out, 1.\n"), "\(run.text.debugDescription)")
                #expect(!bytes.contains(13), "\(run.text.debugDescription)")
            }
            #expect(run.stty["after"] == run.stty["before"], "\(run.stty)")
        }
    }
}

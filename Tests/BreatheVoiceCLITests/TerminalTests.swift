import Foundation
import Testing

/// The built binary in a pseudo-terminal: keys, signals, Ctrl-Z and fg, the terminal's settings, display modes.
@Suite struct TerminalTests {
    static let session = ["--pattern", "1-0-1", "--cycles", "3", "--no-audio", "--lang", "en", "--mood-after", "3"]

    @Test func spacePausesAndResumesSSkipsQStopsAndSaves() throws {
        let run = try PtySession.run(Self.session + ["--plain"], steps: [
            .expect("Cycle 1 of 3. Breathe in"),
            .send(" "),
            .expect("Paused. Press space to resume, q to quit.\n"),
            .quiet(1.6),
            .send(" "),
            .expect("Resuming. Breathe in.\n"),
            .send("s"),
            .expect("Cycle 1 of 3. Breathe out, 1 second.\n"),
            .send("q"),
        ])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        // Nothing is printed while paused, though a 1-second phase would otherwise have ended twice over.
        #expect(run.quiet.first?.isEmpty == true, "printed while paused: \(String(decoding: run.quiet.first ?? Data(), as: UTF8.self))")
        #expect(run.lines.contains("Keys: space pauses or resumes, s skips to the next phase, q stops, question mark repeats this help."))
        #expect(run.lines.contains { $0.hasPrefix("Session stopped after 0 of 3 cycles") })
        #expect(!run.lines.contains("Cycle 2 of 3. Breathe in, 1 second."))
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test(arguments: [
        ("q", Int32(0), "Session stopped"),
        ("\u{1B}", Int32(0), "Session stopped"),
        ("INT", Int32(130), "Session stopped"),
        ("TERM", Int32(143), "Session stopped"),
        ("HUP", Int32(0), "Session interrupted"),
    ])
    func everyExitPathRestoresTheTerminal(how: String, status: Int32, summary: String) throws {
        let stop: PtySession.Step = how.count == 1 ? .send(how) : .kill(how)
        let run = try PtySession.run(Self.session + ["--plain"], steps: [.expect("Cycle 1 of 3. Breathe in"), stop])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == status)
        #expect(run.text.contains(summary))
        #expect(run.stty["before"]?.isEmpty == false)
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test func ctrlZStopsWithTheTerminalRestoredAndFgStaysPausedUntilSpace() throws {
        let run = try PtySession.run(Self.session + ["--plain"], steps: [
            .expect("Cycle 1 of 3. Breathe in"),
            .send("\u{1A}"),
            .expect("Paused. Press space to resume, q to quit.\n"),
            .stopped,
            .foreground,
            .expect("Paused. Press space to resume, q to quit.\n"),
            .quiet(1.6),
            .send(" "),
            .expect("Resuming. Breathe in.\n"),
            .expect("Cycle 1 of 3. Breathe out"),
            .send("q"),
        ])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.stty["stopped"] == run.stty["before"], "the terminal was left raw while the job was stopped")
        #expect(run.quiet.first?.isEmpty == true, "resumed by itself after fg: \(String(decoding: run.quiet.first ?? Data(), as: UTF8.self))")
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test(arguments: [
        ("en", ["Keys: space pauses", "Get ready.", "Cycle 2 of 2. Breathe out, 1 second.", "Session complete: 2 cycles in 4 seconds.",
                "How do you feel now?", "Mood 4 recorded."]),
        ("es", ["Teclas: espacio pausa", "Prepárate.", "Ciclo 2 de 2. Exhala, un segundo.", "Sesión completada: 2 ciclos en 4 segundos.",
                "¿Cómo te sientes ahora?", "Ánimo 4 registrado."]),
    ])
    func plainTranscriptOfAWholeSessionHasNoNoiseBytes(language: String, expected: [String]) throws {
        // The whole session as a user lives it, the mood question at the end included.
        let run = try PtySession.run(["--pattern", "1-0-1", "--cycles", "2", "--no-audio", "--plain", "--lang", language],
                                     steps: [.expect(expected[4], timeout: 20), .send("4\n"), .expect(expected[5])])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.noiseBytes.isEmpty, "noise bytes: \(run.noiseBytes)")
        for line in expected { #expect(run.text.contains(line)) }
        #expect(run.text.hasSuffix("\n"))
    }

    @Test func visualModeRedrawsOneLineInColourAndLeavesTheCursorVisible() throws {
        let run = try PtySession.run(["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--mood-after", "3", "--lang", "en"],
                                     steps: [.expect("Session complete", timeout: 20)])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.text.contains("\r\u{1B}[2K"), "no status line redraws")
        #expect(run.text.contains("left, cycle 1 of 1"))
        #expect(run.text.contains("\u{1B}[36m"), "no colour")
        // The cursor is shown again once the status line is done, and nothing after that hides it (the badges of a
        // first session are printed after it).
        let shown = try #require(run.text.range(of: "\u{1B}[?25h", options: .backwards), "cursor left hidden")
        #expect(!run.text[shown.upperBound...].contains("\u{1B}"), "escape sequences after the cursor came back")
        #expect(!run.text.contains("Cycle 1 of 1. Breathe in, 1 second."), "per-phase sentences belong to plain mode")
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test func visualModeHonoursNoColor() throws {
        let run = try PtySession.run(["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--mood-after", "3", "--display", "visual"],
                                     steps: [.expect("Session complete", timeout: 20)], environment: ["NO_COLOR": "1"])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.text.contains("\r\u{1B}[2K"), "no status line: the test would prove nothing")
        #expect(run.text.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) == nil, "SGR despite NO_COLOR")
    }

    @Test(arguments: [["--display", "visual"], ["--display", "auto"], []])
    func termDumbFallsBackToPlain(display: [String]) throws {
        let run = try PtySession.run(["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--mood-after", "3", "--lang", "en"] + display,
                                     steps: [.expect("Session complete", timeout: 20)], environment: ["TERM": "dumb"])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.noiseBytes.isEmpty, "noise bytes: \(run.noiseBytes)")
        #expect(run.text.contains("Cycle 1 of 1. Breathe in, 1 second.\n"))
    }

    @Test func withoutATerminalNoKeysAreAnnouncedOrRead() throws {
        let run = try BinaryRun.run(["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--lang", "en"], input: Data("q q q".utf8))
        #expect(run.status == 0)
        #expect(!run.stdout.contains("Keys:"))
        #expect(run.stdout.contains("Session complete"), "keys from a pipe must not stop the session")
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// The built binary in a pseudo-terminal: keys, signals, Ctrl-Z and fg, the terminal's settings, display modes.
@Suite struct TerminalTests {
    static let session = ["--pattern", "1-0-1", "--cycles", "3", "--no-audio", "--lang", "en", "--mood-after", "3"]

    @Test func spacePausesAndResumesSSkipsQStopsAndSaves() throws {
        let run = try PtySession.run(
            Self.session + ["--plain"],
            steps: [
                .expect("Breathe in, 1 second. Cycle 1 of 3."),
                .send(" "),
                .expect("Paused. Press space to resume, q to quit.\n"),
                .quiet(1.6),
                .send(" "),
                .expect("Resuming. Breathe in for 1 second more.\n"),
                .send("s"),
                .expect("Skipped. Breathe out, 1 second.\n"),
                .send("q"),
            ])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        // Nothing is printed while paused, though a 1-second phase would otherwise have ended twice over.
        #expect(
            run.quiet.first?.isEmpty == true,
            "printed while paused: \(String(decoding: run.quiet.first ?? Data(), as: UTF8.self))")
        // At the start the keys are one short sentence; `?` says the whole list.
        #expect(run.lines.contains("Press question mark for the keys."))
        #expect(!run.lines.contains { $0.hasPrefix("Keys: ") })
        #expect(run.lines.contains { $0.hasPrefix("Session stopped after 0 of 3 cycles") })
        #expect(!run.lines.contains("Breathe in, 1 second. Cycle 2 of 3."))
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
        let run = try PtySession.run(
            Self.session + ["--plain"], steps: [.expect("Breathe in, 1 second. Cycle 1 of 3."), stop])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == status)
        #expect(run.text.contains(summary))
        #expect(run.stty["before"]?.isEmpty == false)
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test func ctrlZStopsWithTheTerminalRestoredAndFgStaysPausedUntilSpace() throws {
        let run = try PtySession.run(
            Self.session + ["--plain"],
            steps: [
                .expect("Breathe in, 1 second. Cycle 1 of 3."),
                .send("\u{1A}"),
                .expect("Paused. Press space to resume, q to quit.\n"),
                .stopped,
                .foreground,
                .expect("Paused. Press space to resume, q to quit.\n"),
                .quiet(1.6),
                .send(" "),
                .expect("Resuming. Breathe in for 1 second more.\n"),
                .expect("Breathe out, 1 second."),
                .send("q"),
            ])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.stty["stopped"] == run.stty["before"], "the terminal was left raw while the job was stopped")
        #expect(
            run.quiet.first?.isEmpty == true,
            "resumed by itself after fg: \(String(decoding: run.quiet.first ?? Data(), as: UTF8.self))")
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test(arguments: [
        (
            "en",
            [
                "Press question mark for the keys.", "Get ready.", "Breathe out, 1 second.",
                "Session complete: 2 cycles in 4 seconds.",
                "How do you feel now?", "Mood 4 recorded.",
            ]
        ),
        (
            "es",
            [
                "Pulsa el signo de interrogación para oír las teclas.", "Prepárate.", "Exhala, un segundo.",
                "Sesión completada: 2 ciclos en 4 segundos.",
                "¿Cómo te sientes ahora?", "Ánimo 4 registrado.",
            ]
        ),
    ])
    func plainTranscriptOfAWholeSessionHasNoNoiseBytes(language: String, expected: [String]) throws {
        // The whole session as a user lives it, the mood question at the end included.
        let run = try PtySession.run(
            ["--pattern", "1-0-1", "--cycles", "2", "--no-audio", "--plain", "--lang", language],
            steps: [.expect(expected[4], timeout: 20), .send("4\n"), .expect(expected[5])])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.noiseBytes.isEmpty, "noise bytes: \(run.noiseBytes)")
        for line in expected { #expect(run.text.contains(line)) }
        #expect(run.text.hasSuffix("\n"))
    }

    /// Every key of a text-only session, in English, each answered with one printed sentence: t, r, an unknown key,
    /// + and - (nothing is spoken), [ and ] (no tones), ?, s, and t and the resume while paused.
    @Test func everyKeyIsAnsweredWithOneSentence() throws {
        let session = [
            "--pattern", "4-0-4", "--cycles", "2", "--no-audio", "--plain", "--lang", "en", "--mood-after", "3",
        ]
        let run = try PtySession.run(
            session,
            steps: [
                .expect("Breathe in, 4 seconds. Cycle 1 of 2.\n"),
                .send("t"), .expect("Breathe in. Time left: "),
                .send("r"), .expect("Breathe in, 4 seconds. Cycle 1 of 2.\n"),
                .send("x"), .expect("Press question mark for help.\n"),
                .send("+"), .expect("Nothing is spoken in this session.\n"),
                .send("-"), .expect("Nothing is spoken in this session.\n"),
                .send("]"), .expect("No tones play in this session.\n"),
                .send("["), .expect("No tones play in this session.\n"),
                .send("?"), .expect("question mark repeats this help.\n"),
                .send("s"), .expect("Skipped. Breathe out, 4 seconds.\n"),
                .send(" "), .expect("Paused. Press space to resume, q to quit.\n"),
                .send("t"), .expect("Breathe out. Time left: "),
                .send("r"), .expect("Paused. Press space to resume, q to quit.\n"),
                .send(" "), .expect("Resuming. Breathe out for "),
                .send("q"), .expect("Session stopped"),
            ])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0)
        #expect(run.noiseBytes.isEmpty, "noise bytes: \(run.noiseBytes)")
        let lines = run.lines
        // The phase left is whole seconds rounded up; the session left runs to the end of the last breath.
        let timeLeft = lines.filter { $0.contains("Time left:") }
        #expect(timeLeft.count == 2, "\(lines)")
        #expect(
            timeLeft.first?.range(
                of: #"^Breathe in\. Time left: [1-4] seconds? in this phase, 1[3-6] seconds in the session\.$"#,
                options: .regularExpression) != nil, "\(timeLeft)")
        #expect(
            timeLeft.last?.range(
                of: #"^Breathe out\. Time left: [1-4] seconds? in this phase, (9|1[0-2]) seconds in the session\.$"#,
                options: .regularExpression) != nil, "\(timeLeft)")
        #expect(lines.filter { $0 == "Breathe in, 4 seconds. Cycle 1 of 2." }.count == 2)
        #expect(
            lines.contains {
                $0.range(of: #"^Resuming\. Breathe out for [1-4] seconds? more\.$"#, options: .regularExpression) != nil
            })
        // The hint at the start, the whole list on `?`.
        #expect(lines.filter { $0 == "Press question mark for the keys." }.count == 1)
        #expect(lines.filter { $0.hasPrefix("Keys: ") }.count == 1)
    }

    @Test func keysAnswerInSpanish() throws {
        let run = try PtySession.run(
            ["--pattern", "4-0-4", "--cycles", "1", "--no-audio", "--plain", "--lang", "es", "--mood-after", "3"],
            steps: [
                .expect("Inhala, 4 segundos. Ciclo 1 de 1.\n"),
                .send("x"), .expect("Pulsa el signo de interrogación para ver la ayuda.\n"),
                .send("t"), .expect("Inhala. Tiempo restante: "),
                .send("+"), .expect("En esta sesión no hay voz.\n"),
                .send("s"), .expect("Fase saltada. Exhala, 4 segundos.\n"),
                .send("q"), .expect("Sesión detenida"),
            ])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(
            run.lines.contains {
                $0.range(
                    of:
                        #"^Inhala\. Tiempo restante: ([1-4] segundos|un segundo) en esta fase, [5-8] segundos en toda la sesión\.$"#,
                    options: .regularExpression) != nil
            }, "\(run.lines)")
        #expect(run.lines.contains("Pulsa el signo de interrogación para oír las teclas."))
    }

    /// There is no mood to ask about before a whole cycle was breathed: a stop in the first cycle ends without the
    /// question (and is recorded), a stop after one cycle asks it.
    @Test func moodIsAskedOnlyAfterAWholeCycle() throws {
        let early = try PtySession.run(
            ["--pattern", "1-0-1", "--cycles", "3", "--no-audio", "--plain", "--lang", "en"],
            steps: [
                .expect("Breathe in, 1 second. Cycle 1 of 3.\n"), .send("q"),
                .expect("Session stopped after 0 of 3 cycles"),
            ])
        #expect(early.error == nil, "\(early.error ?? "")\n\(early.text)")
        #expect(early.status == 0)
        #expect(!early.text.contains("How do you feel now?"))
        let late = try PtySession.run(
            ["--pattern", "1-0-1", "--cycles", "3", "--no-audio", "--plain", "--lang", "en"],
            steps: [
                .expect("Breathe in, 1 second. Cycle 2 of 3.\n"), .send("q"), .expect("How do you feel now?"),
                .send("\n"),
                .expect("No mood recorded."),
            ])
        #expect(late.error == nil, "\(late.error ?? "")\n\(late.text)")
        #expect(late.status == 0)
        #expect(late.text.contains("Session stopped after 1 of 3 cycles"))
    }

    @Test func visualModeRedrawsOneLineInColourAndLeavesTheCursorVisible() throws {
        let run = try PtySession.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--mood-after", "3", "--lang", "en"],
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
        // Each phase's sentence is a full line above the status line, and the line is rewritten only when the seconds
        // left change: the 3-second lead-in and two 1-second phases make 5 drawings, not 10 a second.
        #expect(run.text.contains("\u{1B}[2KBreathe in, 1 second. Cycle 1 of 1.\n"))
        #expect(run.text.contains("\u{1B}[2KBreathe out, 1 second.\n"))
        let drawings = run.text.components(separatedBy: " s left").count - 1
        #expect((3...6).contains(drawings), "\(drawings) drawings of the status line")
        #expect(run.stty["after"] == run.stty["before"])
    }

    @Test func visualModeHonoursNoColor() throws {
        let run = try PtySession.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--mood-after", "3", "--display", "visual"],
            steps: [.expect("Session complete", timeout: 20)], environment: ["NO_COLOR": "1"])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.text.contains("\r\u{1B}[2K"), "no status line: the test would prove nothing")
        #expect(run.text.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) == nil, "SGR despite NO_COLOR")
    }

    @Test(arguments: [["--display", "visual"], ["--display", "auto"], []])
    func termDumbFallsBackToPlain(display: [String]) throws {
        let run = try PtySession.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--mood-after", "3", "--lang", "en"] + display,
            steps: [.expect("Session complete", timeout: 20)], environment: ["TERM": "dumb"])
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.noiseBytes.isEmpty, "noise bytes: \(run.noiseBytes)")
        #expect(run.text.contains("Breathe in, 1 second. Cycle 1 of 1.\n"))
    }

    @Test func withoutATerminalNoKeysAreAnnouncedOrRead() throws {
        let run = try BinaryRun.run(
            ["--pattern", "1-0-1", "--cycles", "1", "--no-audio", "--lang", "en"], input: Data("q q q".utf8))
        #expect(run.status == 0)
        #expect(!run.stdout.contains("Keys:"))
        #expect(run.stdout.contains("Session complete"), "keys from a pipe must not stop the session")
    }
}

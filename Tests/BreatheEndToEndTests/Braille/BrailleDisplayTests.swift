import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 37: a session on a braille display, through a real BRLTTY (its BrlAPI server) whose Virtual driver talks to a
/// display of the test's (`PrivateBrltty`, `FakeBrailleDisplay`), at 40 and at 14 cells, in English and in Spanish,
/// text only and through the sound server: the display changes at every boundary, on time; the seconds count down;
/// the display's keys pause, resume and skip (the pan keys stay BRLTTY's); after the end and after SIGTERM the display
/// is BRLTTY's again.
@Suite struct BrailleDisplayTests {
    /// What a language shows, for the checks.
    struct Language: Sendable, CustomTestStringConvertible {
        var code: String
        /// The inhale and exhale words, long and short.
        var inhale: [String]
        var exhale: [String]
        /// How a paused display begins, long and short.
        var paused: [String]
        /// What the answer to the time left says.
        var left: String
        var done: String
        var testDescription: String { code }

        static let english = Language(
            code: "en", inhale: ["Breathe in", "In"], exhale: ["Breathe out", "Out"], paused: ["Paused"], left: " left",
            done: "Done: 2 cycles")
        static let spanish = Language(
            code: "es", inhale: ["Inhala"], exhale: ["Exhala"], paused: ["En pausa:", "Pausa "], left: "quedan ",
            done: "Fin: 2 ciclos")
    }

    /// One run's setting: the display's width, the language, and whether the sound server plays the session.
    struct Setting: Sendable, CustomTestStringConvertible {
        var cells: Int
        var language: Language
        var live: Bool
        var testDescription: String { "\(cells) cells, \(language.code), " + (live ? "live" : "--no-audio") }
    }

    static let settings: [Setting] = [
        Setting(cells: 40, language: .english, live: false), Setting(cells: 14, language: .english, live: false),
        Setting(cells: 40, language: .spanish, live: false), Setting(cells: 14, language: .spanish, live: false),
        Setting(cells: 40, language: .english, live: true), Setting(cells: 14, language: .spanish, live: true),
    ]

    /// A shown text read back: the phase's words and the seconds, when it shows a phase.
    static func phase(of text: String, _ language: Language) -> (exhale: Bool, seconds: Int)? {
        let words = text.prefix { !("\u{2800}"..."\u{28FF}").contains($0) }.trimmingCharacters(in: .whitespaces)
        guard let space = words.lastIndex(of: " "), let seconds = Int(words[words.index(after: space)...]) else {
            return nil
        }
        let name = String(words[..<space])
        if language.inhale.contains(name) { return (false, seconds) }
        if language.exhale.contains(name) { return (true, seconds) }
        return nil
    }

    fileprivate static func start(
        _ arguments: [String], brltty: PrivateBrltty, home: TemporaryHome
    ) throws -> ChildProcess {
        try ChildProcess(
            BinaryRun.binary, arguments,
            environment: home.environment.merging(brltty.environment) { $1 },
            outputFile: home.root.appendingPathComponent("output").path,
            standardError: home.root.appendingPathComponent("errors").path)
    }

    fileprivate static func waitForExit(_ child: ChildProcess, timeout: Double) -> ChildProcess.Ending? {
        if let ending = Waiting.value(within: timeout, { child.ending() }) { return ending }
        child.kill(SIGKILL)
        _ = child.wait()
        return nil
    }

    /// After the session the display is BRLTTY's again: a key is BRLTTY's own, which redraws its screen. BRLTTY learns
    /// that the session's connection closed on its own time: a key pressed before it has is handed to the closed
    /// connection and lost, so the key is pressed again each second, five times at most (a display never given back
    /// still fails).
    private static func expectDisplayGivenBack(_ display: FakeBrailleDisplay) {
        let before = display.shown.count
        var redrawn: (index: Int, time: Double, text: String)?
        for _ in 0..<5 where redrawn == nil {
            display.press("LNDN")
            redrawn = display.waitForShown(after: before, timeout: 1) { $0.hasPrefix("no screen") }
        }
        #expect(redrawn != nil, "the display was not given back: \(display.shown.suffix(3).map(\.text))")
    }

    @Test(arguments: settings)
    func aWholeSessionOnTheDisplay(_ setting: Setting) throws {
        let brltty = try PrivateBrltty(cells: setting.cells)
        let display = brltty.display
        let home = try TemporaryHome()
        let first = display.shown.count
        let child = try Self.start(
            ["--pattern", "3-0-3", "--cycles", "2", "--braille", "on", "--lang", setting.language.code, "--plain"]
                + (setting.live ? [] : ["--no-audio"]), brltty: brltty, home: home)
        let ending = Self.waitForExit(child, timeout: 60)
        #expect(ending == .exited(0))
        let shown = Array(display.shown.dropFirst(first))
        // Every change fills the display exactly.
        for entry in shown { #expect(entry.text.count == setting.cells, "\(entry.text)") }
        // Each phase's first text, and the seconds it counts down.
        var starts: [Double] = []
        var counts: [[Int]] = []
        var previous: (exhale: Bool, seconds: Int)?
        for entry in shown {
            guard let phase = Self.phase(of: entry.text, setting.language) else {
                previous = nil
                continue
            }
            if previous?.exhale != phase.exhale || (previous?.seconds ?? 0) < phase.seconds {
                starts.append(entry.time)
                counts.append([])
            }
            counts[counts.count - 1].append(phase.seconds)
            previous = phase
        }
        #expect(counts == [[3, 2, 1], [3, 2, 1], [3, 2, 1], [3, 2, 1]], "\(shown.map(\.text))")
        // Each boundary within 0.25 s of where the timeline puts it (3 s after the one before, from the first), as the
        // fake display hears it through brltty beside the other tests: a display a phase late or early fails. How
        // close it is on a quiet machine is the benchmark's to say (`make bench`, braille).
        if starts.count == 4 {
            for (index, start) in starts.enumerated() {
                let late = start - starts[0] - 3 * Double(index)
                #expect(abs(late) <= 0.25, "boundary \(index): \(Int(late * 1000)) ms off")
            }
        }
        // The closing text reaches the display, last. The session gives the display back without waiting for BRLTTY, so
        // BRLTTY may show it a moment after the process has ended.
        let closing = display.waitForShown(after: first, timeout: 5) { $0.hasPrefix(setting.language.done) }
        #expect(closing != nil, "never shown: \(setting.language.done); last: \(display.shown.last?.text ?? "nothing")")
        #expect(closing?.index == display.shown.count - 1, "after it: \(display.shown.dropFirst(first).map(\.text))")
        Self.expectDisplayGivenBack(display)
    }

    @Test(arguments: [settings[0], settings[3]])
    func theDisplayKeysPauseResumeAndSkip(_ setting: Setting) throws {
        let brltty = try PrivateBrltty(cells: setting.cells)
        let display = brltty.display
        let home = try TemporaryHome()
        let first = display.shown.count
        let child = try Self.start(
            [
                "--pattern", "3-0-3", "--cycles", "2", "--braille", "on", "--lang", setting.language.code,
                "--plain", "--no-audio",
            ], brltty: brltty, home: home)
        defer {
            child.kill(SIGKILL)
            _ = child.ending()
        }
        let language = setting.language
        // One second into the first inhale, a routing key pauses.
        let twoLeft = try #require(
            display.waitForShown(after: first, timeout: 15) {
                Self.phase(of: $0, language).map { !$0.exhale && $0.seconds == 2 } == true
            })
        display.press("ROUTE 3")
        let paused = try #require(
            display.waitForShown(after: twoLeft.index + 1, timeout: 1) { text in
                language.paused.contains { text.hasPrefix($0) }
            })
        #expect(paused.time - twoLeft.time < 0.9, "paused after the seconds had moved on")
        #expect(paused.text.contains(" 2"), "\(paused.text)")
        // Paused: the seconds stay as they were, nothing changes on the display.
        let frozen = display.waitForShown(after: paused.index + 1, timeout: 1.5) { _ in true }
        #expect(frozen == nil, "the display changed while paused: \(frozen?.text ?? "")")
        // A routing key again resumes the inhale where it was.
        display.press("ROUTE 5")
        let resumed = try #require(
            display.waitForShown(after: paused.index + 1, timeout: 1) { Self.phase(of: $0, language) != nil })
        #expect(Self.phase(of: resumed.text, language).map { !$0.exhale && $0.seconds == 2 } == true, "\(resumed.text)")
        // A pan key is BRLTTY's (issue 51): it skips nothing.
        display.press("FWINRT")
        let panned = display.waitForShown(after: resumed.index + 1, timeout: 0.5) {
            Self.phase(of: $0, language)?.exhale == true
        }
        #expect(panned == nil, "a pan key skipped: \(panned?.text ?? "")")
        // Line down skips to the exhale, at once.
        let pressed = FakeBrailleDisplay.now()
        display.press("LNDN")
        let skipped = try #require(
            display.waitForShown(after: resumed.index + 1, timeout: 1) {
                Self.phase(of: $0, language).map { $0.exhale && $0.seconds == 3 } == true
            })
        #expect(skipped.time - pressed < 0.5)
        // Line up shows the time left: in the session, "0:05 left" or more (a cycle and a half is left).
        display.press("LNUP")
        let answer = try #require(
            display.waitForShown(after: skipped.index + 1, timeout: 1) { $0.contains(language.left) })
        #expect(answer.text.count == setting.cells)
        // SIGTERM ends it with 143, and the display is BRLTTY's again.
        child.kill(SIGTERM)
        #expect(Self.waitForExit(child, timeout: 10) == .exited(143))
        Self.expectDisplayGivenBack(display)
    }
}

extension BrailleDisplayTests {
    /// A BrlAPI server that stops answering (BRLTTY frozen with SIGSTOP) never holds up the session: frozen before the
    /// session, the session starts within the connection's deadline without the display; frozen mid-session, it ends
    /// on time, and SIGTERM still ends a session whose server is frozen, with 143.
    @Test func aFrozenServerNeverHoldsUpTheSession() throws {
        let brltty = try PrivateBrltty(cells: 40)
        let display = brltty.display
        let arguments = ["--pattern", "3-0-3", "--cycles", "1", "--braille", "on", "--plain"]
        // Frozen mid-session: the session ends on time (3 s of lead-in and 6 of breathing, and at most the 1 s
        // deadline to give the display back; 15 s allows for a loaded machine, where a held session never ends).
        let home = try TemporaryHome()
        let first = display.shown.count
        let started = FakeBrailleDisplay.now()
        let child = try Self.start(arguments + ["--no-audio", "--lang", "en"], brltty: brltty, home: home)
        let inhale = display.waitForShown(after: first, timeout: 10) { $0.hasPrefix("Breathe in") }
        #expect(inhale != nil)
        brltty.signal(SIGSTOP)
        defer { brltty.signal(SIGCONT) }
        #expect(Self.waitForExit(child, timeout: 20) == .exited(0))
        let took = FakeBrailleDisplay.now() - started
        #expect(took < 15, "the session took \(took) s")
        // Frozen before the session: it starts without the display, says so, and SIGTERM ends it with 143.
        let second = try TemporaryHome()
        let output = second.root.appendingPathComponent("output").path
        let frozen = try Self.start(arguments + ["--no-audio", "--lang", "es"], brltty: brltty, home: second)
        _ = Waiting.until("Inhala", appearsIn: output, within: 10)
        frozen.kill(SIGTERM)
        #expect(Self.waitForExit(frozen, timeout: 10) == .exited(143))
        let errors = (try? String(contentsOfFile: second.root.appendingPathComponent("errors").path, encoding: .utf8))
        #expect(errors?.contains("ninguna línea braille ha respondido") == true, "\(errors ?? "")")
    }
}

extension BrailleDisplayTests {
    /// An error the server reports (a write it refuses) is never fatal: libbrlapi's default handler would abort the
    /// process; ours ignores it. At worst the display is lost (the server may drop the connection), and giving it back
    /// still ends within the deadline.
    @Test func aRefusedWriteIsNotFatal() throws {
        let brltty = try PrivateBrltty(cells: 20)
        let display = try LiveBrailleDisplay(
            environment: brltty.environment.compactMapValues { $0 }, clock: MonotonicClock())
        #expect(display.width == 20)
        let first = brltty.display.shown.count
        display.show(String(repeating: "x", count: 45))
        // Refused: it is never shown (and the refusal has come back by the end of this wait).
        let refused = brltty.display.waitForShown(after: first, timeout: 1) { $0.hasPrefix("xxx") }
        #expect(refused == nil, "\(refused?.text ?? "")")
        let releasing = FakeBrailleDisplay.now()
        display.release()
        #expect(FakeBrailleDisplay.now() - releasing < 1.5)
    }
}

/// `--braille` and the `braille` preference refuse what they do not know: one localized line, 64 for the option, 78
/// for the environment; `prefs` takes the three values.
@Suite struct BrailleChoiceTests {
    @Test func aBadOptionIsAUsageError() throws {
        let english = try TemporaryHome().run(["--no-audio", "--braille", "maybe", "--lang", "en"])
        #expect(english.status == 64)
        #expect(
            english.stderrLines == [
                "breathe-voice: The value 'maybe' is invalid for '--braille <auto|on|off>'. Please provide one of "
                    + "'auto', 'on' or 'off'."
            ])
        let spanish = try TemporaryHome().run(["--no-audio", "--braille", "quizá", "--lang", "es"])
        #expect(spanish.status == 64)
        #expect(
            spanish.stderrLines == [
                "breathe-voice: El valor «quizá» no es válido para «--braille <auto|on|off>»: usa «auto», «on» o «off»."
            ])
    }

    @Test func aBadEnvironmentValueIsABadPreference() throws {
        let run = try TemporaryHome().run(
            ["--no-audio", "--cycles", "1", "--lang", "en"], environment: ["BREATHE_VOICE_BRAILLE": "maybe"])
        #expect(run.status == 78)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("auto, on, off"), "\(run.stderr)")
    }

    @Test func thePreferenceTakesItsThreeValues() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "get", "braille"]).stdout == "auto\n")
        #expect(try home.run(["prefs", "set", "braille", "off"]).status == 0)
        #expect(try home.run(["prefs", "get", "braille"]).stdout == "off\n")
        let refused = try home.run(["prefs", "set", "braille", "sometimes"])
        #expect(refused.status != 0)
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
    }
}

extension BrailleDisplayTests {
    /// BRLTTY killed mid-session and started again (issue 51): the session says once that the display went away, goes
    /// on, and shows the current line on the display within a few seconds of BRLTTY's return (a try every 3 s), then
    /// ends as usual, the display given back.
    @Test func theDisplayIsFoundAgainAfterBrlttyRestarts() throws {
        let brltty = try PrivateBrltty(cells: 40)
        let display = brltty.display
        let home = try TemporaryHome()
        let output = home.root.appendingPathComponent("output").path
        let first = display.shown.count
        let child = try Self.start(
            ["--pattern", "3-0-3", "--cycles", "4", "--braille", "on", "--plain", "--no-audio", "--lang", "en"],
            brltty: brltty, home: home)
        let inhale = display.waitForShown(after: first, timeout: 10) { $0.hasPrefix("Breathe in") }
        #expect(inhale != nil, "\(display.shown.dropFirst(first).map(\.text))")
        try brltty.restart()
        let back = FakeBrailleDisplay.now()
        let restarted = display.shown.count
        // The session's own line again, not only BRLTTY's: a phase and its seconds.
        let found = display.waitForShown(after: restarted, timeout: 8) {
            Self.phase(of: $0, .english) != nil
        }
        #expect(found != nil, "not shown again: \(display.shown.dropFirst(restarted).map(\.text))")
        if let found { #expect(found.time - back < 5, "shown again \(found.time - back) s after BRLTTY answered") }
        #expect(Self.waitForExit(child, timeout: 40) == .exited(0))
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let lost = "The braille display stopped answering"
        #expect(printed.components(separatedBy: lost).count - 1 == 1, "\(printed)")
        let closing = display.waitForShown(after: restarted, timeout: 5) { $0.hasPrefix("Done: 4 cycles") }
        #expect(closing != nil, "last: \(display.shown.last?.text ?? "nothing")")
        Self.expectDisplayGivenBack(display)
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// A new user's first hour, walked with the real binary at a pseudo-terminal, in a home of its own (issue 41): the
/// first run, preferences (a voice that is not installed refused), a saved pattern (its case-twin refused), sessions left
/// at every point (the opening, a phase, the closing words, the mood question) by every way out (q, Esc, Ctrl-C,
/// SIGTERM, SIGHUP, end of input), `history` and `stats` after each showing exactly what was breathed, then a reminder
/// scheduled (a private crontab), `doctor` and `remind`.
///
/// Each step checks what the user would see next: the history keeps every session that was breathed, whatever way
/// out was taken, and a session never breathed earns no badge.
@Suite struct FirstHourTests {
    /// The home, its crontab, and how the binary is run there.
    struct Walk {
        let home: TemporaryHome
        let crontab: FakeCrontab

        /// The home's folders, English, the private crontab; no screen reader found on the machine (another test's
        /// Fenrir) changes what a session prints.
        var environment: [String: String?] {
            home.environment.merging(
                [
                    "LC_ALL": "C", "LANG": nil, "LANGUAGE": nil, "BREATHE_VOICE_CRONTAB": crontab.script.path,
                    "BREATHE_VOICE_SCREEN_READER": "off",
                ], uniquingKeysWith: { $1 })
        }

        func run(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> BinaryRun {
            try BinaryRun.run(arguments, environment: environment.merging(extra, uniquingKeysWith: { $1 }))
        }

        /// A short session at the terminal: one or more cycles of 1-1, text only unless `spoken` (the closing words
        /// last only while they are said: in a text session the question follows "Session complete" at once, so a
        /// key or a signal meant for the closing words needs them spoken, by the tests' private sound server).
        func session(
            _ extra: [String] = [], cycles: Int = 1, spoken: Bool = false, environment more: [String: String?] = [:],
            steps: [PtySession.Step]
        ) throws -> PtySession {
            try PtySession.run(
                ["--pattern", "1-1", "--cycles", String(cycles), "--plain"]
                    + (spoken ? ["--tones", "off"] : ["--no-audio"])
                    + extra, steps: steps,
                environment: environment.merging(more, uniquingKeysWith: { $1 }))
        }

        /// The history as `history --json` prints it: one object per session, amendments folded in.
        func records() throws -> [[String: Any]] {
            let run = try run(["history", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try run.stdoutLines.map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }

        /// `stats --json`.
        func stats() throws -> [String: Any] {
            let run = try run(["stats", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try #require(JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any])
        }

        /// After a session: the history holds `recorded` sessions, the last as `status` with `moodAfter`, and the
        /// stats count `breathed` of them, with `badges`.
        func expectHistory(
            recorded: Int, lastStatus: String, moodAfter: Int? = nil, breathed: Int, badges: [String],
            _ step: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let records = try records()
            #expect(records.count == recorded, "\(step): \(records)", sourceLocation: sourceLocation)
            #expect(
                records.last?["status"] as? String == lastStatus, "\(step): \(records.last ?? [:])",
                sourceLocation: sourceLocation)
            #expect(
                records.last?["moodAfter"] as? Int == moodAfter, "\(step): \(records.last ?? [:])",
                sourceLocation: sourceLocation)
            let stats = try stats()
            #expect(stats["sessions"] as? Int == breathed, "\(step): \(stats)", sourceLocation: sourceLocation)
            #expect(stats["badges"] as? [String] == badges, "\(step): \(stats)", sourceLocation: sourceLocation)
        }
    }

    /// Runs in about half a minute: 1-1 sessions of one or two cycles, no lead-in, the closing words cut short by `q`
    /// wherever they are not the point.
    @Test func aNewUsersFirstHour() throws {
        let crontab = try FakeCrontab()
        defer { crontab.remove() }
        let walk = Walk(home: try TemporaryHome(), crontab: crontab)
        let exits: [String: Int32] = ["q": 0, "Esc": 0, "Ctrl-C": 130, "SIGTERM": 143, "SIGHUP": 0, "Ctrl-D": 0]
        func check(_ session: PtySession, _ way: String, _ step: String) {
            #expect(session.error == nil, "\(step): \(session.error ?? "")\n\(session.text)")
            #expect(session.status == exits[way], "\(step): exit \(session.status ?? -1)\n\(session.text)")
        }

        // The first run: nothing yet, and saying so.
        let empty = try walk.run(["history"])
        #expect(empty.status == 0)
        #expect(empty.stdoutLines == ["No sessions recorded yet."])
        #expect(try walk.stats()["sessions"] as? Int == 0)

        // Help leads with what a session takes; a typo gets the nearest name.
        let help = try walk.run(["--help"])
        #expect(help.status == 0)
        let pattern = try #require(help.stdoutLines.firstIndex { $0.hasPrefix("  --pattern") })
        let subcommands = try #require(help.stdoutLines.firstIndex { $0.hasPrefix("SUBCOMMANDS") })
        #expect(pattern < subcommands, "\(help.stdout)")
        for (typo, nearest) in [
            (["histroy"], "history"), (["prefs", "set", "raet", "200"], "rate"), (["patterns", "lst"], "list"),
        ] {
            let run = try walk.run(typo)
            #expect(run.status == 64)
            #expect(run.stderrLines.count == 1 && run.stderr.contains(nearest), "\(typo): \(run.stderr)")
        }

        // Preferences: a voice that is not installed is refused when it is set, with where to find the voices, and
        // nothing is saved; an installed one is kept.
        let badVoice = try walk.run(["prefs", "set", "voice", "nosuchvoice"])
        #expect(badVoice.status == 64)
        #expect(badVoice.stderrLines.count == 1)
        #expect(badVoice.stderr.contains("nosuchvoice") && badVoice.stderr.contains("breathe-voice voices"))
        #expect(badVoice.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: walk.home.preferencesFile.path))
        let otherLanguage = try walk.run(["prefs", "set", "voice.es", "en-us"])
        #expect(otherLanguage.status == 64, "a voice for another language: \(otherLanguage.stderr)")
        #expect(otherLanguage.stderr.contains("breathe-voice voices --lang es"))
        #expect(try walk.run(["prefs", "set", "voice", "en-us"]).stdoutLines == ["Set voice to en-us."])
        #expect(try walk.run(["prefs", "get", "voice"]).stdoutLines == ["en-us"])
        #expect(try walk.run(["prefs", "set", "leadIn", "off"]).status == 0)

        // A saved pattern, and its case-twin refused: speech cannot tell "calm" from "Calm".
        #expect(try walk.run(["patterns", "add", "calm", "1-1"]).status == 0)
        let twin = try walk.run(["patterns", "add", "Calm", "1-1"])
        #expect(twin.status == 64)
        #expect(twin.stderrLines.count == 1 && twin.stderr.contains("\"calm\""), "\(twin.stderr)")
        let patterns = try walk.run(["patterns", "list"])
        #expect(patterns.stdout.contains("calm") && !patterns.stdout.contains("Calm"), "\(patterns.stdout)")

        // Stopped in its opening, before any breath, with q: recorded as stopped, but it earns nothing.
        let opening = try walk.session(
            environment: ["BREATHE_VOICE_LEAD_IN": "on"],
            steps: [.expect("Get ready.\n"), .send("q"), .expect("stopped")])
        check(opening, "q", "opening, q")
        #expect(!opening.text.contains("New badge"), "\(opening.text)")
        #expect(!opening.text.contains("How do you feel"), "no mood to ask about: \(opening.text)")
        try walk.expectHistory(recorded: 1, lastStatus: "stopped", breathed: 0, badges: [], "opening, q")
        #expect(try walk.run(["stats"]).stdoutLines == ["No sessions recorded yet."])

        // Stopped in a phase with Esc, the saved pattern's first breath taken: the first badges.
        let esc = try walk.session(
            ["--pattern", "calm"], cycles: 2,
            steps: [.expect("Breathe out, 1 second.\n"), .send("\u{1B}"), .expect("stopped")])
        check(esc, "Esc", "a phase, Esc")
        #expect(esc.text.contains("New badge: First session.\nNew badge: Your own pattern.\n"), "\(esc.text)")
        try walk.expectHistory(
            recorded: 2, lastStatus: "stopped", breathed: 1, badges: ["firstSession", "customPattern"], "a phase, Esc")

        // Ctrl-C in a phase stops the session; a closed terminal interrupts it.
        let interrupt = try walk.session(
            cycles: 2, steps: [.expect("Breathe out, 1 second.\n"), .send("\u{3}"), .expect("Session stopped")])
        check(interrupt, "Ctrl-C", "a phase, Ctrl-C")
        try walk.expectHistory(
            recorded: 3, lastStatus: "stopped", breathed: 2, badges: ["firstSession", "customPattern"],
            "a phase, Ctrl-C")
        let hangup = try walk.session(cycles: 2, steps: [.expect("Breathe out, 1 second.\n"), .kill("HUP")])
        check(hangup, "SIGHUP", "a phase, SIGHUP")
        try walk.expectHistory(
            recorded: 4, lastStatus: "interrupted", breathed: 3, badges: ["firstSession", "customPattern"],
            "a phase, SIGHUP")

        // The closing words: SIGTERM while they are said (no question: the mood was given), then q, which cuts them
        // short and leads to the question, left by end of input.
        let terminate = try walk.session(
            ["--mood-after", "3"], spoken: true, steps: [.expect("Session complete"), .kill("TERM")])
        check(terminate, "SIGTERM", "the closing words, SIGTERM")
        try walk.expectHistory(
            recorded: 5, lastStatus: "completed", moodAfter: 3, breathed: 4, badges: ["firstSession", "customPattern"],
            "the closing words, SIGTERM")
        let endOfInput = try walk.session(
            spoken: true,
            steps: [
                .expect("Session complete"), .send("q"), .expect("How do you feel now?"), .send("\u{4}"),
                .expect("No mood recorded.\n"),
            ])
        check(endOfInput, "Ctrl-D", "the closing words q, then end of input at the question")
        try walk.expectHistory(
            recorded: 6, lastStatus: "completed", breathed: 5, badges: ["firstSession", "customPattern"],
            "end of input at the question")

        // Every way out of the mood question keeps the session it follows.
        var recorded = 6
        for (way, steps) in [
            ("q", [PtySession.Step.send("q"), .expect("No mood recorded.\n")]),
            ("Esc", [.send("\u{1B}"), .expect("No mood recorded.\n")]),
            ("Ctrl-C", [.send("\u{3}")]),
            ("SIGTERM", [.kill("TERM")]),
            ("SIGHUP", [.kill("HUP")]),
        ] {
            let asked = try walk.session(
                steps: [.expect("Session complete"), .send("q"), .expect("How do you feel now?")] + steps)
            check(asked, way, "the question, \(way)")
            recorded += 1
            try walk.expectHistory(
                recorded: recorded, lastStatus: "completed", breathed: recorded - 1,
                badges: ["firstSession", "customPattern"], "the question, \(way)")
        }

        // A mistyped answer is asked once more; the answer amends the record, and history and stats show it.
        let answered = try walk.session(
            ["--mood-before", "2"],
            steps: [
                .expect("Session complete"), .send("q"), .expect("How do you feel now?"), .send("x"),
                .expect("Press a number from 1 to 5, Enter to skip, or q to stop.\n"), .expect("How do you feel now?"),
                .send("4"), .expect("Mood 4 recorded.\n"),
            ])
        check(answered, "q", "the question, a mistyped answer then 4")
        recorded += 1
        try walk.expectHistory(
            recorded: recorded, lastStatus: "completed", moodAfter: 4, breathed: recorded - 1,
            badges: ["firstSession", "customPattern"], "the question answered")
        #expect(try walk.run(["history", "--last", "1"]).stdout.hasSuffix("completed. Mood 2 to 4.\n"))
        let stats = try walk.run(["stats"]).stdoutLines
        #expect(stats.contains("Average mood change: +2 over 1 session."), "\(stats)")
        // The answer 4, and the 3 given with --mood-after.
        #expect(stats.contains("Mood after a session: 3.5 on average, over 2 sessions."), "\(stats)")
        let csv = try walk.run(["history", "export", "--format", "csv"])
        let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == recorded + 1, "one row per session and the header: \(csv.stdout)")
        // The amendment is a line of its own in the file, never a record of its own in any listing.
        let file = try String(contentsOf: walk.home.historyFile, encoding: .utf8)
        #expect(file.components(separatedBy: "\n").filter { $0.hasPrefix(#"{"amends":"#) }.count == 1)

        // A voice that stopped working after it was saved (a hand-edited file) names the preference, its file and
        // the fix; from the environment, the variable.
        var preferences = try String(contentsOf: walk.home.preferencesFile, encoding: .utf8)
        preferences = preferences.replacingOccurrences(of: "\"en-us\"", with: "\"nosuchvoice\"")
        try preferences.write(to: walk.home.preferencesFile, atomically: true, encoding: .utf8)
        let fromFile = try walk.run(["--pattern", "1-1", "--cycles", "1"], environment: ["PULSE_SERVER": "unix:/none"])
        #expect(fromFile.status == 78)
        #expect(fromFile.stderrLines.count == 1)
        #expect(
            fromFile.stderr.contains("voice.en") && fromFile.stderr.contains(walk.home.preferencesFile.path)
                && fromFile.stderr.contains("prefs set voice.en"), "\(fromFile.stderr)")
        #expect(try walk.run(["prefs", "unset", "voice.en"]).status == 0)
        let fromEnvironment = try walk.run(
            ["remind", "--pattern", "1-1", "--cycles", "1"], environment: ["BREATHE_VOICE_VOICE": "nosuchvoice"])
        #expect(fromEnvironment.status == 78, "\(fromEnvironment.stderr)")
        #expect(fromEnvironment.stderr.contains("BREATHE_VOICE_VOICE"), "\(fromEnvironment.stderr)")
        #expect(try walk.records().count == recorded, "a reminder that could not speak records nothing")

        // Other rows of issue 41's table are asserted in their own suites: help that leads with the session in
        // RootHelpPageTests, the nearest name for a typo in TypoSuggestionTests, the guide's examples in
        // UserGuideExamplesTests, the screen reader found and its notice in ScreenReaderTests and
        // KeptSessionDetectionTests; schedules said in words, doctor's verdicts and render confirmations are being
        // changed at the same time, so the coordinator extends these steps after merging. Here: each runs, with its
        // documented exit.
        let scheduled = try walk.run(["schedule", "add", "--every", "45m", "--dry-run"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        #expect(crontab.contents == nil, "a dry run writes no crontab")
        #expect(try walk.run(["schedule", "add", "--every", "45m"]).status == 0)
        let listed = try walk.run(["schedule", "list"])
        #expect(listed.status == 0 && !listed.stdout.isEmpty, "\(listed.stderr)")
        let doctor = try walk.run(["doctor"])
        #expect([0, 1].contains(doctor.status) && !doctor.stdout.isEmpty, "\(doctor.stderr)")
        // No sound server: a reminder must be heard, so it says so and records nothing.
        let unheard = try walk.run(
            ["remind", "--pattern", "1-1", "--cycles", "1"], environment: ["PULSE_SERVER": "unix:/none"])
        #expect(unheard.status == 69)
        #expect(unheard.stderrLines.count == 1)
        #expect(try walk.records().count == recorded)
    }
}

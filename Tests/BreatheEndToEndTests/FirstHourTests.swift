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
/// out was taken, and a session never breathed earns no badge. Every row of issue 41's table is a step here, with what
/// was expected (marked "Row:"), but two that need a running screen reader: a session kept by a detach tool other than
/// tmux or GNU screen, found through whatever holds the terminal (KeptSessionDetectionTests, with Fenrir), and the
/// notice said when it is news with the first breath within 5 s of Enter (ScreenReaderTests, with Fenrir and
/// MultiplexerScreenReaderTests). Nothing here waits by the clock: each step waits for what is printed, or for the
/// program's exit.
@Suite struct FirstHourTests {
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

        // Row: `--help` led with 15 exit codes, keys, files and environment, then only --version and -h; wrapped rows
        // fell back to column 0. Expected: what a session takes first (its common options, a few examples), then the
        // subcommands; the exit codes one command away.
        let help = try walk.run(["--help"])
        #expect(help.status == 0)
        let lines = help.stdoutLines
        let subcommands = try #require(lines.firstIndex { $0.hasPrefix("SUBCOMMANDS") })
        for option in ["--pattern", "--minutes", "--plain"] {
            let row = try #require(lines.firstIndex { $0.hasPrefix("  \(option) ") }, "\(option): \(help.stdout)")
            #expect(row < subcommands, "\(option) after the subcommands: \(help.stdout)")
        }
        let examples = try #require(lines.firstIndex { $0.hasPrefix("EXAMPLES") })
        #expect(examples < subcommands)
        #expect(!lines.contains { $0.range(of: #"^ +(64|69|78|130) "#, options: .regularExpression) != nil })
        #expect(lines.contains { $0.hasPrefix("  breathe-voice help exit-codes ") })
        // From the usage on, a line is a heading, blank, or indented under its section: a wrapped row keeps its indent.
        let usage = try #require(lines.firstIndex { $0.hasPrefix("USAGE: ") })
        for line in lines[usage...] where !line.isEmpty && !line.hasPrefix(" ") {
            #expect(line.prefix { $0.isUppercase || $0 == " " }.count >= 5, "a row at column 0: \(line)")
        }

        // Row: `histroy`, `prefs set raet 200`, `patterns lst` said "Unexpected argument" or listed all 30 keys.
        // Expected: "Did you mean `history`?", as git does.
        for (typo, nearest) in [
            (["histroy"], "history"), (["prefs", "set", "raet", "200"], "rate"), (["patterns", "lst"], "list"),
        ] {
            let run = try walk.run(typo)
            #expect(run.status == 64)
            #expect(run.stderrLines.count == 1, "\(typo): \(run.stderr)")
            #expect(run.stderr.contains("Did you mean") && run.stderr.contains(nearest), "\(typo): \(run.stderr)")
        }

        // Row: `prefs set voice nosuchvoice` was saved, then every session and reminder failed. Expected: refused when
        // set, with where to find the voices (nothing is saved); an installed one is kept.
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

        // Row: `patterns add Calm 4-4` beside `calm` was accepted. Expected: names unique whatever their case (speech
        // cannot tell "calm" from "Calm").
        #expect(try walk.run(["patterns", "add", "calm", "1-1"]).status == 0)
        let twin = try walk.run(["patterns", "add", "Calm", "1-1"])
        #expect(twin.status == 64)
        #expect(twin.stderrLines.count == 1 && twin.stderr.contains("\"calm\""), "\(twin.stderr)")
        let patterns = try walk.run(["patterns", "list"])
        #expect(patterns.stdout.contains("calm") && !patterns.stdout.contains("Calm"), "\(patterns.stdout)")

        // Row: a session stopped in its opening, before any breath, earned "First session" and "Your own pattern".
        // Expected: recorded as stopped (history lists it), but badges and streaks count only sessions breathed, and
        // stats says that none was.
        let opening = try walk.session(
            environment: ["BREATHE_VOICE_LEAD_IN": "on"],
            steps: [.expect("Get ready.\n"), .send("q"), .expect("stopped")])
        check(opening, "q", "opening, q")
        #expect(!opening.text.contains("New badge"), "\(opening.text)")
        #expect(!opening.text.contains("How do you feel"), "no mood to ask about: \(opening.text)")
        try walk.expectHistory(recorded: 1, lastStatus: "stopped", breathed: 0, badges: [], "opening, q")
        let listedOpening = try walk.run(["history"]).stdoutLines
        #expect(listedOpening.count == 1 && listedOpening[0].hasSuffix(", stopped."), "\(listedOpening)")
        #expect(
            try walk.run(["stats"]).stdoutLines == [
                "No session breathed yet: the one in the history ended before its first breath, or was a skipped or failed reminder."
            ])

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

        // Every phase of a four-phase pattern, each left by another way out, each recorded and counted. (The second
        // cycle's in-breath: a signal in the first tenth of a session's very first breath would leave 0 seconds
        // breathed, which counts as not breathed, and the test does not race for it.)
        for (index, (pattern, phase, way, steps)) in [
            ("1-1", "Breathe in, 1 second. Cycle 2 of 2.\n", "SIGTERM", [PtySession.Step.kill("TERM")]),
            ("1-1-1-1", "Hold, 1 second.\n", "q", [.send("q"), .expect("stopped")]),
            ("1-1-1-1", "Rest, 1 second.\n", "Ctrl-C", [.send("\u{3}"), .expect("stopped")]),
        ].enumerated() {
            let stopped = try walk.session(["--pattern", pattern], cycles: 2, steps: [.expect(phase)] + steps)
            check(stopped, way, "\(phase) \(way)")
            try walk.expectHistory(
                recorded: 5 + index, lastStatus: "stopped", breathed: 4 + index,
                badges: ["firstSession", "customPattern"], "\(phase) \(way)")
        }

        // Row: a session to its end, then Ctrl-C, SIGTERM or SIGHUP (or q) at "How do you feel now?" left nothing in
        // the history. Expected: the session breathed is recorded; the question only adds a mood.
        // The closing words: SIGTERM while they are said (no question: the mood was given), then q, which cuts them
        // short and leads to the question, left by end of input.
        let terminate = try walk.session(
            ["--mood-after", "3"], spoken: true, steps: [.expect("Session complete"), .kill("TERM")])
        check(terminate, "SIGTERM", "the closing words, SIGTERM")
        try walk.expectHistory(
            recorded: 8, lastStatus: "completed", moodAfter: 3, breathed: 7, badges: ["firstSession", "customPattern"],
            "the closing words, SIGTERM")
        let endOfInput = try walk.session(
            spoken: true,
            steps: [
                .expect("Session complete"), .send("q"), .expect("How do you feel now?"), .send("\u{4}"),
                .expect("No mood recorded.\n"),
            ])
        check(endOfInput, "Ctrl-D", "the closing words q, then end of input at the question")
        try walk.expectHistory(
            recorded: 9, lastStatus: "completed", breathed: 8, badges: ["firstSession", "customPattern"],
            "end of input at the question")

        // Every way out of the mood question keeps the session it follows.
        var recorded = 9
        for (way, steps) in [
            ("q", [PtySession.Step.send("q"), .expect("No mood recorded.\n")]),
            ("Esc", [.send("\u{1B}"), .expect("No mood recorded.\n")]),
            ("Ctrl-C", [.send("\u{3}")]),
            ("SIGTERM", [.kill("TERM")]),
            ("SIGHUP", [.kill("HUP")]),
        ] {
            // No q to cut the closing words short here: on a loaded machine it can come after they ended, and answer
            // the question instead.
            let asked = try walk.session(steps: [.expect("Session complete"), .expect("How do you feel now?")] + steps)
            check(asked, way, "the question, \(way)")
            recorded += 1
            try walk.expectHistory(
                recorded: recorded, lastStatus: "completed", breathed: recorded - 1,
                badges: ["firstSession", "customPattern"], "the question, \(way)")
        }

        // A mistyped answer is asked once more; the answer amends the record, and history and stats show it. The
        // closing words end on their own: a q to cut them short, read once they had ended (a loaded machine), answered
        // the question instead, as it should, and the mistyped answer then went to a program that had exited.
        let answered = try walk.session(
            ["--mood-before", "2"],
            steps: [
                .expect("Session complete"), .expect("How do you feel now?"), .send("x"),
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
        // A reminder that could not speak leaves a trace (issue 49): failed, for its voice, nothing breathed.
        recorded += 1
        let unspoken = try walk.records()
        #expect(unspoken.count == recorded)
        #expect(unspoken.last?["status"] as? String == "failed" && unspoken.last?["reason"] as? String == "voice")

        // Row: `--output x.wav` said nothing of where the file went; `--output x.mp3` wrote WAV bytes under that name.
        // Expected: one line with the full path; a refusal for a format it does not write. A render is not a session
        // breathed: nothing is recorded.
        let folder = walk.home.root.resolvingSymlinksInPath()
        let render = try walk.run(["--pattern", "1-1", "--cycles", "1", "--output", "first.wav"], directory: folder)
        #expect(render.status == 0, "\(render.stderr)")
        let wav = folder.appendingPathComponent("first.wav").path
        #expect(render.stdoutLines.last == "Saved the session to \(wav).", "\(render.stdout)")
        #expect(render.stdoutLines.filter { $0.hasPrefix("Saved the session") }.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: wav)).prefix(4) == Data("RIFF".utf8))
        let mp3 = try walk.run(["--pattern", "1-1", "--cycles", "1", "--output", "x.mp3"], directory: folder)
        #expect(mp3.status == 64)
        #expect(
            mp3.stderrLines == [
                #"breathe-voice: Cannot write "x.mp3": --output writes WAV files only, so its name ends in .wav (such as "x.wav")."#
            ])
        #expect(mp3.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp3").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.wav").path))
        #expect(try walk.records().count == recorded, "a render records no session")

        // Row: `doctor` with no sound server said "ok: a reminder now would play at once…" while `remind` exited 69.
        // Expected: "problem: …" wherever the next reminder would fail, with the fix, and exit 1; remind agrees.
        let doctor = try walk.run(["doctor"], environment: Walk.noServer)
        #expect(doctor.status == 1, "\(doctor.stdout)")
        #expect(
            doctor.stdoutLines.contains {
                $0.hasPrefix("problem: no sound server answers at /nonexistent/pulse/native")
            })
        #expect(doctor.stdoutLines.contains("ok: no reminders are scheduled"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("cron daemon"), "nothing is scheduled yet: \(doctor.stdout)")
        let verdict = try #require(doctor.stdoutLines.last)
        #expect(verdict.hasPrefix("problem: a reminder now would fail: no sound server answered ("), "\(verdict)")
        #expect(verdict.contains(" — fix: start PulseAudio or PipeWire"), "\(verdict)")
        let unheard = try walk.run(["remind", "--pattern", "1-1", "--cycles", "1"], environment: Walk.noServer)
        #expect(unheard.status == 69, "doctor said a reminder would fail: \(unheard.stderr)")
        #expect(unheard.stderrLines.count == 1)
        // A reminder that could not be heard leaves a trace: failed, for the sound server.
        recorded += 1
        let unheardRecords = try walk.records()
        #expect(unheardRecords.count == recorded)
        #expect(
            unheardRecords.last?["status"] as? String == "failed"
                && unheardRecords.last?["reason"] as? String == "sound")

        // Row: `schedule add` and `schedule list` said "crontab times 0,45 */3 * * *; …": a screen reader reads every
        // star and slash. Expected: in words; cron's own syntax only on request (--cron, --dry-run).
        let dryRun = try walk.run(["schedule", "add", "--every", "45m", "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("*/3 * * *"), "a dry run shows the crontab it would write: \(dryRun.stdout)")
        #expect(crontab.contents == nil, "a dry run writes no crontab")
        let added = [
            try walk.run(["schedule", "add", "--every", "45m"]),
            try walk.run(["schedule", "add", "--every", "2h", "--from", "09:00", "--to", "18:00", "--days", "mon-fri"]),
            try walk.run(["schedule", "add", "--at", "01:00", "--at", "13:00", "--days", "sat,sun"]),
        ]
        #expect(
            added.flatMap(\.stdoutLines) == [
                "Added reminder 1: every 45 minutes.",
                "Added reminder 2: every 2 hours from 09:00 to 18:00, Monday to Friday.",
                "Added reminder 3: at 01:00 and 13:00, Saturday and Sunday.",
            ], "\(added.map(\.stderr))")
        let listed = try walk.run(["schedule", "list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            listed.stdoutLines == [
                "Reminder 1: every 45 minutes.", "Reminder 2: every 2 hours from 09:00 to 18:00, Monday to Friday.",
                "Reminder 3: at 01:00 and 13:00, Saturday and Sunday.",
            ])
        #expect(!listed.stdout.contains("*") && !listed.stdout.contains("/"), "\(listed.stdout)")
        let spanish = try walk.run(["schedule", "list", "--lang", "es"])
        #expect(spanish.stdoutLines.last == "Recordatorio 3: a la 01:00 y a las 13:00, sábado y domingo.")
        let cron = try walk.run(["schedule", "list", "--cron"])
        #expect(cron.status == 0 && cron.stdout.contains("0,45 */3 * * *"), "\(cron.stdout)")

        // Row: with reminders scheduled and no cron daemon running, doctor said nothing about cron. Expected: a
        // problem with the fix (or, on a machine where one runs, that it does: the test looks in /proc itself).
        let scheduledDoctor = try walk.run(["doctor"], environment: Walk.noServer)
        #expect(scheduledDoctor.status == 1)
        let cronLines = scheduledDoctor.stdoutLines.filter { $0.contains("cron daemon") }
        if let (name, pid) = DoctorTests.cronDaemon() {
            #expect(
                cronLines == [
                    "ok: a cron daemon is running (\(name), process \(pid)), so the crontab's reminders will start"
                ])
        } else {
            #expect(
                cronLines == [
                    "problem: reminders are in the crontab, but no cron daemon is running, so none of them will play — fix: start it, and at every boot: sudo systemctl enable --now cron (the service is crond on Fedora, cronie on Arch)"
                ], "\(scheduledDoctor.stdout)")
        }
        #expect(scheduledDoctor.stdoutLines.last?.hasPrefix("problem: a reminder now would fail: ") == true)
        #expect(try walk.run(["schedule", "remove", "--all"]).status == 0)
        #expect(try walk.run(["schedule", "list"]).stdoutLines == ["No reminders are scheduled."])
    }
}

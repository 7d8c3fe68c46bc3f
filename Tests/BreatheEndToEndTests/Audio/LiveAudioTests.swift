import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The real binary against a real PulseAudio server: what reaches the speakers, and what happens when the server dies.
@Suite(.serialized)
struct LiveAudioTests {
    static let rate = 22_050

    /// Onsets: the first sample above `threshold` after at least a quarter second below it. A recording starts in
    /// silence (the recorder runs before the binary starts), so a sound in its first quarter second counts too.
    static func onsets(_ samples: [Int16], threshold: Int16 = 200) -> [Int] {
        var result: [Int] = []
        var quietSince = -rate / 4
        for (index, sample) in samples.enumerated() {
            if abs(Int(sample)) > Int(threshold) {
                if index - quietSince >= rate / 4 { result.append(index) }
                quietSince = index + 1
            }
        }
        return result
    }

    @Test func cuesReachTheServerOnSchedule() throws {
        try LiveServers.requireSoundServer()
        // --pattern 2-1-2-1 --cycles 2 with tones only: 8 cues over 12 s, 18 s with the lead-in and closing.
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(phases: [
                Phase(.inhale, seconds: 2), Phase(.hold, seconds: 1), Phase(.exhale, seconds: 2),
                Phase(.rest, seconds: 1),
            ]),
            length: .cycles(2), sampleRate: Self.rate
        ).get()
        let recorder = try MonitorRecorder()
        let lateness = GraphLateness()
        let run = try BinaryRun.run(["--pattern", "2-1-2-1", "--cycles", "2", "--speech", "off", "--lang", "en"])
        let samples = try recorder.stop()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // The session's own lines, up to its summary; a first session's badges may follow.
        #expect(run.stdoutLines.prefix { !$0.hasPrefix("Session complete") }.count + 1 == 11)

        let heard = Self.onsets(samples)
        let planned = (1...2).flatMap { cycle in (0..<4).map { Int(plan.start(of: .phase(cycle: cycle, index: $0))) } }
        try #require(heard.count == planned.count, "heard \(heard.count) cues, planned \(planned.count): \(heard)")
        Self.expectIntervals(heard: heard, planned: planned, lateness: lateness) { "cue \($0)" }
    }

    /// Every interval between the `heard` onsets within 15 ms of the same interval between the `planned` ones, but for
    /// what PipeWire's graph lost while they were recorded (`GraphLateness.unexplained`); a failure names the
    /// interval's second cue (`name` of its index), every interval's error and the graph's late cycles.
    static func expectIntervals(
        heard: [Int], planned: [Int], lateness: GraphLateness, sourceLocation: SourceLocation = #_sourceLocation,
        name: (Int) -> String
    ) {
        let heardIntervals = zip(heard.dropFirst(), heard).map { $0 - $1 }
        let plannedIntervals = zip(planned.dropFirst(), planned).map { $0 - $1 }
        let errors = zip(heardIntervals, plannedIntervals).map { $0 - $1 }
        let late = lateness.summary
        for index in lateness.unexplained(errors, tolerance: rate * 15 / 1000, rate: rate) {
            let message =
                "\(name(index + 1)): \(heardIntervals[index]) samples after the previous cue, planned "
                + "\(plannedIntervals[index]); intervals off by \(errors)\(late)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// Root mean square of samples[range], clamped to the recording.
    static func rms(_ samples: [Int16], _ range: Range<Int>) -> Double {
        let clamped = max(0, range.lowerBound)..<min(samples.count, range.upperBound)
        guard !clamped.isEmpty else { return 0 }
        return (clamped.reduce(0.0) { $0 + Double(samples[$1]) * Double(samples[$1]) } / Double(clamped.count))
            .squareRoot()
    }

    /// The heard onset within 150 ms of `sample`, if any.
    static func onset(near sample: Int, in heard: [Int]) -> Int? {
        heard.filter { abs($0 - sample) <= rate * 15 / 100 }.min { abs($0 - sample) < abs($1 - sample) }
    }

    /// Issue 3's "done when", spoken: `--pattern box --minutes 1` as given in English, and a one-cycle box session in
    /// Spanish, with speech and tones on (the defaults) through the shared server. Every cue is heard on schedule
    /// (intervals within 15 ms of the plan), and speech is heard over each one's tone.
    @Test(arguments: [
        ("en", ["--pattern", "box", "--minutes", "1"], SessionLength.minutes(hundredths: 100), "Rest, 4 seconds."),
        ("es", ["--pattern", "box", "--cycles", "1"], .cycles(1), "Descansa, 4 segundos."),
    ])
    func spokenSessionIsHeardOnSchedule(language: String, arguments: [String], length: SessionLength, lastLine: String)
        throws
    {
        try LiveServers.requireSoundServer()
        let plan = try SessionPlan.make(
            pattern: #require(BreathingPattern.builtIn(named: "box")), length: length, sampleRate: Self.rate
        ).get()
        let recorder = try MonitorRecorder()
        let lateness = GraphLateness()
        let run = try BinaryRun.run(arguments + ["--lang", language])
        let samples = try recorder.stop()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdoutLines.contains(lastLine), "\(run.stdoutLines)")

        // The lead-in's "get ready" is the first sound, at the timeline's sample 0; every cue is found from there.
        let heard = Self.onsets(samples)
        let start = try #require(heard.first, "nothing was heard")
        let cues = (1...plan.cycles).flatMap { cycle in (0..<4).map { Segment.phase(cycle: cycle, index: $0) } }
        var matched: [Int] = []
        for cue in cues {
            let planned = start + Int(plan.start(of: cue))
            matched.append(
                try #require(
                    Self.onset(near: planned, in: heard), "no cue heard near \(cue) (sample \(planned)): \(heard)"))
        }
        let breathing =
            (start + Int(plan.breathingStart) - Self.rate / 10)..<(start + Int(plan.breathingEnd) - Self.rate / 10)
        #expect(heard.filter(breathing.contains) == matched, "sounds off the cues during the breathing: \(heard)")
        Self.expectIntervals(heard: matched, planned: cues.map { Int(plan.start(of: $0)) }, lateness: lateness) {
            "\(cues[$0])"
        }
        // Speech follows each cue: over 0.7 s from the onset, the energy heard exceeds the tone's own energy by that of
        // a phrase (RMS 300 or more). The tone alone would leave (almost) nothing over.
        let window = Self.rate * 7 / 10
        let toneVolume = AudioChoices().toneVolume
        for (cue, onset) in zip(cues, matched) {
            guard case .phase(_, let index) = cue else { continue }
            let tone = CueTone.cue(for: plan.kind(ofPhase: index)).samples(sampleRate: Self.rate, volume: toneVolume)
            let toneEnergy = tone.reduce(0.0) { $0 + Double($1) * Double($1) }
            let heardRMS = Self.rms(samples, onset..<onset + window)
            let heardEnergy = heardRMS * heardRMS * Double(window)
            let speechRMS = (max(0, heardEnergy - toneEnergy) / Double(window)).squareRoot()
            #expect(speechRMS > 300, "\(cue) in \(language): no speech over the tone (RMS \(Int(speechRMS)) beyond it)")
        }
        // And the closing words follow the last phase.
        let closing = start + Int(plan.breathingEnd)
        #expect(Self.rms(samples, closing..<closing + window) > 300, "no closing words in \(language)")
    }

    /// Issue 4: a new badge is spoken as well as printed, once, at the end of the session that earned it: after the
    /// closing words, through the server. The second session in the same (fresh) home earns none and says nothing more.
    @Test func aFirstSessionSpeaksItsBadgesAfterTheClosingWordsAndASecondDoesNot() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        let arguments = ["--pattern", "2-0-2", "--cycles", "1", "--lang", "en"]
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 2), Phase(.exhale, seconds: 2)]),
            length: .cycles(1), sampleRate: Self.rate
        ).get()
        for session in 1...2 {
            let recorder = try MonitorRecorder()
            let run = try home.run(arguments)
            // Everything the binary played was drained before it exited; two more seconds show what came after. The
            // monitor lags what was played (by a few ms on PipeWire), so half a second more covers those two seconds.
            let samples = try recorder.stop(after: 2.5)
            #expect(run.status == 0, "session \(session): \(run.stderr)")
            let badges = run.stdoutLines.filter { $0.hasPrefix("New badge:") }
            #expect(
                badges == (session == 1 ? ["New badge: First session.", "New badge: Your own pattern."] : []),
                "\(run.stdoutLines)")

            // Align on the first cue: the first sound after the lead-in's "get ready", at its planned distance.
            let heard = Self.onsets(samples)
            let leadIn = try #require(heard.first, "session \(session): nothing was heard")
            let firstCue = Int(plan.start(of: .phase(cycle: 1, index: 0)))
            let cue = try #require(
                Self.onset(near: leadIn + firstCue, in: heard), "session \(session): no first cue: \(heard)")
            let closing = cue - firstCue + Int(plan.breathingEnd)
            let end = cue - firstCue + Int(plan.totalSamples)
            #expect(Self.rms(samples, closing..<closing + Self.rate) > 300, "session \(session): no closing words")
            #expect(samples.count >= end + 2 * Self.rate, "session \(session): the recording stops too early")
            let after = Self.rms(samples, end..<end + 2 * Self.rate)
            if session == 1 {
                #expect(after > 300, "the badges were not spoken after the closing words (RMS \(Int(after)))")
            } else {
                #expect(after < 20, "the second session said something after its closing words (RMS \(Int(after)))")
            }
        }
    }

    @Test func aServerKilledMidSessionEndsANonInteractiveRunWithExit69() throws {
        let server = try PulseServer.Own()
        try #require(server.isUp, "could not start a private PulseAudio server of our own")
        let started = try FaultRun.start(
            ["--pattern", "2-0-2", "--cycles", "5", "--lang", "en"], home: TemporaryHome(),
            environment: ["PULSE_SERVER": server.address], standardOutput: .path("capture"))
        // Wait until the first breath is announced, so the stream is surely playing; then kill the server.
        #expect(Waiting.until("Cycle 1 of 5.", appearsIn: started.stdoutFile, within: 30))
        server.kill()
        // A run still going after 15 s hung: it is ended, and reported as nil.
        let run = FaultRun.finish(started, within: 15)
        #expect(run != nil, "the session hung after its server died")
        let stderrLines = run?.stderrLines ?? []
        #expect(run?.ending == .exited(69), "\(String(describing: run?.ending))")
        #expect(stderrLines.count == 1)
        #expect(
            stderrLines.first?.hasPrefix("breathe-voice: The sound server went away during the session") == true,
            "\(stderrLines)")
    }

    /// Cron's conditions: no XDG_RUNTIME_DIR, no PULSE_SERVER, no D-Bus, PATH=/usr/bin:/bin. The program must find the
    /// user's server at /run/user/<uid>/pulse/native; the test puts the private server there.
    @Test func aReminderUnderCronsEnvironmentIsHeardRecordedAndSilent() throws {
        try LiveServers.requireSoundServer()
        let privateDirectory = try #require(ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_PULSE_DIR"])
        let files = FileManager.default
        let runtime = "/run/user/\(getuid())"
        let link = runtime + "/pulse"
        if let existing = try? files.destinationOfSymbolicLink(atPath: link), existing != privateDirectory {
            Issue.record("\(link) already points at a sound server; this test will not touch it")
            return
        }
        if files.fileExists(atPath: link), (try? files.destinationOfSymbolicLink(atPath: link)) == nil {
            Issue.record("\(link) is a real sound server's folder; this test will not touch it")
            return
        }
        let createdRuntime = !files.fileExists(atPath: runtime)
        try files.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? files.removeItem(atPath: link)
        try files.createSymbolicLink(atPath: link, withDestinationPath: privateDirectory)
        defer {
            try? files.removeItem(atPath: link)
            if createdRuntime { try? files.removeItem(atPath: runtime) }
        }

        let home = files.temporaryDirectory.appendingPathComponent("breathe-voice-cron-\(UUID().uuidString)")
        try files.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: home) }
        // Recording before the reminder starts, so its opening words are on the tape.
        let recorder = try MonitorRecorder()
        let user = ProcessInfo.processInfo.environment["USER"] ?? "root"
        let run = try BinaryRun.run(
            // 1.5-second breaths: after each word (which follows its tone) a quiet stretch before the next cue.
            ["remind", "--pattern", "1.5-0-1.5", "--cycles", "2", "--lang", "en"],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LOGNAME": user, "USER": user],
            clearEnvironment: true
        )
        let samples = try recorder.stop()

        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "cron would mail: \(run.stdout)")
        #expect(run.stderr.isEmpty, "cron would mail: \(run.stderr)")
        let history = try String(
            contentsOf: home.appendingPathComponent(".local/state/breathe-voice/history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        #expect(history.contains("\"source\":\"cron\""))
        #expect(history.contains("\"status\":\"completed\""))

        // Heard: the opening words and the lead-in, then a cue at each of the four breaths.
        let loud = samples.filter { abs(Int($0)) > 1000 }.count
        #expect(loud > Self.rate / 2, "hardly anything was heard: \(loud) loud samples")
        #expect(Self.onsets(samples).count >= 4)
    }

    /// The keys of a session with sound, in a real terminal through the shared server: `+` and `]` change the rate and
    /// the tone level (the phrase book is prepared again on the worker thread while the session plays), `t` is said,
    /// and the session goes on to its next phases and ends normally.
    @Test func keysChangeRateAndToneLevelInALiveSession() throws {
        try LiveServers.requireSoundServer()
        let run = try PtySession.run(
            ["--pattern", "2-0-2", "--cycles", "3", "--lang", "en", "--plain", "--mood-after", "3"],
            steps: [
                .expect("Breathe in, 2 seconds. Cycle 1 of 3.\n"),
                .send("+"), .expect("Speech rate 200 words a minute.\n"),
                .send("-"), .send("-"), .expect("Speech rate 150 words a minute.\n"),
                .send("]"), .expect("Tone volume 80.\n"),
                .send("["), .send("["), .expect("Tone volume 60.\n"),
                .send("t"), .expect(" in the session.\n"),
                .expect("Breathe in, 2 seconds. Cycle 2 of 3.\n"),
                .send("q"), .expect("Session stopped"),
            ]
        )
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0, "\(run.text)")
        #expect(run.noiseBytes.isEmpty)
    }

    /// Issue 3: an interactive session whose server dies goes to paused (through audioLost) and says so, in a real
    /// terminal; it stays paused, `q` ends it normally, and the terminal's settings come back. Never a crash or a hang.
    @Test func aServerKilledMidSessionPausesAnInteractiveSessionInATerminal() throws {
        let server = try PulseServer.Own()
        try #require(server.isUp, "could not start a private PulseAudio server of our own")
        let home = try TemporaryHome()
        var environment = home.environment
        environment["PULSE_SERVER"] = server.address
        let run = try PtySession.run(
            ["--pattern", "2-0-2", "--cycles", "20", "--lang", "en", "--plain", "--mood-after", "3"],
            steps: [
                .expect("Breathe in, 2 seconds. Cycle 1 of 20.\n"),
                .killProcess(server.processIdentifier),
                .expect("The sound server went away. Paused; press space to go on, q to quit.\n", timeout: 10),
                // Two-second phases: a session still running would print the next one in this time.
                .quiet(3),
                .send("q"),
            ],
            environment: environment
        )
        server.kill()
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0, "\(run.text)")
        #expect(
            run.quiet.first?.isEmpty == true,
            "not paused: \(String(decoding: run.quiet.first ?? Data(), as: UTF8.self))")
        #expect(run.lines.filter { $0.hasPrefix("The sound server went away") }.count == 1, "\(run.text)")
        #expect(run.lines.contains { $0.hasPrefix("Session interrupted after 0 of 20 cycles") }, "\(run.text)")
        #expect(!run.text.contains("Fatal error") && !run.text.contains("breathe-voice:"), "\(run.text)")
        #expect(run.stty["before"]?.isEmpty == false)
        #expect(run.stty["after"] == run.stty["before"])
        // The session is recorded as interrupted.
        let history = try home.run(["history", "--json"])
        #expect(history.stdout.contains("\"status\":\"interrupted\""), "\(history.stdout)")
    }

    /// Issue 6: no server under cron's environment (no PULSE_SERVER, no XDG_RUNTIME_DIR, nothing at
    /// /run/user/<uid>/pulse/native): exit 69, one line saying what to fix, and (issue 49) a `failed` record. It lives in this
    /// serialized suite because the cron test above lends /run/user/<uid>/pulse to the private server for a while.
    @Test func aReminderWithNoServerUnderCronsEnvironmentIsExit69AndOneLine() throws {
        // A machine with a real session server there cannot show the failure; there is none in CI.
        if FileManager.default.fileExists(atPath: "/run/user/\(getuid())/pulse/native") { return }
        let home = try TemporaryHome()
        let run = try BinaryRun.run(
            ["remind", "--cycles", "1", "--lang", "en"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": home.root.path], clearEnvironment: true)
        #expect(run.status == 69)
        #expect(
            run.stderrLines == [
                "breathe-voice: No sound server answered (no PulseAudio socket found): a reminder must be heard. Start PulseAudio or PipeWire in your session (cron looks for /run/user/UID/pulse/native), or add --allow-silent to keep only the record."
            ])
        #expect(run.stdout.isEmpty)
        let history = try String(
            contentsOfFile: home.root.path + "/.local/state/breathe-voice/history.jsonl", encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        #expect(history.contains(#""status":"failed""#) && history.contains(#""reason":"sound"}"#), "\(history)")
    }

    /// A reminder never counts the seconds, even with the `count` preference on (which `start` follows): the request is
    /// the one home of the setting. Played with tones only, so the counts would show as printed lines.
    @Test func aReminderNeverCountsEvenWithTheCountPreferenceOn() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "count", "on"]).status == 0)
        let arguments = ["--pattern", "2-0-2", "--cycles", "1", "--lang", "en", "--plain", "--speech", "off"]
        let reminder = try home.run(["remind"] + arguments)
        #expect(reminder.status == 0, "\(reminder.stderr)")
        #expect(reminder.stdoutLines.contains("Breathe in, 2 seconds. Cycle 1 of 1."), "\(reminder.stdoutLines)")
        #expect(!reminder.stdoutLines.contains("2."), "\(reminder.stdoutLines)")
        // The same session from `start` counts: the preference is read (rendered, no need to wait for it).
        let wav = home.root.appendingPathComponent("start.wav").path
        let started = try home.run(["start"] + arguments + ["--output", wav])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdoutLines.contains("2."), "\(started.stdoutLines)")
    }
}

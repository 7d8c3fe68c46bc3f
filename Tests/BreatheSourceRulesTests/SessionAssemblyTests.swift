import Foundation
import Testing

@testable import BreatheTestSupport

/// A session is put together in one place (`SessionAssembly`, and `AudioSession` for its sound), and each of the jobs
/// that used to share one launcher has a file of its own: read from the sources, as `OneHomeTests` reads them.
@Suite struct SessionAssemblyTests {
    /// The files of `folder` (under Sources/`module`), with their code lines (comments left out).
    static func files(in folder: String, of module: String = "BreatheVoiceKit") -> [(path: String, code: [Substring])] {
        OneHomeTests.sources.filter { $0.path.hasPrefix("Sources/" + module + "/" + folder + "/") }.map {
            ($0.path, $0.lines.map(OneHomeTests.code))
        }
    }

    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// `start`, `remind` and `demo` (and every other command) hand their request over: none makes a sink, a presenter,
    /// a braille display or speech-dispatcher's connection, nor looks for the screen reader or says what is news.
    @Test func noCommandBuildsAPartOfTheSession() throws {
        let parts = try Regex(
            #"\b(LivePulseSink|PendingPulseSink|WavSink|PlainTextPresenter|VisualPresenter|EventStreamPresenter|TimingReport|BraillePresenter|LiveBrailleDisplay|BrailleOpening|LiveSpeechDispatcher|ToldOnce|MonotonicClock)\s*\(|ScreenReaderDetection\.live"#
        )
        var found: [String] = []
        for (path, code) in Self.files(in: "Commands", of: "BreatheCommandLine") {
            for (index, line) in code.enumerated() where line.contains(parts) {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "a command builds part of the session itself:\n\(found.joined(separator: "\n"))")
        // The commands that run a session go through the one assembly.
        let session = Self.files(in: "Commands", of: "BreatheCommandLine").filter {
            ["Start.swift", "Remind.swift"].contains(Self.name($0.path))
        }
        #expect(session.count == 2)
        // The demo runs `start` itself, so it shares that assembly too.
        let demo = Self.files(in: "Commands", of: "BreatheCommandLine").first { Self.name($0.path) == "Demo.swift" }
        #expect(demo?.code.contains { $0.contains("Start.parse(") } == true, "the demo does not run start")
        for (path, code) in session {
            let entry = Self.name(path) == "Start.swift" ? "SessionFrontend.start(" : "SessionFrontend.remind("
            #expect(code.contains { $0.contains(entry) }, "\(path) does not run its session through \(entry)")
        }
    }

    /// `SessionFrontend` is the only way into a session: `start`, `remind` and `demo` map their options to a request
    /// and hand it over; none detects the screen reader or the terminal, resolves the display, opens or assembles the
    /// session, connects to the sound server, builds the history recorder or its store, admits a reminder, takes the
    /// session lock or records a failure.
    @Test func theSessionCommandsOnlyMap() throws {
        let orchestration = try Regex(
            #"\b(SessionAssembly|AudioSession|HistoryRecorder|HistoryStore|SessionLock|ReminderDeferral|ReminderFailure|ScreenReaderDetection|OutputOptions|AudioChoices|MoodPrompt)\b|Terminal\.isTerminal|admitReminder|\bdisplay\.resolve\(|SessionFrontend\("#
        )
        let commands = Self.files(in: "Commands", of: "BreatheCommandLine").filter {
            ["Start.swift", "Remind.swift", "Demo.swift"].contains(Self.name($0.path))
        }
        #expect(commands.count == 3)
        var found: [String] = []
        for (path, code) in commands {
            for (index, line) in code.enumerated() where line.contains(orchestration) {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "a session command orchestrates:\n\(found.joined(separator: "\n"))")
    }

    /// No command takes a lock, nor the preferences' loading: the schedule's editor and the pattern rename hold the
    /// crontab lock from their read to their write, whoever calls them, and the preferences' store its own
    /// (`PreferencesStore.lockForChange`, `holdingLock`).
    @Test func theScheduleCommandsTakeNoLock() throws {
        var found: [String] = []
        for (path, code) in Self.files(in: "Commands", of: "BreatheCommandLine") {
            for (index, line) in code.enumerated() where line.contains("FileLock.") {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "a command takes a lock itself:\n\(found.joined(separator: "\n"))")
        let schedule = Self.files(in: "Schedule").filter { $0.code.contains { $0.contains("FileLock.crontab()") } }
        #expect(
            Set(schedule.map { Self.name($0.path) }) == ["ScheduleEditor.swift", "ReminderPatternRename.swift"],
            "the crontab lock is taken in \(schedule.map(\.path))")
    }

    /// The jobs the audio launcher had, each in one file of Session/, and no file of Session/ with two of them.
    static let jobs: [(job: String, marker: String, file: String)] = [
        ("sink choice", #"\b(WavSink|PendingPulseSink)\s*\("#, "AudioSession+Sink.swift"),
        ("speech-dispatcher", #"\bLiveSpeechDispatcher\s*\("#, "DispatcherOpening.swift"),
        ("phrases", #"\bPhraseBook\s*\(\s*plan:|\bPhraseWorker\s*\{"#, "SessionPhrases.swift"),
        ("lead-in", #"\.leadIn\s*\((reading|covering):"#, "OpeningLeadIn.swift"),
        ("estimates", #"\.count\)\s*\*\s*Int64\(sampleRate\)"#, "SentenceLength.swift"),
        ("badges after the session", #"\bLivePulseSink\s*\("#, "BadgeSpeaker.swift"),
        ("text fallback", #"\.warningAudioTextOnly\b"#, "TextFallback.swift"),
    ]

    @Test func eachJobOfASessionWithSoundHasOneFile() throws {
        let sources = OneHomeTests.sources.map { ($0.path, $0.lines.map(OneHomeTests.code)) }
        var jobsByFile: [String: [String]] = [:]
        for (job, marker, file) in Self.jobs {
            let regex = try Regex(marker)
            let holding = sources.filter { $0.1.contains { $0.contains(regex) } }.map(\.0)
            // Outside the session, only the doctor connects for its own checks.
            let inSession = holding.filter { $0.hasPrefix("Sources/BreatheVoiceKit/Session/") }
            #expect(inSession.map(Self.name) == [file], "\(job) is done in \(inSession), not in \(file) alone")
            for path in inSession { jobsByFile[path, default: []].append(job) }
        }
        let crowded = jobsByFile.filter { $0.value.count > 1 }
        #expect(crowded.isEmpty, "a file with more than one job: \(crowded)")
    }

    /// The opening's length is estimated in one file: nothing else counts a sentence's characters at the reader's rate
    /// or plans the lead-in that lets the opening be heard.
    @Test func theOpeningIsEstimatedOnce() throws {
        let estimates = try Regex(
            #"screenReader\??\.rate\b|ScreenReaderMode\(.*rate:|\.leadIn\s*\((reading|covering):"#)
        var found: [String] = []
        for (path, lines) in OneHomeTests.sources {
            if lines.contains(where: { OneHomeTests.code($0).contains(estimates) }) { found.append(Self.name(path)) }
        }
        #expect(
            Set(found) == [
                "OpeningLeadIn.swift", "SentenceLength.swift", "SessionAssembly+ScreenReader.swift",
            ],
            "the opening's estimate is read or made in: \(found.sorted())")
    }

    /// A cue reaches the presenters by one route, the hand-off: its placement too.
    @Test func aCueReachesThePresentersByOneRoute() {
        var calling: [String] = []
        for (path, lines) in OneHomeTests.sources {
            if lines.contains(where: { OneHomeTests.code($0).contains(".cuePlaced(") }) {
                calling.append(Self.name(path))
            }
        }
        #expect(calling == ["PresenterHandOff.swift"], "cuePlaced is called from \(calling)")
    }

    /// The sink, the braille display and speech-dispatcher take the session's clock: none has one of its own. (The call
    /// watch, in `Audio/` beside the sink's libpulse, serves the reminder's wait before any session: it keeps its own.)
    @Test func theAdaptersTakeTheSessionsClock() throws {
        let ownClock = try Regex(#"SessionClock\s*=\s*MonotonicClock\s*\("#)
        var found: [String] = []
        for folder in ["Audio", "Braille", "Speech"] {
            let files = Self.files(in: folder, of: "BreatheSystem")
            #expect(!files.isEmpty, "no file in \(folder)")
            for (path, code) in files
            where !path.hasSuffix("/LiveCallWatch.swift") && code.contains(where: { $0.contains(ownClock) }) {
                found.append(path)
            }
        }
        #expect(found.isEmpty, "an adapter defaults to a clock of its own: \(found)")
    }
}

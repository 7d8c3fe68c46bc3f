import Foundation
import Synchronization
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 43: servers that fail in other ways than freezing (a socket that listens and never accepts, one that accepts
/// and never answers, one whose queue of connections is full), as the sound server (`PULSE_SERVER`), speech-dispatcher
/// (`SPEECHD_ADDRESS`) and BrlAPI (`BRLAPI_HOST`): only what needs a server connects to one (the sockets record their
/// clients), every connect ends within its deadline with the documented code and one line, and SIGTERM ends a session
/// waiting on any of them at once, with 143 and its record; also on a frozen BRLTTY, and on a slow one behind a proxy
/// that delays every byte (the sound server's and speech-dispatcher's slow proxies: SlowServerTests.swift).
@Suite struct ServerShapeTests {
    /// How a server fails to answer.
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Listens and never accepts: each connection waits in the kernel's queue, its first request unanswered.
        case listens
        /// Accepts every connection and never reads nor answers.
        case accepts
        /// Its queue of connections is full: a connect blocks, or fails with EAGAIN without blocking.
        case full

        var testDescription: String { rawValue }

        func socket(path: String? = nil) throws -> ListeningSocket {
            switch self {
            case .listens: return try ListeningSocket(path: path)
            case .accepts: return try ListeningSocket(path: path, accepting: true)
            case .full:
                let socket = try ListeningSocket(path: path, backlog: 0)
                try #require(socket.fill(), "could not fill the socket's queue")
                return socket
            }
        }
    }

    /// The server a run talks to.
    enum Server: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case soundServer = "sound server"
        case speechDispatcher = "speech-dispatcher"
        case brlapi = "BrlAPI"

        var testDescription: String { rawValue }
    }

    /// A socket of `shape` for `server`, and the environment that points the program at it.
    final class Fake {
        let socket: ListeningSocket
        let environment: [String: String?]

        init(_ server: Server, _ shape: Shape) throws {
            switch server {
            case .soundServer:
                socket = try shape.socket()
                environment = ["PULSE_SERVER": "unix:" + socket.path]
            case .speechDispatcher:
                socket = try shape.socket()
                environment = ["SPEECHD_ADDRESS": "unix_socket:" + socket.path]
            case .brlapi:
                // A local BrlAPI server `:N` is the socket /var/lib/BrlAPI/N.
                try FileManager.default.createDirectory(
                    atPath: BrailleOpening.socketDirectory, withIntermediateDirectories: true)
                let number = try Self.freeBrailleNumber()
                socket = try shape.socket(path: BrailleOpening.socketDirectory + "/\(number)")
                environment = ["BRLAPI_HOST": ":\(number)", "BRLAPI_AUTH": "none"]
            }
        }

        private static let counter = Atomic<Int>(0)

        /// A BrlAPI server number nobody uses, apart from those of the other test processes.
        static func freeBrailleNumber() throws -> Int {
            let base = 30000 + Int(getpid() % 1000) * 20
            for _ in 0..<20 {
                let number = base + counter.add(1, ordering: .relaxed).oldValue % 20
                if !FileManager.default.fileExists(atPath: BrailleOpening.socketDirectory + "/\(number)") {
                    return number
                }
            }
            throw POSIXError(.EADDRINUSE)
        }
    }

    /// What `server` needs to be in a session: a live session plays through the sound server, `--speech-via speechd`
    /// speaks through speech-dispatcher (its tones through the tests' own sound server), `--braille on` shows itself
    /// on BrlAPI.
    static func session(for server: Server) -> [String] {
        let base = ["--pattern", "2-0-2", "--cycles", "4", "--lang", "en", "--plain"]
        switch server {
        case .soundServer: return base
        case .speechDispatcher: return base + ["--speech-via", "speechd"]
        case .brlapi: return base + ["--no-audio", "--braille", "on"]
        }
    }

    /// The tests' own sound server answers, for a session through speech-dispatcher (its tones go there).
    private static func requireSoundServer(for server: Server) throws {
        guard server == .speechDispatcher else { return }
        try LiveServers.requireSoundServer()
    }

    // MARK: Only what needs a server connects to one

    /// Runs that need no server, each with its arguments (`{dir}` is the run's home).
    static let serverless: [[String]] = [
        ["voices"], ["patterns"], ["prefs", "show"], ["history"], ["stats"], ["schedule", "list"], ["--version"],
        ["--version", "--verbose"],
        ["--pattern", "1-0-1", "--cycles", "1", "--lang", "en", "--output", "{dir}/session.wav"],
        ["--pattern", "1-0-1", "--cycles", "1", "--lang", "fr", "--braille", "on", "--output", "{dir}/b.wav"],
        ["--pattern", "1-0-1", "--cycles", "1", "--lang", "es", "--speech-via", "speechd", "--output", "{dir}/s.wav"],
    ]

    /// Every server recording its clients (listening, as the sound server that froze looks): the runs that need none
    /// open no connection to any of them, and end as they would with no server at all, at once. A render starts
    /// eSpeak NG (its phrase cache empty) without any audio device of its own.
    @Test(arguments: serverless)
    func whatNeedsNoServerNeverConnectsToOne(arguments: [String]) throws {
        let home = try TemporaryHome()
        let crontab = try FakeCrontab()
        defer { crontab.remove() }
        let servers = try Server.allCases.map { try Fake($0, .accepts) }
        var environment: [String: String?] = ["BREATHE_VOICE_CRONTAB": crontab.script.path]
        for server in servers { environment.merge(server.environment) { $1 } }
        let argv = arguments.map { $0.replacingOccurrences(of: "{dir}", with: home.root.path) }
        let run = try home.run(argv, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        // No wait on any server: a run can only wait for a server's answer (its handshake deadlines are 1 to 4 s) over
        // a connection, which the socket would have accepted and counted. (Not timed by the clock: beside twenty jobs
        // `schedule list`, which starts the crontab script, once took 3.02 s.)
        for (server, fake) in zip(Server.allCases, servers) {
            #expect(fake.socket.takeConnections() == 0, "\(argv) connected to the \(server.rawValue)")
        }
        if let output = argv.firstIndex(of: "--output").map({ argv[$0 + 1] }) {
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            #expect(size > 44 + 22_050, "no WAV (or an empty one) at \(output)")
        }
        if argv == ["voices"] {
            let alone = try home.run(argv, environment: ["PULSE_SERVER": "unix:/nonexistent/pulse/native"])
            #expect(run.stdout == alone.stdout && !run.stdout.isEmpty, "\(run.stdout)")
        }
    }

    // MARK: A session waiting on a server

    /// A session whose server listens, or accepts, and never answers: SIGTERM while it waits for the server's answer
    /// (once it has connected: the recording socket says so) ends it at once, with 143 and its record. The same socket
    /// shows that a session does connect to its server: the recording is no empty promise.
    @Test(arguments: Server.allCases, [Shape.listens, Shape.accepts])
    func sigtermEndsASessionWaitingOnAServerThatNeverAnswers(server: Server, shape: Shape) throws {
        try Self.requireSoundServer(for: server)
        let home = try TemporaryHome()
        let fake = try Fake(server, shape)
        let started = try FaultRun.start(
            Self.session(for: server), home: home, environment: fake.environment, standardOutput: .path("capture"))
        let connected = fake.socket.awaitConnection(timeout: 30)
        let ended = FaultRun.terminate(started)
        #expect(connected, "the session never connected to the \(server.rawValue)")
        try FaultRun.expectStoppedAtOnce(ended, home: home)
    }

    /// SIGINT and SIGHUP too: while the session waits for a BrlAPI server or a sound server that accepts and never
    /// answers, each ends it at once with its code and its record (130, stopped; a closed terminal: 0, interrupted).
    @Test(
        arguments: [Server.brlapi, Server.soundServer], [(SIGINT, Int32(130), "stopped"), (SIGHUP, 0, "interrupted")])
    func everyStoppingSignalEndsTheWaitAtOnce(
        server: Server, signal: (number: Int32, code: Int32, status: String)
    ) throws {
        let home = try TemporaryHome()
        let fake = try Fake(server, .accepts)
        let started = try FaultRun.start(
            Self.session(for: server), home: home, environment: fake.environment, standardOutput: .path("capture"))
        let connected = fake.socket.awaitConnection(timeout: 30)
        let signalled = Date()
        started.child.kill(signal.number)
        let run = FaultRun.finish(started, within: 10)
        let seconds = Date().timeIntervalSince(signalled)
        #expect(connected, "the session never connected to the \(server.rawValue)")
        let ended = try #require(run, "the signal did not end the session")
        #expect(ended.ending == .exited(signal.code), "\(ended.ending)\n\(ended.stdout)\(ended.stderr)")
        #expect(seconds < FaultRun.signalEndsWithin, "the signal took \(seconds) s")
        #expect(home.history.contains("\"status\":\"\(signal.status)\""), "\(home.history)")
    }

    /// Without a signal, each server that never answers is given up within its deadline: no sound server or no
    /// speech-dispatcher is 69 and one line (no terminal); a braille display that does not answer is one line, and
    /// the session goes on without it.
    @Test(arguments: Server.allCases, Shape.allCases)
    func aServerThatNeverAnswersIsGivenUpWithinItsDeadline(server: Server, shape: Shape) throws {
        try Self.requireSoundServer(for: server)
        let home = try TemporaryHome()
        let fake = try Fake(server, shape)
        var arguments = Self.session(for: server)
        if server == .brlapi { arguments[arguments.firstIndex(of: "4")!] = "1" }
        let started = Date()
        let run = try FaultRun.run(arguments, home: home, environment: fake.environment)
        let seconds = Date().timeIntervalSince(started)
        switch server {
        case .soundServer, .speechDispatcher:
            #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
            #expect(run.stderrLines.count == 1, "\(run.stderr)")
            // The sound server's handshake deadline is 4 s, speech-dispatcher's 3 s.
            #expect(seconds < 10, "took \(seconds) s")
        case .brlapi:
            #expect(run.ending == .exited(0), "\(run.ending)\n\(run.stdout)\(run.stderr)")
            #expect(
                run.stderrLines == [
                    "breathe-voice: no braille display answered through BrlAPI (\(fake.environment["BRLAPI_HOST"]!!)); "
                        + "the session goes on without braille."
                ], "\(run.stderr)")
            #expect(run.stdout.contains("Session complete: 1 cycle"), "\(run.stdout)")
            // The lead-in and one cycle of 4 s, after BrlAPI's second.
            #expect(seconds < 15, "took \(seconds) s")
        }
    }

    /// A session on a braille display whose BRLTTY freezes (SIGSTOP) mid-session: SIGTERM ends it at once, with 143
    /// and its record; the display is not waited for (it used to be, for a second). BRLTTY gives the display back itself
    /// once it is thawed and finds the connection closed.
    @Test func sigtermEndsASessionWhoseBrailleServerFroze() throws {
        let brltty = try PrivateBrltty(cells: 40)
        let home = try TemporaryHome()
        let first = brltty.display.shown.count
        let started = try FaultRun.start(
            ["--pattern", "2-0-2", "--cycles", "20", "--lang", "en", "--plain", "--no-audio", "--braille", "on"],
            home: home, environment: brltty.environment, standardOutput: .path("capture"))
        let inhale = brltty.display.waitForShown(after: first, timeout: 20) { $0.hasPrefix("Breathe in") }
        brltty.signal(SIGSTOP)
        defer { brltty.signal(SIGCONT) }
        let ended = FaultRun.terminate(started)
        brltty.signal(SIGCONT)
        #expect(inhale != nil, "the session never showed itself on the display")
        try FaultRun.expectStoppedAtOnce(ended, home: home)
    }

    /// A session on a braille display whose BrlAPI server answers slowly (a proxy delaying every byte by 400 ms in
    /// front of a real BRLTTY): SIGTERM while the session waits for it ends the session at once, with 143 and its
    /// record.
    @Test func sigtermEndsASessionWhoseBrailleServerIsSlow() throws {
        let brltty = try PrivateBrltty(cells: 40)
        let host = try #require(brltty.environment["BRLAPI_HOST"] ?? nil)
        let number = try Fake.freeBrailleNumber()
        let proxy = try SlowProxy(
            upstream: BrailleOpening.socketDirectory + "/" + host.dropFirst(), milliseconds: 400,
            path: BrailleOpening.socketDirectory + "/\(number)")
        let home = try TemporaryHome()
        let started = try FaultRun.start(
            ["--pattern", "2-0-2", "--cycles", "20", "--lang", "en", "--plain", "--no-audio", "--braille", "on"],
            home: home, environment: ["BRLAPI_HOST": ":\(number)", "BRLAPI_AUTH": "none"],
            standardOutput: .path("capture"))
        let connected = proxy.awaitClient(timeout: 30)
        let ended = FaultRun.terminate(started)
        #expect(connected, "the session never connected to BrlAPI")
        try FaultRun.expectStoppedAtOnce(ended, home: home)
    }

    // MARK: doctor, voices, demo

    /// `doctor` with the sound server in each shape: a problem line within the deadline (a full queue used to hold its
    /// blocking connect for ever), and 1.
    @Test(arguments: Shape.allCases)
    func doctorSaysSoWithinItsDeadline(shape: Shape) throws {
        let home = try TemporaryHome()
        let fake = try Fake(.soundServer, shape)
        let started = try FaultRun.start(
            ["doctor", "--lang", "en"], home: home, environment: fake.environment, standardOutput: .path("capture"))
        let began = Date()
        let run = try #require(FaultRun.finish(started, within: 30), "doctor was held by the sound server")
        let seconds = Date().timeIntervalSince(began)
        #expect(seconds < 15, "took \(seconds) s")
        #expect(run.ending == .exited(1), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        let path = fake.socket.path
        let expected =
            shape == .full
            ? "problem: no sound server answers at \(path) (Resource temporarily unavailable)"
            : "problem: the sound server at \(path) accepts connections but does not answer"
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix(expected) }.count == 1, "\(run.stdout)")
    }

    /// `doctor` with speech-dispatcher chosen (`BREATHE_VOICE_SPEECH_VIA`) and in each shape: its problem line within
    /// the deadline (3 s), and 1.
    @Test(arguments: Shape.allCases)
    func doctorSaysSoWhenSpeechDispatcherNeverAnswers(shape: Shape) throws {
        let home = try TemporaryHome()
        let fake = try Fake(.speechDispatcher, shape)
        var environment = fake.environment
        environment["BREATHE_VOICE_SPEECH_VIA"] = "speechd"
        let started = try FaultRun.start(
            ["doctor", "--lang", "en"], home: home, environment: environment, standardOutput: .path("capture"))
        let began = Date()
        let run = try #require(FaultRun.finish(started, within: 30), "doctor was held by speech-dispatcher")
        let seconds = Date().timeIntervalSince(began)
        #expect(seconds < 15, "took \(seconds) s")
        #expect(run.ending == .exited(1), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").filter {
            $0.hasPrefix("problem: speech-dispatcher does not answer (")
        }
        #expect(lines.count == 1, "\(run.stdout)")
    }

    /// `remind` with the sound server in each shape: 69 and one line (a reminder must be heard) within 15 s.
    @Test(arguments: Shape.allCases)
    func aReminderWhoseSoundServerNeverAnswersEndsWith69AndOneLine(shape: Shape) throws {
        let home = try TemporaryHome()
        let fake = try Fake(.soundServer, shape)
        let started = try FaultRun.start(
            ["remind", "--cycles", "1", "--lang", "en"], home: home, environment: fake.environment,
            standardOutput: .path("capture"))
        let began = Date()
        let run = try #require(FaultRun.finish(started, within: 30), "the reminder was held by the sound server")
        let seconds = Date().timeIntervalSince(began)
        #expect(seconds < 15, "took \(seconds) s")
        #expect(run.ending == .exited(69), "\(run.ending)\n\(run.stdout)\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderrLines.first?.hasPrefix("breathe-voice: No sound server answered (") == true, "\(run.stderr)")
    }

    /// `demo` with a sound server that accepts and never answers: the live session gives up at its deadline, the WAV
    /// file is rendered without the server, and the line saying where it is comes once it is there.
    @Test func demoSaysTheFileIsSavedOnlyOnceItIsThere() throws {
        let home = try TemporaryHome()
        let fake = try Fake(.soundServer, .accepts)
        let wav = home.root.appendingPathComponent("demo.wav").path
        let started = try FaultRun.start(
            ["demo", "--wav", wav, "--lang", "en"], home: home, environment: fake.environment,
            standardOutput: .path("capture"))
        let said = Waiting.until(
            "No sound server answered, so the demo is saved to \(wav)", appearsIn: started.stdoutFile, within: 30)
        let size = (try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
        started.child.kill(SIGTERM)
        let run = try #require(FaultRun.finish(started, within: 10), "SIGTERM did not end the demo")
        #expect(said, "\(run.stdout)\(run.stderr)")
        // One minute of box breathing, 22 050 samples a second.
        #expect(size > 44 + 2 * 22_050 * 50, "the line was printed, the WAV has \(size) bytes")
        #expect(run.ending == .exited(143), "\(run.ending)\n\(run.stdout)\(run.stderr)")
    }

    /// `demo` whose WAV file cannot be written: the render's own line says why, and the demo's line says the file
    /// could not be saved (never that it was), then the text session runs.
    @Test func demoSaysWhenTheFileCouldNotBeSaved() throws {
        let home = try TemporaryHome()
        let wav = home.root.appendingPathComponent("missing/demo.wav").path
        let started = try FaultRun.start(
            ["demo", "--wav", wav, "--lang", "en"], home: home,
            environment: ["PULSE_SERVER": "unix:/nonexistent/pulse/native"], standardOutput: .path("capture"))
        let said = Waiting.until(
            "No sound server answered, and the demo could not be saved to \(wav), so it is only shown here as text",
            appearsIn: started.stdoutFile, within: 30)
        started.child.kill(SIGTERM)
        let run = try #require(FaultRun.finish(started, within: 10), "SIGTERM did not end the demo")
        #expect(said, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("is saved to"), "\(run.stdout)")
        #expect(run.stderrLines.count == 1 && run.stderrLines[0].contains(wav), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: wav))
    }
}

import Foundation
import Synchronization
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Each doctor check against places the test builds: data folders, a listening socket (the crontab's, which run the
/// crontab program, are DoctorCrontabTests, in the integration tests).
@Suite struct DoctorChecksTests {
    static let english = Localizer(language: "en")

    static func folder() throws -> URL {
        URL(fileURLWithPath: try TestFolder.make("breathe-voice-doctor"))
    }

    static func lines(_ check: DoctorCheck) -> [String] { check.run().map { $0.line(english) } }

    /// Every built-in language's voice (by its locale file's `_voice`), as eSpeak NG lays them out: lang/FAMILY/VOICE
    /// (in eSpeak's own case, en-US) and LANGUAGE_dict.
    static var catalogs: [LocaleCatalog] { LocaleCatalog.codes.compactMap { LocaleCatalog.all[$0] } }

    static func makeSpeechData(at data: URL, leavingOut: String? = nil) throws {
        try FileManager.default.createDirectory(
            at: data.appendingPathComponent("lang/family"), withIntermediateDirectories: true)
        for catalog in catalogs {
            let voice = catalog.voice.split(separator: "-").enumerated()
                .map { $0.offset == 0 ? $0.element.lowercased() : $0.element.uppercased() }.joined(separator: "-")
            try Data().write(to: data.appendingPathComponent("lang/family/\(voice)"))
            let dictionary = (catalog.voice.split(separator: "-").first.map(String.init) ?? catalog.voice) + "_dict"
            if dictionary != leavingOut { try Data().write(to: data.appendingPathComponent(dictionary)) }
        }
    }

    @Test func speechDataAndBothVoicesPresent() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("espeak-ng-data")
        try Self.makeSpeechData(at: data)
        #expect(
            Self.lines(DoctorChecks.speechData(candidates: [root.path + "/missing", data.path]))
                == ["ok: eSpeak NG data found in \(data.path)"]
                + Self.catalogs.map { "ok: voice \($0.voice) (\($0.name)) is installed" })
        // Both Spanish voices among them, wherever a new language's file sorts.
        #expect(Set(["en-us", "es", "es-419"]).isSubset(of: Self.catalogs.map(\.voice)))
    }

    @Test func aMissingVoiceIsAProblemWithAFix() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.makeSpeechData(at: root, leavingOut: "es_dict")
        let findings = DoctorChecks.speechData(candidates: [root.path]).run()
        // Both Spanish voices read es_dict; the others are there.
        #expect(findings.map(\.isProblem) == [false] + Self.catalogs.map { $0.voice.hasPrefix("es") })
        #expect(
            findings.first(where: \.isProblem)?.line(Self.english)
                == "problem: voice es (Español) is missing from \(root.path) — fix: install the voice data: sudo apt install espeak-ng-data"
        )
    }

    @Test func noSpeechDataAtAll() {
        #expect(
            Self.lines(DoctorChecks.speechData(candidates: ["/nonexistent/a", "/nonexistent/b"])) == [
                "problem: no eSpeak NG data found (looked in /nonexistent/a, /nonexistent/b) — fix: install the voice data: sudo apt install espeak-ng-data"
            ])
    }

    @Test func theRealSystemHasItsSpeechData() {
        // The machine that builds breathe-voice has espeak-ng installed (scripts/install-deps.sh).
        let findings = DoctorChecks.speechData(candidates: DoctorChecks.speechDataFolders(environment: [:])).run()
        #expect(findings.count == 1 + LocaleCatalog.codes.count)
        let problems = findings.filter(\.isProblem)
        #expect(problems.isEmpty)
    }

    @Test func aListeningSocketIsReachableAndAMissingOneIsNot() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.path + "/native"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        #expect(listen(listener, 4) == 0)

        #expect(SoundServerSocket.connectionProblem(at: path) == nil)
        #expect(SoundServerSocket.connectionProblem(at: root.path + "/absent") == "No such file or directory")
        // A server that answers the handshake too.
        let findings = DoctorChecks.soundServer(
            environment: ["PULSE_SERVER": "unix:" + path], userID: 4_000_000, answers: { _ in true }
        ).run()
        #expect(findings.first?.line(Self.english) == "ok: the sound server answers at \(path)")
        // Cron's path for a user with no session: unreachable, and the fix names lingering.
        #expect(findings.last?.isProblem == true)
        #expect(
            findings.last?.line(Self.english).hasPrefix(
                "problem: cron cannot reach a sound server at /run/user/4000000/pulse/native (No such file or directory) — fix: "
            ) == true)
    }

    /// Issue 36: a socket that accepts connections and never answers (a frozen server's, or not a sound server at
    /// all) is a problem, found within the handshake's deadline, with the fix.
    @Test func aSocketThatListensAndNeverAnswersIsAProblem() throws {
        let listener = try ListeningSocket()
        let path = listener.path
        let started = MonotonicClock.now()
        let findings = DoctorChecks.soundServer(environment: ["PULSE_SERVER": "unix:" + path], userID: 4_000_000).run()
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        #expect(
            findings.first?.line(Self.english)
                == "problem: the sound server at \(path) accepts connections but does not answer (nothing within 4 seconds) — fix: restart it (systemctl --user restart pulseaudio, or systemctl --user restart pipewire-pulse); a server stopped with kill -STOP needs kill -CONT"
        )
        // The handshake's deadline, and not much more: a wait without one would never end.
        #expect(seconds >= 3.9 && seconds < 8, "took \(seconds) s")
    }

    /// Issue 43: a socket whose queue of connections is full (a server that listens and no longer accepts) held a
    /// blocking connect for ever; the probe does not block, tries again until its deadline, and says why.
    @Test func aSocketWhoseQueueIsFullIsAProblemFoundWithinTheDeadline() throws {
        let listener = try ListeningSocket(backlog: 0)
        try #require(listener.fill(), "could not fill the socket's queue")
        let started = MonotonicClock.now()
        let reason = SoundServerSocket.connectionProblem(at: listener.path, within: 500)
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        #expect(reason == "Resource temporarily unavailable")
        #expect(seconds >= 0.45 && seconds < 5, "took \(seconds) s")
    }

    @Test func theServerIsLookedForWhereAClientWouldLook() {
        #expect(
            SoundServerSocket.current(environment: ["PULSE_SERVER": "unix:/a/b", "XDG_RUNTIME_DIR": "/r"], userID: 7)
                == .socket("/a/b"))
        #expect(
            SoundServerSocket.current(environment: ["PULSE_SERVER": "tcp:host:4713"], userID: 7)
                == .remote("tcp:host:4713"))
        #expect(
            SoundServerSocket.current(environment: ["XDG_RUNTIME_DIR": "/r"], userID: 7) == .socket("/r/pulse/native"))
        #expect(SoundServerSocket.current(environment: [:], userID: 7) == .socket("/run/user/7/pulse/native"))
    }

    /// What a reminder would do now: the quiet hours first, then the lock, then the sound server's streams.
    @Test func whatAReminderWouldDoNow() throws {
        let noon = WallClock.fixed(at: TimeOfDay(hour: 12, minute: 0)!)
        let lunch = try QuietHours.parse("11:30-13:00").get()
        let evening = try QuietHours.parse("22:00-07:00").get()
        let free = try Self.folder().path
        func line(
            _ quietHours: QuietHours?, wait: ReminderDefer = .standard, lock: String = free,
            _ activity: @escaping @Sendable () throws(BreatheError) -> CallActivity?
        ) -> [String] {
            Self.lines(
                DoctorChecks.reminderNow(
                    quietHours: quietHours, wait: wait, lockDirectory: lock, clock: noon, connect: { nil },
                    activity: activity))
        }
        #expect(line(lunch) { .call } == ["ok: a reminder now would do nothing: quiet hours from 11:30 to 13:00"])
        #expect(line(evening) { nil } == ["ok: a reminder now would play at once"])
        #expect(
            line(evening) { .call } == ["ok: a reminder now would wait for a call to end (up to 15 minutes), then play"]
        )
        #expect(
            line(nil, wait: ReminderDefer(seconds: 0)!) { .recording } == [
                "ok: a reminder now would play at once, over a recording (remind.defer is 0)"
            ])
        #expect(
            line(nil) { () throws(BreatheError) in
                throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text("no socket")]))
            } == [
                "ok: a reminder now would play at once: no sound server answered the question about calls (no socket)"
            ])
        let busy = try Self.folder().path
        guard case .acquired(let held) = try SessionLock.acquire(in: busy) else {
            Issue.record("the lock was not taken")
            return
        }
        #expect(
            line(nil, lock: busy) { .call } == [
                "ok: a reminder now would do nothing: another breathing session is running"
            ])
        withExtendedLifetime(held) {}
        // A reminder that plays, waits or does nothing is no problem.
        let findings = DoctorChecks.reminderNow(
            quietHours: nil, wait: .standard, lockDirectory: free, connect: { nil }
        ) { .call }.run()
        #expect(findings.allSatisfy { !$0.isProblem })
    }

    /// Where a reminder would fail, the line is a problem with its fix: a lock that cannot be taken, a sound server that
    /// does not take the session's connection (refused, or silent). Quiet hours and a busy lock come first, as in
    /// `remind`; without any sound to make, no server is asked.
    @Test func whereAReminderWouldFailIsAProblem() throws {
        let free = try Self.folder().path
        let refused: @Sendable () -> BreatheError? = {
            .unavailable(Message(.errorAudioUnavailable, ["detail": .systemText("Connection refused")]))
        }
        let silent: @Sendable () -> BreatheError? = {
            .unavailable(Message(.errorAudioUnavailable, ["detail": .message(LivePulseSink.noAnswer)]))
        }
        func lines(
            _ connect: @escaping @Sendable () -> BreatheError?, lock: String = free, needsServer: Bool = true,
            allowsSilence: Bool = false, quietHours: QuietHours? = nil
        ) -> [String] {
            Self.lines(
                DoctorChecks.reminderNow(
                    quietHours: quietHours, wait: .standard, lockDirectory: lock,
                    clock: .fixed(at: TimeOfDay(hour: 12, minute: 0)!), needsServer: needsServer,
                    allowsSilence: allowsSilence, connect: connect
                ) { () throws(BreatheError) in
                    Issue.record("the server was asked about calls after it failed")
                    return nil
                })
        }
        #expect(
            lines(refused) == [
                "problem: a reminder now would fail: no sound server answered (Connection refused) — fix: start PulseAudio or PipeWire in your session (pulseaudio --start, or systemctl --user start pipewire-pulse)"
            ])
        #expect(
            lines(silent) == [
                "problem: a reminder now would fail: no sound server answered (it accepted the connection but did not answer within 4 seconds) — fix: restart it (systemctl --user restart pulseaudio, or systemctl --user restart pipewire-pulse); a server stopped with kill -STOP needs kill -CONT"
            ])
        #expect(lines(refused, needsServer: false) == ["ok: a reminder now would play at once"])
        // Every scheduled reminder has --allow-silent: no server leaves the record only, and remind exits 0.
        #expect(
            lines(refused, allowsSilence: true) == [
                "ok: a reminder now would only be recorded, in silence, as --allow-silent asks: no sound server answered (Connection refused)"
            ])
        #expect(
            lines(refused, quietHours: try QuietHours.parse("11:00-13:00").get()) == [
                "ok: a reminder now would do nothing: quiet hours from 11:00 to 13:00"
            ])
        // A lock folder that is a file: the reminder cannot take its lock.
        let file = free + "/not-a-folder"
        try Data().write(to: URL(fileURLWithPath: file))
        let lock = lines({ nil }, lock: file + "/breathe-voice")
        #expect(lock.count == 1)
        #expect(
            lock.first?.hasPrefix(
                "problem: a reminder now would fail: it cannot take the session lock in \(file)/breathe-voice (")
                == true, "\(lock)")
        #expect(
            lock.first?.hasSuffix(
                " — fix: make \(file)/breathe-voice a folder of yours that only you can write to (mkdir -p \(file)/breathe-voice && chmod 700 \(file)/breathe-voice)"
            ) == true, "\(lock)")
        // The connection is made once, however many checks ask.
        let count = Mutex(0)
        let connection = ReminderConnection {
            count.withLock { $0 += 1 }
            return silent()
        }
        #expect(!connection.answers && connection.problem != nil && !connection.answers)
        #expect(count.withLock { $0 } == 1)
        #expect(ReminderConnection { refused() }.answers)
        #expect(ReminderConnection { nil }.answers)
    }

    /// The saved voice, checked as a session checks it: no line without one, ok when known, a problem naming it when not.
    @Test func theSavedVoiceIsOneThatIsInstalled() {
        #expect(Self.lines(DoctorChecks.voicePreference(nil) { _ in nil }).isEmpty)
        #expect(
            Self.lines(DoctorChecks.voicePreference("en-us") { _ in nil }) == [
                #"ok: the saved voice "en-us" is installed"#
            ])
        let unknown = DoctorChecks.voicePreference("nosuchvoice") { name in
            .usage(Message(.errorVoiceUnknown, ["value": .userValue(name), "matches": .text("en, en-us")]))
        }
        #expect(
            Self.lines(unknown) == [
                #"problem: a reminder now would fail: the saved voice "nosuchvoice" is not installed (Unknown voice "nosuchvoice": close matches are en, en-us. See breathe-voice voices.) — fix: choose one that breathe-voice voices lists (breathe-voice prefs set voice NAME), or go back to the language's own voice (breathe-voice prefs unset voice)"#
            ])
        // The live check asks eSpeak NG: its own voices are known, a made-up one is not.
        #expect(Self.lines(DoctorChecks.voicePreference("en-us")).first?.hasPrefix("ok: ") == true)
        #expect(Self.lines(DoctorChecks.voicePreference("nosuchvoice")).first?.hasPrefix("problem: ") == true)
    }

    @Test func quietHoursSanity() throws {
        #expect(Self.lines(DoctorChecks.quietHoursCheck(nil)) == ["ok: no quiet hours are set"])
        #expect(
            Self.lines(DoctorChecks.quietHoursCheck(try QuietHours.parse("22:00-07:00").get()))
                == ["ok: quiet hours from 22:00 to 07:00"])
        #expect(
            Self.lines(DoctorChecks.quietHoursCheck(try QuietHours.parse("08:00-08:00").get())) == [
                "problem: quiet hours start and end at 08:00, so they never apply — fix: give quiet hours a different start and end, such as 22:00-07:00"
            ])
        let spanish = DoctorChecks.quietHoursCheck(try QuietHours.parse("08:00-08:00").get()).run()[0].line(
            Localizer(language: "es"))
        #expect(spanish.hasPrefix("problema: las horas de silencio empiezan y terminan a las 08:00"))
        #expect(spanish.contains(" — solución: "))
    }

    @Test func theStandardListHasEveryCheck() {
        let names = DoctorChecks.standard(environment: [:], crontab: .live(environment: [:]), quietHours: nil).map(
            \.name)
        #expect(names == ["speech-data", "voice", "sound-server", "crontab", "scheduler", "quiet-hours"])
    }
}

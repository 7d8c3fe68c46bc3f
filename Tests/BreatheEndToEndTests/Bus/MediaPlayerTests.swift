import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 49: every live session is an MPRIS player on the session bus. A real `dbus-daemon` (`SessionBus`) and the real
/// `playerctl` (what media keys, a headset through `mpris-proxy` and scripts use) against the built binary: the controls
/// act as the keys do, what the player shows follows the session once per change, other players make room, and a bus
/// that is missing, frozen or mute holds nothing.
struct MediaPlayerTests {
    /// A text session long enough to be controlled (3 cycles of 4-4: 24 s of breathing), on `bus`.
    static func startSession(
        _ extra: [String] = [], language: String = "en", pattern: String = "4-4", home: TemporaryHome,
        bus: SessionBus?, environment: [String: String?] = [:]
    ) throws -> FaultRun.Started {
        try FaultRun.start(
            ["start", "--no-audio", "--plain", "--lang", language, "--pattern", pattern, "--cycles", "3"] + extra,
            home: home, environment: (bus?.environment ?? [:]).merging(environment) { _, new in new },
            standardOutput: .path("capture"))
    }

    static func output(_ started: FaultRun.Started) -> String {
        (try? String(contentsOfFile: started.stdoutFile, encoding: .utf8)) ?? ""
    }

    @Test(arguments: LocaleFiles.codes)
    func playerctlControlsASessionAsItsKeysDo(language: String) throws {
        let localizer = Localizer(language: language)
        let home = try TemporaryHome()
        let bus = try SessionBus()
        // 8-second phases: each step below is done well within a phase, however busy the machine.
        let started = try Self.startSession(language: language, pattern: "8-8", home: home, bus: bus)
        let player = try #require(bus.sessionPlayer(pid: started.pid), "the session never appeared on the bus")
        // The sentence of the moment: the lead-in's, or on a machine busy enough to find the player only later, a
        // phase's (seen in CI: the first inhale's with five sessions at once; the first exhale's, 8 s in, with twenty
        // jobs on two processors). It is one the session has printed, as its line begins.
        let title = try bus.playerctl(["-p", player, "metadata", "xesam:title"]).stdout
        let titleLine = title.hasSuffix("\n") ? String(title.dropLast()) : title
        #expect(
            !titleLine.isEmpty && Self.output(started).split(separator: "\n").contains { $0.hasPrefix(titleLine) },
            "\(title)\n\(Self.output(started))")
        #expect(
            title == localizer.string(Message(.lineLeadIn)) + "\n"
                || title.hasPrefix(localizer.string(Message(.phaseInhale)))
                || title.hasPrefix(localizer.string(Message(.phaseExhale))), "\(title)")
        #expect(player == "breathe_voice.instance" + String(started.pid))
        #expect(try bus.playerctl(["-p", player, "status"]).stdout == "Playing\n")
        #expect(try bus.playerctl(["-p", player, "metadata", "xesam:artist"]).stdout == "breathe-voice\n")
        #expect(
            try bus.playerctl(["-p", player, "metadata", "mpris:trackid"]).stdout.contains("/org/breathe_voice/track/"))

        // Pause: the session's own paused sentence, as space gives it.
        _ = try bus.playerctl(["-p", player, "pause"])
        #expect(bus.status(of: player, becomes: "Paused"))
        let paused = localizer.string(Message(.linePaused))
        #expect(Waiting.until(paused + "\n", appearsIn: started.stdoutFile, within: 10), "\(Self.output(started))")

        // Play resumes; Next skips to the first phase, whose sentence becomes the title (its line says it skipped).
        _ = try bus.playerctl(["-p", player, "play"])
        #expect(bus.status(of: player, becomes: "Playing"))
        _ = try bus.playerctl(["-p", player, "next"])
        let leadIn = localizer.string(Message(.lineLeadIn))
        var phase = ""
        #expect(
            Waiting.until(timeout: 10, every: 0.02) {
                phase = (try? bus.playerctl(["-p", player, "metadata", "xesam:title"]).stdout) ?? ""
                return !phase.isEmpty && phase != leadIn + "\n"
            }, "\(Self.output(started))")
        phase = String(phase.dropLast())
        let skipped = localizer.string(Message(.lineSkipped, ["line": .text(phase)]))
        #expect(Waiting.until(skipped + "\n", appearsIn: started.stdoutFile, within: 10), "\(Self.output(started))")
        #expect(try bus.playerctl(["-p", player, "metadata", "mpris:length"]).stdout == "8000000\n")

        // Previous says the instruction again: the phase's own line, once more.
        func said() -> Int { Self.output(started).split(separator: "\n").filter { $0 == phase }.count }
        let before = said()
        _ = try bus.playerctl(["-p", player, "previous"])
        #expect(Waiting.until(timeout: 10, every: 0.02) { said() == before + 1 }, "\(Self.output(started))")

        // Stop ends and saves as q does.
        _ = try bus.playerctl(["-p", player, "stop"])
        let run = try #require(FaultRun.finish(started, within: 15), "Stop did not end the session")
        #expect(run.ending == .exited(0), "\(run.ending) \(run.stderr)")
        #expect(home.history.contains("\"status\":\"stopped\""), "\(home.history)")
    }

    /// `breathe-voice pause|resume|skip|repeat|stop` from another terminal: the same session, the same sentences.
    @Test func theCommandsControlASessionFromAnotherTerminal() throws {
        let home = try TemporaryHome()
        let bus = try SessionBus()
        let started = try Self.startSession(home: home, bus: bus)
        let player = try #require(bus.sessionPlayer(pid: started.pid))
        func command(_ name: String) throws -> BinaryRun {
            try BinaryRun.run([name], environment: bus.environment.merging(["HOME": bus.folder]) { _, new in new })
        }
        var run = try command("pause")
        #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stderr)")
        #expect(bus.status(of: player, becomes: "Paused"))
        run = try command("pause")
        #expect(run.status == 0, "pausing a paused session is no error")
        #expect(bus.status(of: player, becomes: "Paused", within: 1))
        #expect(try command("resume").status == 0)
        #expect(bus.status(of: player, becomes: "Playing"))
        #expect(try command("skip").status == 0)
        #expect(Waiting.until("Skipped. Breathe in, 4 seconds.", appearsIn: started.stdoutFile, within: 10))
        #expect(try command("repeat").status == 0)
        #expect(Waiting.until("\nBreathe in, 4 seconds. Cycle 1 of 3.\n", appearsIn: started.stdoutFile, within: 10))
        #expect(try command("stop").status == 0)
        let ended = try #require(FaultRun.finish(started, within: 15))
        #expect(ended.ending == .exited(0))
        let lines = ended.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("Paused.") }.count == 1, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Session stopped after 0 of 3 cycles") }, "\(lines)")
        #expect(home.history.contains("\"status\":\"stopped\""))
    }

    /// With no session, each command says so in one line, in the user's language, and exits 69; with no bus at all
    /// it says there is none.
    @Test(arguments: LocaleFiles.codes)
    func withNoSessionTheCommandsSaySoInOneLine(language: String) throws {
        let localizer = Localizer(language: language)
        let bus = try SessionBus()
        for name in ["pause", "resume", "skip", "repeat", "stop"] {
            let run = try BinaryRun.run([name, "--lang", language], environment: bus.environment)
            #expect(run.status == 69)
            #expect(run.stdout.isEmpty)
            let line = localizer.string(
                Message(.errorPrefix, ["message": .message(Message(.errorControlNoSession))]))
            #expect(run.stderrLines == [line], "\(run.stderr)")
        }
        let home = try TemporaryHome()
        let none = try home.run(["pause", "--lang", language], environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
        #expect(none.status == 69)
        #expect(none.stderrLines.count == 1, "\(none.stderr)")
        #expect(none.stderr.contains(home.root.path + "/run/bus"), "\(none.stderr)")
        // A bus named but not there (no socket; a socket nobody listens on, left by a bus that died) is named, with
        // the system's reason, not taken for no bus at all.
        let stale = home.root.path + "/stale-bus"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: Array(stale.utf8)) }
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        close(listener)
        try #require(bound == 0)
        for (address, reason) in [
            ("unix:path=" + home.root.path + "/missing-bus", strerror(ENOENT)),
            ("unix:path=" + stale, strerror(ECONNREFUSED)),
        ] {
            let run = try home.run(["stop", "--lang", language], environment: ["DBUS_SESSION_BUS_ADDRESS": address])
            #expect(run.status == 69)
            let line = localizer.string(
                Message(
                    .errorPrefix,
                    [
                        "message": .message(
                            Message(
                                .errorControlBusUnreachable,
                                ["address": .text(address), "detail": .systemText(String(cString: reason!))]))
                    ]))
            #expect(run.stderrLines == [line], "\(run.stderr)")
        }
    }

    /// Each change of state and each boundary is announced once (`PropertiesChanged`), nothing in between: what
    /// `playerctl status --follow` and `metadata --follow` print.
    @Test func followersSeeEachChangeOnce() throws {
        let home = try TemporaryHome()
        let bus = try SessionBus()
        let started = try FaultRun.start(
            ["start", "--no-audio", "--plain", "--lang", "en", "--pattern", "1-1", "--cycles", "2"], home: home,
            environment: bus.environment, standardOutput: .path("capture"))
        let player = try #require(bus.sessionPlayer(pid: started.pid))
        let statusFile = bus.folder + "/status"
        let titlesFile = bus.folder + "/titles"
        let playerctl = URL(fileURLWithPath: "/usr/bin/playerctl")
        let environment = bus.environment.merging(["HOME": bus.folder]) { _, new in new }
        let status = try ChildProcess(
            playerctl, ["-p", player, "status", "--follow"], environment: environment, outputFile: statusFile)
        let titles = try ChildProcess(
            playerctl, ["-p", player, "metadata", "--follow", "--format", "{{xesam:title}}"], environment: environment,
            outputFile: titlesFile)
        defer {
            status.kill(SIGKILL)
            titles.kill(SIGKILL)
            _ = status.wait()
            _ = titles.wait()
        }
        #expect(Waiting.until("Playing\n", appearsIn: statusFile, within: 10))
        _ = try bus.playerctl(["-p", player, "pause"])
        #expect(Waiting.until("Paused\n", appearsIn: statusFile, within: 10))
        _ = try bus.playerctl(["-p", player, "play"])
        let run = try #require(FaultRun.finish(started, within: 30))
        #expect(run.ending == .exited(0))
        #expect(Waiting.until("Stopped\n", appearsIn: statusFile, within: 10))
        let statuses = try String(contentsOfFile: statusFile, encoding: .utf8).split(separator: "\n")
        #expect(statuses == ["Playing", "Paused", "Playing", "Stopped"], "\(statuses)")
        // One title per segment: the lead-in, four phases, the closing words; none twice in a row.
        #expect(Waiting.until("Session complete", appearsIn: titlesFile, within: 10))
        let shown = try String(contentsOfFile: titlesFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            shown == [
                "Get ready.", "Breathe in, 1 second. Cycle 1 of 2.", "Breathe out, 1 second.",
                "Breathe in, 1 second. Cycle 2 of 2.", "Breathe out, 1 second.",
                "Session complete: 2 cycles in 4 seconds.",
            ], "\(shown)")
    }

    /// Another player that plays is paused while a session plays and resumed at its end; one the user paused stays
    /// paused; with `pauseOthers` off, none is touched. The other player is a real one: a second session, in a home
    /// of its own.
    @Test func otherPlayersMakeRoomAndOnlyThoseAreResumed() throws {
        let bus = try SessionBus()
        let otherHome = try TemporaryHome()
        let other = try Self.startSession(["--cycles", "20"], home: otherHome, bus: bus)
        var otherEnded = false
        defer { if !otherEnded { _ = FaultRun.terminate(other) } }
        let otherPlayer = try #require(bus.sessionPlayer(pid: other.pid))
        func shortSession(_ environment: [String: String?] = [:]) throws -> FaultRun.Started {
            try FaultRun.start(
                ["start", "--no-audio", "--plain", "--lang", "en", "--pattern", "1-1", "--cycles", "2"],
                home: try TemporaryHome(), environment: bus.environment.merging(environment) { _, new in new },
                standardOutput: .path("capture"))
        }

        // Playing: paused while the short session runs, playing again after it.
        var short = try shortSession()
        #expect(bus.status(of: otherPlayer, becomes: "Paused"), "the other player was not paused")
        #expect(FaultRun.finish(short, within: 30)?.ending == .exited(0))
        #expect(bus.status(of: otherPlayer, becomes: "Playing"), "the other player was not resumed")

        // Paused by the user first: it stays paused after the short session.
        _ = try bus.playerctl(["-p", otherPlayer, "pause"])
        #expect(bus.status(of: otherPlayer, becomes: "Paused"))
        short = try shortSession()
        #expect(FaultRun.finish(short, within: 30)?.ending == .exited(0))
        #expect(bus.status(of: otherPlayer, becomes: "Paused", within: 1))
        #expect(!bus.status(of: otherPlayer, becomes: "Playing", within: 2), "a player the user paused was resumed")

        // pauseOthers off: a playing player goes on playing.
        _ = try bus.playerctl(["-p", otherPlayer, "play"])
        #expect(bus.status(of: otherPlayer, becomes: "Playing"))
        short = try shortSession(["BREATHE_VOICE_PAUSE_OTHERS": "off"])
        let shortPlayer = bus.sessionPlayer(pid: short.pid)
        #expect(shortPlayer != nil)
        #expect(try bus.playerctl(["-p", otherPlayer, "status"]).stdout == "Playing\n")
        #expect(FaultRun.finish(short, within: 30)?.ending == .exited(0))
        #expect(try bus.playerctl(["-p", otherPlayer, "status"]).stdout == "Playing\n")
        // The user's own pauses and resumes of the other session are in its lines, once each; the short sessions'
        // pause and resume too: three pauses in all, as the keys would have made.
        _ = try bus.playerctl(["-p", otherPlayer, "stop"])
        let ended = try #require(FaultRun.finish(other, within: 15))
        otherEnded = true
        let pauses = ended.stdout.split(separator: "\n").filter { $0.hasPrefix("Paused.") }
        #expect(pauses.count == 2, "\(ended.stdout)")
    }

    /// A bus that is frozen (SIGSTOP), a socket that accepts and never answers, and no bus at all: a session starts
    /// and ends as without one, SIGTERM still ends it at once, and the commands give up in one line.
    @Test(arguments: ["frozen", "mute", "none"])
    func aBusThatNeverAnswersHoldsNothing(shape: String) throws {
        let bus = try SessionBus()
        let mute = try ListeningSocket(accepting: true)
        var environment = bus.environment
        switch shape {
        case "frozen": bus.freeze()
        case "mute": environment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + mute.path]
        default: environment = ["DBUS_SESSION_BUS_ADDRESS": nil]
        }
        let home = try TemporaryHome()
        // A whole session: 1-1 twice, with the lead-in, about 7 s; a bus that held it would hold it for ever.
        let whole = try FaultRun.start(
            ["start", "--no-audio", "--plain", "--lang", "en", "--pattern", "1-1", "--cycles", "2"], home: home,
            environment: environment, standardOutput: .path("capture"))
        let run = try #require(FaultRun.finish(whole, within: 30), "the session never ended")
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("Session complete: 2 cycles in 4 seconds."))

        let signalled = try TemporaryHome()
        let started = try Self.startSession(home: signalled, bus: nil, environment: environment)
        #expect(Waiting.until("Get ready.", appearsIn: started.stdoutFile, within: 10))
        try FaultRun.expectStoppedAtOnce(FaultRun.terminate(started), home: signalled, quiet: true)

        let command = try BinaryRun.run(["pause"], environment: environment)
        #expect(command.status == 69)
        #expect(command.stderrLines.count == 1, "\(command.stderr)")
    }
}

/// The reminder and the demo are players too: a reminder found through the runtime folder's bus, as cron's environment
/// names none, paused and declined from the bus; the demo stopped from it.
@Suite(.serialized)
struct MediaPlayerLiveTests {
    @Test func aReminderIsPausedFromTheBusAndStoppingItInItsFirstPhaseDeclinesIt() throws {
        let server = try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        let bus = try SessionBus(runtimeFolder: home.root.path + "/run")
        let started = try FaultRun.start(
            ["remind", "--pattern", "4-4", "--cycles", "3", "--lang", "en"], home: home,
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": nil, "PULSE_SERVER": server["PULSE_SERVER"] ?? nil,
                "PATH": "/usr/bin:/bin",
            ], standardOutput: .path("capture"))
        let player = try #require(bus.sessionPlayer(pid: started.pid), "the reminder never appeared on the bus")
        _ = try bus.playerctl(["-p", player, "pause"])
        #expect(bus.status(of: player, becomes: "Paused"))
        _ = try bus.playerctl(["-p", player, "play"])
        #expect(bus.status(of: player, becomes: "Playing"))
        let stop = try BinaryRun.run(["stop"], environment: bus.environment)
        #expect(stop.status == 0, "\(stop.stderr)")
        let run = try #require(FaultRun.finish(started, within: 20), "stop did not end the reminder")
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(run.stderr.isEmpty, "cron would mail: \(run.stderr)")
        let history = home.history
        #expect(history.contains("\"source\":\"cron\""), "\(history)")
        #expect(history.contains("\"status\":\"skipped\""), "\(history)")
        #expect(history.contains("\"reason\":\"user\""), "\(history)")
    }

    @Test func theDemoIsStoppedFromTheBus() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        let bus = try SessionBus()
        let wav = home.root.path + "/demo.wav"
        let started = try FaultRun.start(
            ["demo", "--wav", wav, "--lang", "en"], home: home, environment: bus.environment,
            standardOutput: .path("capture"))
        let player = try #require(bus.sessionPlayer(pid: started.pid), "the demo never appeared on the bus")
        #expect(try bus.playerctl(["-p", player, "metadata", "xesam:album"]).stdout == "Box breathing\n")
        _ = try bus.playerctl(["-p", player, "stop"])
        let run = try #require(FaultRun.finish(started, within: 20), "Stop did not end the demo")
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(run.stdout.contains("Session stopped"), "\(run.stdout)")
    }
}

/// No sleep mid-session: the session asks logind (on the system bus) for an idle and sleep inhibitor, holds it while it
/// runs and lets it go at its end. logind needs systemd as process 1, which the tests' machines lack: a stand-in answers
/// its one call on a private bus (scripts/logind-stand-in.py) and logs when the descriptor is let go.
struct SleepInhibitorTests {
    @Test func aSessionHoldsAnIdleAndSleepInhibitorUntilItsEnd() throws {
        let system = try SessionBus()
        let log = system.folder + "/logind.log"
        let standIn = try ChildProcess(
            BinaryRun.packageRoot.appendingPathComponent("scripts/logind-stand-in.py"), [system.address, log],
            standardError: system.folder + "/logind.err")
        defer {
            standIn.kill(SIGKILL)
            _ = standIn.wait()
        }
        try #require(
            Waiting.until("ready\n", appearsIn: log, within: 20),
            "the stand-in did not start: \((try? String(contentsOfFile: system.folder + "/logind.err", encoding: .utf8)) ?? "")"
        )
        let home = try TemporaryHome()
        let started = try MediaPlayerTests.startSession(
            home: home, bus: nil, environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
        #expect(
            Waiting.until(
                "inhibit idle:sleep|breathe-voice|A breathing session is in progress|block\n", appearsIn: log,
                within: 10))
        #expect(Waiting.until("Get ready.", appearsIn: started.stdoutFile, within: 10))
        #expect(started.child.ending() == nil)
        #expect(!((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("released"), "let go too soon")
        try FaultRun.expectStoppedAtOnce(FaultRun.terminate(started), home: home, quiet: true)
        #expect(Waiting.until("released\n", appearsIn: log, within: 10), "the inhibitor was never let go")
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count == 3, "\(lines)")
    }
}

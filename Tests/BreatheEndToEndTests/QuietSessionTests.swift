import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 45: a session wakes only for what it does. A text session (`--no-audio --plain`) wakes to print its lines and
/// little more (no timer of its own); a braille display adds a wake-up for each text it shows (the countdown's
/// changes), not a look ten times a second. Wake-ups are the binary's voluntary context switches, every thread's, from
/// its rusage (wait4); the bounds are generous (starting and ending cost a few), where a 100 ms refresh cost 100 more.
@Suite struct QuietSessionTests {
    static let session = ["--no-audio", "--plain", "--pattern", "3-0-3", "--cycles", "2", "--lang", "en"]

    /// What a run of the binary to its end did: how it ended, its wake-ups, and the lines it printed.
    struct Finished {
        var ending: ChildProcess.Ending?
        var wakeUps: Int
        var lines: [String]
        /// User and system CPU time, every thread's (s).
        var cpuSeconds = 0.0
    }

    /// Runs the binary with `arguments` to its end (killed after `timeout` s: then `ending` is nil).
    static func run(
        _ arguments: [String], environment: [String: String?] = [:], timeout: Double = 60
    ) throws -> Finished {
        try start(arguments, environment: environment).finish(timeout: timeout)
    }

    /// A run under way, its output in a file of its home.
    struct Started {
        var child: ChildProcess
        var output: String

        /// Waits for the end (killed after `timeout` s: then `ending` is nil), and reaps the child with its rusage.
        func finish(timeout: Double = 60) -> Finished {
            var status: Int32 = 0
            var usage = rusage()
            let reaped = Waiting.until(timeout: timeout, every: 0.02) {
                SystemCall.retryingOnInterrupt { wait4(child.pid, &status, WNOHANG, &usage) } == child.pid
            }
            if !reaped {
                child.kill(SIGKILL)
                _ = child.wait()
            }
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            return Finished(
                ending: reaped ? ChildProcess.Ending(waitStatus: status) : nil, wakeUps: usage.ru_nvcsw,
                lines: text.split(separator: "\n").map(String.init),
                cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000)
        }
    }

    static func start(_ arguments: [String], environment: [String: String?] = [:]) throws -> Started {
        let home = try TemporaryHome()
        let output = home.root.appendingPathComponent("output").path
        let child = try ChildProcess(
            BinaryRun.binary, arguments, environment: home.environment.merging(environment) { $1 },
            outputFile: output, standardError: home.root.appendingPathComponent("errors").path)
        return Started(child: child, output: output)
    }

    /// The binary's pages read once before any run is measured: a first run can wait on the disk for them.
    static func warmUp() throws {
        _ = try run(["--version"])
    }

    @Test func aTextSessionWakesToPrint() throws {
        try Self.warmUp()
        let run = try Self.run(Self.session + ["--braille", "off"])
        #expect(run.ending == .exited(0))
        #expect(run.lines.contains { $0.hasPrefix("Breathe out") }, "\(run.lines)")
        // 66 before issue 45 (a 250 ms refresh), for 9 lines.
        #expect(run.wakeUps <= run.lines.count + 10, "\(run.wakeUps) wake-ups for \(run.lines.count) lines")
        // A loop that never sleeps adds no wake-up at all: its CPU says it (the whole session takes milliseconds).
        #expect(run.cpuSeconds < 1, "\(run.cpuSeconds) s of CPU: the session spun between its lines")
    }

    /// Issue 49: the session bus beside a session adds the wake-ups of its connection (the handshake, the name, a look
    /// for other players) and one per announced change, nothing in between; a frozen bus adds none that repeat.
    @Test func theBusBesideASessionAddsOnlyItsAnnouncements() throws {
        try Self.warmUp()
        let without = try Self.run(Self.session + ["--braille", "off"], environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
        let bus = try SessionBus()
        let with = try Self.run(Self.session + ["--braille", "off"], environment: bus.environment)
        #expect(with.ending == .exited(0) && without.ending == .exited(0))
        #expect(with.lines == without.lines)
        // Seven changes announced (the lead-in, four phases, the end's status and title), each a write; the
        // connection's start and end a dozen more at most.
        #expect(
            with.wakeUps <= without.wakeUps + 20, "\(with.wakeUps) wake-ups with the bus, \(without.wakeUps) without")
        #expect(with.cpuSeconds < 1, "\(with.cpuSeconds) s of CPU beside the bus")
        bus.freeze()
        let frozen = try Self.run(Self.session + ["--braille", "off"], environment: bus.environment)
        #expect(frozen.ending == .exited(0))
        #expect(frozen.wakeUps <= without.wakeUps + 20, "\(frozen.wakeUps) wake-ups beside a frozen bus")
        #expect(frozen.cpuSeconds < 1, "\(frozen.cpuSeconds) s of CPU beside a frozen bus: a spin")
    }

    @Test func aBrailleDisplayAddsOnlyItsChanges() throws {
        try Self.warmUp()
        let brltty = try PrivateBrltty(cells: 40)
        let first = brltty.display.shown.count
        let run = try Self.run(Self.session + ["--braille", "on"], environment: brltty.environment)
        #expect(run.ending == .exited(0))
        // BRLTTY passes on every text the session wrote that differed from the one before; the last, the closing one,
        // perhaps a moment after the session ended (the display is given back without waiting for BRLTTY).
        let closing = brltty.display.waitForShown(after: first, timeout: 5) { $0.hasPrefix("Done") }
        #expect(closing != nil, "\(brltty.display.shown.dropFirst(first).map(\.text))")
        let texts = brltty.display.shown.count - first
        #expect(texts >= 12, "\(brltty.display.shown.dropFirst(first).map(\.text))")
        // Connecting costs a few (each of BrlAPI's answers is waited for; giving the display back waits for none); 113
        // more before issue 45 (a 100 ms refresh).
        #expect(
            run.wakeUps <= run.lines.count + texts + 20,
            "\(run.wakeUps) wake-ups for \(run.lines.count) lines and \(texts) texts shown")
    }

    /// BRLTTY going away mid-session (SIGTERM: it closes its end of every connection): the session goes on to its end
    /// without the display, and stops watching the server's socket (which would read as ready for ever), so its
    /// wake-ups stay those of a session with a display.
    @Test func aServerThatGoesAwayMidSessionIsLeftAlone() throws {
        try Self.warmUp()
        let brltty = try PrivateBrltty(cells: 40)
        let display = brltty.display
        let first = display.shown.count
        let started = try Self.start(Self.session + ["--braille", "on"], environment: brltty.environment)
        let inhale = display.waitForShown(after: first, timeout: 15) { $0.hasPrefix("Breathe in") }
        #expect(inhale != nil, "the session never showed itself on the display")
        brltty.stop()
        let run = started.finish()
        #expect(run.ending == .exited(0))
        #expect(run.lines.last { $0.hasPrefix("Session complete") } != nil, "\(run.lines)")
        let texts = display.shown.count - first
        // The display's end costs a few more, and more or fewer by when BRLTTY closes in the session's cycle: 31 to 38
        // for 9 lines and 5 texts in runs of the same binary.
        #expect(
            run.wakeUps <= run.lines.count + texts + 30,
            "\(run.wakeUps) wake-ups for \(run.lines.count) lines and \(texts) texts shown")
        // A socket watched after its end reads as ready for ever: the loop would spin through the seconds left (no
        // sleep, so no wake-up counted), where the whole session takes a few tens of milliseconds.
        #expect(run.cpuSeconds < 1, "\(run.cpuSeconds) s of CPU: the session spun after the display went away")
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// `remind` end to end: quiet hours, the lock, and the opening line.
@Suite struct RemindTests {
    /// What these tests read is the reminder's text; sound is the live suite's, which owns the shared server.
    static let textOnly = ["--plain", "--speech", "off", "--tones", "off"]

    static func runtimeFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-remind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A quiet window around the current minute (or away from it), computed from the test's own clock, so that the
    /// binary's clock falls inside (or outside) whatever second it reads the time.
    static func window(aroundNow inside: Bool) -> String {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let now = Int(parts.tm_hour) * 60 + Int(parts.tm_min)
        func text(_ minutes: Int) -> String {
            let wrapped = (minutes % 1440 + 1440) % 1440
            return String(format: "%02d:%02d", wrapped / 60, wrapped % 60)
        }
        return inside ? text(now - 60) + "-" + text(now + 60) : text(now + 120) + "-" + text(now + 180)
    }

    @Test func inQuietHoursItDoesNothingAndExits0() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let run = try BinaryRun.run(
            ["remind", "--quiet-hours", Self.window(aroundNow: true), "--lang", "en"],
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)

        let window = Self.window(aroundNow: true)
        let verbose = try BinaryRun.run(
            ["remind", "--quiet-hours", window, "--verbose", "--lang", "es"],
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(verbose.status == 0)
        #expect(verbose.stdout.isEmpty)
        let parts = window.split(separator: "-")
        #expect(verbose.stderrLines == ["Horas de silencio de \(parts[0]) a \(parts[1]): ahora no hay recordatorio."])
    }

    @Test func outsideQuietHoursItRunsAShortSession() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let run = try BinaryRun.run(
            [
                "remind", "--quiet-hours", Self.window(aroundNow: false), "--pattern", "1-0-1", "--cycles", "1",
                "--lang", "en",
            ] + Self.textOnly,
            environment: ["XDG_RUNTIME_DIR": runtime.path]
        )
        #expect(run.status == 0)
        // The session's lines; the first session's badges follow them.
        #expect(
            Array(run.stdoutLines.prefix(6)) == [
                "Time for a breathing break.",
                "Custom pattern, in seconds: in 1, out 1. 1 cycle, about 2 seconds.",
                "Get ready.",
                "Breathe in, 1 second. Cycle 1 of 1.",
                "Breathe out, 1 second.",
                "Session complete: 1 cycle in 2 seconds.",
            ])
        #expect(run.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: runtime.path + "/breathe-voice/session.lock"))
    }

    @Test func twoRemindersAtOnceGiveOneSessionAndOneCleanSkip() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let first = try FaultRun.start(
            ["remind", "--pattern", "1-0-1", "--cycles", "2", "--lang", "en"] + Self.textOnly, home: TemporaryHome(),
            environment: ["XDG_RUNTIME_DIR": runtime.path], standardOutput: .path("capture"))
        // The opening line is printed once the lock is held: from then on, the second must skip.
        Waiting.until("\n", appearsIn: first.stdoutFile, within: 30)
        let seen = (try? String(contentsOfFile: first.stdoutFile, encoding: .utf8)) ?? ""
        #expect(seen.hasPrefix("Time for a breathing break.\n"))

        let second = try BinaryRun.run(
            ["remind", "--pattern", "1-0-1", "--cycles", "2", "--lang", "en"] + Self.textOnly,
            environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        #expect(second.stderr.isEmpty)
        let verbose = try BinaryRun.run(
            ["remind", "--verbose", "--lang", "en"] + Self.textOnly, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(verbose.status == 0)
        #expect(verbose.stdout.isEmpty)
        #expect(verbose.stderrLines == ["Another breathing session is running: no reminder now."])

        let run = FaultRun.finish(first)
        #expect(run.ending == .exited(0), "\(run.ending) \(run.stderr)")
        #expect(run.stdout.contains("Session complete: 2 cycles in 4 seconds.\n"))
    }

    @Test func badQuietHoursAreExit64() throws {
        let run = try BinaryRun.run(["remind", "--quiet-hours", "22-07", "--lang", "en"])
        #expect(run.status == 64)
        #expect(
            run.stderrLines == [
                "breathe-voice: Quiet hours \"22-07\" are not HH:MM-HH:MM: write, for example, 22:00-07:00."
            ])
    }

    @Test(arguments: [
        (
            "1x", "en",
            "breathe-voice: Defer \"1x\" is not a duration: write seconds, minutes or hours, such as 90s, 15m or 1h30m, or 0 to not wait."
        ),
        (
            "15", "es",
            "breathe-voice: La espera «15» no es una duración: escribe segundos, minutos u horas, como 90s, 15m o 1h30m, o 0 para no esperar."
        ),
        ("25h", "en", "breathe-voice: Defer \"25h\" is out of range: use 0 to 24h."),
        ("25h", "es", "breathe-voice: La espera «25h» está fuera de rango: usa de 0 a 24h."),
    ])
    func badDeferIsExit64(value: String, language: String, line: String) throws {
        let run = try BinaryRun.run(["remind", "--defer", value, "--lang", language])
        #expect(run.status == 64)
        #expect(run.stderrLines == [line])
    }

    @Test func aBadDeferPreferenceIsExit78AndAGoodOneIsShown() throws {
        let home = try TemporaryHome()
        let bad = try home.run(["remind", "--lang", "en"], environment: ["BREATHE_VOICE_REMIND_DEFER": "soon"])
        #expect(bad.status == 78)
        #expect(bad.stderrLines.count == 1)
        #expect(try home.run(["prefs", "set", "remind.defer", "90s"]).status == 0)
        #expect(try home.run(["prefs", "get", "remind.defer"]).stdoutLines == ["1m30s"])
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// `make demo` (README's first command) works on every machine: with no sound server and no terminal it says so in one
/// line, saves the session as a WAV file and shows it as text in real time, and exits 0.
@Suite struct DemoTests {
    /// The box session `demo` runs: 4 cycles of 4-4-4-4.
    static let sessionSeconds = 64.0

    @Test func makeDemoWithNoServerAndNoTerminalRendersAndRunsAsText() throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let wav = home.root.appendingPathComponent("demo.wav")
        let started = Date()
        let run = try BinaryRun.run(
            ["-C", BinaryRun.packageRoot.path, "demo", "DEMO_BINARY=" + BinaryRun.binary.path, "DEMO_WAV=" + wav.path],
            environment: home.environment.merging([
                "PULSE_SERVER": "unix:/nonexistent/pulse/native", "XDG_RUNTIME_DIR": nil, "LANG": "C.UTF-8",
                "LC_ALL": nil, "LC_MESSAGES": nil, "MAKEFLAGS": nil, "MAKELEVEL": nil,
            ]) { _, new in new },
            executable: URL(fileURLWithPath: "/usr/bin/make")
        )
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let notice =
            "No sound server answered, so the demo is saved to \(wav.path) and shown here as text, in real time."
        #expect(run.stdoutLines.filter { $0 == notice }.count == 1, "\(run.stdoutLines)")
        // The program's own lines (after make's echo of the command): the notice, then the text session.
        let lines = Array(run.stdoutLines.drop { $0 != notice })
        #expect(lines.count >= 20)
        #expect(lines.contains("Rest, 4 seconds.") && lines.contains("Breathe in, 4 seconds. Cycle 4 of 4."))
        #expect(lines.contains { $0.hasPrefix("Session complete: 4 cycles") })
        // Plain text for a screen reader: printable characters and newlines only.
        #expect(run.standardOutput.allSatisfy { $0 == 0x0A || $0 >= 0x20 && $0 != 0x7F })
        // Paced in real time, not printed at once.
        #expect(elapsed >= Self.sessionSeconds)
        // The same session, rendered: voice and tones on the timeline, at least a minute of 22 050 Hz audio.
        let audio = try WavFile(Data(contentsOf: wav))
        #expect(audio.sampleRate == 22_050 && audio.channels == 1)
        #expect(Double(audio.samples.count) >= Self.sessionSeconds * 22_050)
        #expect(audio.rms(0..<audio.samples.count) > 100)
    }

    /// `--wav` with a name the render would refuse: refused before anything plays or is saved (64, one line), naming
    /// `--wav`, the option typed, in the user's language; an empty name too.
    @Test(arguments: [
        (
            "x.mp3", "en",
            "breathe-voice: Cannot write \"x.mp3\": --wav writes WAV files only, so its name ends in .wav (such as \"x.wav\")."
        ),
        (
            "voz.ogg", "es",
            "breathe-voice: No se puede escribir «voz.ogg»: --wav solo escribe archivos WAV, así que su nombre termina en .wav (por ejemplo, «voz.wav»)."
        ),
    ])
    func aWavNameThatIsNotWavIsRefused(name: String, language: String, line: String) throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let run = try BinaryRun.run(
            ["demo", "--lang", language, "--wav", name],
            environment: home.environment.merging(["PULSE_SERVER": "unix:/nonexistent"]) { $1 }, directory: home.root)
        #expect(run.status == 64)
        #expect(run.stderrLines == [line])
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.root.path + "/" + name))
        let empty = try BinaryRun.run(["demo", "--lang", "en", "--wav", ""], environment: home.environment)
        #expect(empty.status == 64)
        #expect(empty.stderrLines.count == 1 && empty.stderr.contains("--wav"), "\(empty.stderr)")
    }
}

extension LiveAudioTests {
    /// With a sound server, `demo` plays: nothing is saved, no notice, and the null sink hears the session.
    @Test func demoPlaysThroughTheServer() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let wav = home.root.appendingPathComponent("demo.wav")
        let recorder = try MonitorRecorder()
        let run = try home.run(["demo", "--wav", wav.path, "--lang", "en"])
        let samples = try recorder.stop()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("No sound server"))
        #expect(run.stdoutLines.contains { $0.hasPrefix("Session complete: 4 cycles") })
        #expect(!FileManager.default.fileExists(atPath: wav.path))
        // 16 phase cues over a minute: at least that many onsets reach the sink.
        #expect(Self.onsets(samples).count >= 16, "\(Self.onsets(samples).count) onsets")
    }
}

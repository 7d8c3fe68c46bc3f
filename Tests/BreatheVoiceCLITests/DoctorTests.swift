import Foundation
import Testing

/// `doctor` end to end: one line per finding, "ok: " or "problem: … — fix: …", and the exit code.
@Suite struct DoctorTests {
    @Test func everyLineIsAFindingAndTheExitSaysWhetherAllPassed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breathe-voice-doctor-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // No sound server at this PULSE_SERVER: a problem, so the exit is 1.
        let run = try BinaryRun.run(["doctor", "--lang", "en"], environment: [
            "PULSE_SERVER": "unix:" + folder.path + "/none", "BREATHE_VOICE_CRONTAB": "/bin/true",
        ])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(!run.stdoutLines.isEmpty)
        for line in run.stdoutLines {
            #expect(line.hasPrefix("ok: ") || (line.hasPrefix("problem: ") && line.contains(" — fix: ")), "\(line)")
        }
        #expect(run.stdoutLines.contains("problem: no sound server answers at \(folder.path)/none (No such file or directory) — fix: start PulseAudio or PipeWire in your session (pulseaudio --start, or systemctl --user start pipewire-pulse)"))
        #expect(run.stdoutLines.contains("ok: no reminders are scheduled"))
    }

    @Test func inSpanishTheLinesAreSpanish() throws {
        let run = try BinaryRun.run(["doctor", "--lang", "es"], environment: ["BREATHE_VOICE_CRONTAB": "/bin/true"])
        #expect(run.stdoutLines.contains("bien: no hay recordatorios programados"))
        for line in run.stdoutLines {
            #expect(line.hasPrefix("bien: ") || (line.hasPrefix("problema: ") && line.contains(" — solución: ")), "\(line)")
        }
    }
}

import Foundation
import Testing

/// `doctor` end to end: one line per finding, "ok: " or "problem: … — fix: …", and the exit code.
@Suite struct DoctorTests {
    @Test func everyLineIsAFindingAndTheExitSaysWhetherAllPassed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-doctor-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // No sound server at this PULSE_SERVER: a problem, so the exit is 1.
        let run = try BinaryRun.run(
            ["doctor", "--lang", "en"],
            environment: [
                "PULSE_SERVER": "unix:" + folder.path + "/none", "BREATHE_VOICE_CRONTAB": "/bin/true",
            ])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        #expect(!run.stdoutLines.isEmpty)
        for line in run.stdoutLines {
            #expect(line.hasPrefix("ok: ") || (line.hasPrefix("problem: ") && line.contains(" — fix: ")), "\(line)")
        }
        #expect(
            run.stdoutLines.contains(
                "problem: no sound server answers at \(folder.path)/none (No such file or directory) — fix: start PulseAudio or PipeWire in your session (pulseaudio --start, or systemctl --user start pipewire-pulse)"
            ))
        #expect(run.stdoutLines.contains("ok: no reminders are scheduled"))
    }

    @Test func inSpanishTheLinesAreSpanish() throws {
        let run = try BinaryRun.run(["doctor", "--lang", "es"], environment: ["BREATHE_VOICE_CRONTAB": "/bin/true"])
        #expect(run.stdoutLines.contains("bien: no hay recordatorios programados"))
        for line in run.stdoutLines {
            #expect(
                line.hasPrefix("bien: ") || (line.hasPrefix("problema: ") && line.contains(" — solución: ")), "\(line)")
        }
    }

    /// speech-dispatcher is checked only when chosen (here by BREATHE_VOICE_SPEECH_VIA): a dead address is a problem.
    @Test func speechDispatcherIsCheckedWhenChosen() throws {
        let absent = ["BREATHE_VOICE_CRONTAB": "/bin/true", "SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock"]
        let notChosen = try BinaryRun.run(["doctor", "--lang", "en"], environment: absent)
        #expect(!notChosen.stdout.contains("speech-dispatcher"))
        let chosen = try BinaryRun.run(
            ["doctor", "--lang", "en"], environment: absent.merging(["BREATHE_VOICE_SPEECH_VIA": "speechd"]) { $1 })
        #expect(chosen.status == 1)
        #expect(
            chosen.stdoutLines.contains(
                "problem: speech-dispatcher does not answer (/nonexistent/speechd.sock) — fix: install it (sudo apt install speech-dispatcher speech-dispatcher-espeak-ng) and let it start on demand, or use --speech-via espeak"
            ))
        let screenReader = try BinaryRun.run(
            ["doctor", "--lang", "es"], environment: absent.merging(["BREATHE_VOICE_SCREEN_READER": "speak"]) { $1 })
        #expect(
            screenReader.stdoutLines.contains {
                $0.hasPrefix("problema: speech-dispatcher no responde (/nonexistent/speechd.sock)")
            })
    }

    /// With the private daemon of `make test` (scripts/with-speechd.sh), the check passes.
    @Test func speechDispatcherAnswersWhenItRuns() throws {
        guard let address = ProcessInfo.processInfo.environment["SPEECHD_ADDRESS"], !address.isEmpty else {
            if ProcessInfo.processInfo.environment["BREATHE_VOICE_REQUIRE_PULSE"] == "1" {
                Issue.record("no private speech-dispatcher: run the tests through scripts/with-speechd.sh")
            }
            return
        }
        let run = try BinaryRun.run(
            ["doctor", "--lang", "en"],
            environment: [
                "BREATHE_VOICE_CRONTAB": "/bin/true", "SPEECHD_ADDRESS": address, "BREATHE_VOICE_SPEECH_VIA": "speechd",
            ])
        #expect(run.stdoutLines.contains("ok: speech-dispatcher answers"))
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

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
        // The last line says what `remind` would do now: fail, as it would with exit 69.
        #expect(
            run.stdoutLines.last?.hasPrefix("problem: a reminder now would fail: no sound server answered (") == true,
            "\(run.stdoutLines)")
        #expect(
            run.stdoutLines.last?.hasSuffix(
                " — fix: start PulseAudio or PipeWire in your session (pulseaudio --start, or systemctl --user start pipewire-pulse)"
            ) == true)
        let remind = try BinaryRun.run(
            ["remind", "--lang", "en"], environment: ["PULSE_SERVER": "unix:" + folder.path + "/none"])
        #expect(remind.status == 69, "doctor said a reminder would fail; remind: \(remind.status) \(remind.stderr)")
    }

    /// With the private sound server of `make test`, the reminder's connection is taken: the last line is ok.
    @Test func withASoundServerTheReminderWouldPlay() throws {
        let server = try #require(try LiveServers.requireSoundServer()["PULSE_SERVER"], "scripts/with-pulse.sh sets it")
        let run = try BinaryRun.run(
            ["doctor", "--lang", "en"], environment: ["PULSE_SERVER": server, "BREATHE_VOICE_CRONTAB": "/bin/true"])
        #expect(run.stdoutLines.last == "ok: a reminder now would play at once", "\(run.stdoutLines)")
        #expect(!run.stdout.contains("a reminder now would fail"))
    }

    /// Reminders in the crontab need a cron daemon: found in /proc by its name, or a problem with the fix. The test
    /// looks in /proc itself to know which line is the truth on this machine.
    @Test func scheduledRemindersNeedARunningCronDaemon() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let none = try fake.run(["doctor", "--lang", "en"])
        #expect(!none.stdout.contains("cron daemon"), "nothing is scheduled: \(none.stdout)")
        let add = try fake.run(["schedule", "add", "--every", "1h"])
        #expect(add.status == 0, "\(add.stderr)")
        let run = try fake.run(["doctor", "--lang", "en"])
        let lines = run.stdoutLines.filter { $0.contains("cron daemon") }
        #expect(lines.count == 1, "\(run.stdout)")
        if let (name, pid) = Self.cronDaemon() {
            #expect(
                lines.first
                    == "ok: a cron daemon is running (\(name), process \(pid)), so the crontab's reminders will start")
        } else {
            #expect(
                lines.first
                    == "problem: reminders are in the crontab, but no cron daemon is running, so none of them will play — fix: start it, and at every boot: sudo systemctl enable --now cron (the service is crond on Fedora, cronie on Arch)"
            )
            #expect(run.status == 1)
            let spanish = try fake.run(["doctor", "--lang", "es"])
            #expect(
                spanish.stdoutLines.contains {
                    $0.hasPrefix("problema: hay recordatorios en el crontab, pero ningún demonio cron está en marcha")
                }, "\(spanish.stdout)")
        }
    }

    /// Reminders that all have --allow-silent keep their record without a sound server, and exit 0: no problem there.
    @Test func remindersThatAllowSilenceDoNotFailWithoutASoundServer() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        #expect(try fake.run(["schedule", "add", "--at", "12:00", "--allow-silent"]).status == 0)
        let environment: [String: String?] = [
            "BREATHE_VOICE_CRONTAB": fake.script.path, "PULSE_SERVER": "unix:/nonexistent", "LC_ALL": "C",
        ]
        let run = try BinaryRun.run(["doctor", "--lang", "en"], environment: environment)
        #expect(
            run.stdoutLines.last?.hasPrefix(
                "ok: a reminder now would only be recorded, in silence, as --allow-silent asks: no sound server answered ("
            ) == true, "\(run.stdout)")
        // A reminder recorded in silence still takes its session's time: one short cycle, not the two minutes of
        // remind.minutes (which made this the longest test of `make test`, 135 s).
        let remind = try BinaryRun.run(
            ["remind", "--allow-silent", "--pattern", "1-1", "--cycles", "1", "--lang", "en"], environment: environment)
        #expect(remind.status == 0, "\(remind.stderr)")
        #expect(try fake.run(["schedule", "add", "--at", "13:00"]).status == 0)
        let mixed = try BinaryRun.run(["doctor", "--lang", "en"], environment: environment)
        #expect(
            mixed.stdoutLines.last?.hasPrefix("problem: a reminder now would fail: no sound server answered (") == true)
    }

    /// The quiet hours doctor speaks of are the ones saved: a reminder in them would do nothing.
    @Test func theSavedQuietHoursAreTheOnesChecked() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "quietHours", "00:00-23:59"]).status == 0)
        let run = try home.run(["doctor", "--lang", "en"], environment: ["BREATHE_VOICE_CRONTAB": "/bin/true"])
        #expect(run.stdoutLines.contains("ok: quiet hours from 00:00 to 23:59"), "\(run.stdout)")
        #expect(!run.stdout.contains("no quiet hours are set"))
        // Unless it is 23:59 now (the end is not inside), a reminder would do nothing, before any sound server.
        let now = Calendar.current.dateComponents([.hour, .minute], from: Date())
        if now.hour != 23 || now.minute != 59 {
            #expect(run.stdoutLines.last == "ok: a reminder now would do nothing: quiet hours from 00:00 to 23:59")
        }
    }

    /// The first cron daemon in /proc (the lowest process number), as the program looks for it.
    static func cronDaemon() -> (String, Int)? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int.init).sorted().lazy.compactMap { pid -> (String, Int)? in
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
            let name = comm.trimmingCharacters(in: .newlines)
            return ["cron", "crond", "fcron", "bcron-sched"].contains(name) ? (name, pid) : nil
        }.first
    }

    /// A systemd reminder whose timer is not active will not play: a problem naming it, with the commands that fix it.
    @Test func aSystemdTimerThatIsNotActiveIsAProblem() throws {
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let home = try TemporaryHome()
        let systemctl = home.root.appendingPathComponent("systemctl")
        // The user manager takes the units, but says the timer is inactive (as after a reboot without `enable`).
        try """
        #!/bin/sh
        case "$1 $2" in "--user is-active") exit 3 ;; esac
        exit 0

        """.write(to: systemctl, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: systemctl.path)
        let environment = home.environment.merging([
            "BREATHE_VOICE_CRONTAB": fake.script.path, "BREATHE_VOICE_SYSTEMCTL": systemctl.path,
        ]) { $1 }
        let add = try BinaryRun.run(
            ["schedule", "add", "--at", "12:30", "--via", "systemd", "--lang", "en"], environment: environment)
        #expect(add.status == 0, "\(add.stderr)")
        let run = try BinaryRun.run(["doctor", "--lang", "en"], environment: environment)
        #expect(run.status == 1)
        #expect(
            run.stdoutLines.contains(
                "problem: reminder 1's timer breathe-voice-remind-1.timer is not active, so it will not play — fix: run systemctl --user daemon-reload, then systemctl --user enable --now breathe-voice-remind-1.timer"
            ), "\(run.stdout)")
        #expect(!run.stdout.contains("cron daemon"), "no reminder is in the crontab: \(run.stdout)")
        for language in ["es", "fr", "pt-BR"] {
            let translated = try BinaryRun.run(["doctor", "--lang", language], environment: environment)
            #expect(
                translated.stdoutLines.contains { $0.contains("breathe-voice-remind-1.timer") && !$0.hasPrefix("ok") },
                "\(language): \(translated.stdout)")
        }
    }

    /// A saved voice eSpeak NG does not have stops every reminder: doctor names it; and preferences that cannot be read
    /// at all stop it too.
    @Test func aSavedVoiceOrPreferencesThatWouldStopAReminderAreProblems() throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 1, "voice": {"en": "zz-zz"}}"#.utf8).write(to: home.preferencesFile)
        let environment: [String: String?] = [
            "BREATHE_VOICE_CRONTAB": "/bin/true", "PULSE_SERVER": "unix:/nonexistent",
        ]
        let voice = try home.run(["doctor", "--lang", "en"], environment: environment)
        #expect(voice.status == 1)
        // The reason is the error the session would stop with, whatever its words.
        #expect(
            voice.stdoutLines.contains {
                $0.hasPrefix(#"problem: a reminder now would fail: the saved voice "zz-zz" is not installed ("#)
                    && $0.hasSuffix(
                        ") — fix: choose one that breathe-voice voices lists (breathe-voice prefs set voice NAME), or go back to the language's own voice (breathe-voice prefs unset voice)"
                    )
            }, "\(voice.stdout)")
        let spoken = try home.run(["remind", "--lang", "en"], environment: environment)
        // remind fails too (64 for the voice; on a machine so loaded that eSpeak NG does not start within its
        // deadline, 69 before the voice is looked at).
        #expect(spoken.status != 0, "\(spoken.stderr)")
        // Another language's voice is not this language's: nothing to say about it in Spanish.
        let spanish = try home.run(["doctor", "--lang", "es"], environment: environment)
        #expect(!spanish.stdout.contains("zz-zz"), "\(spanish.stdout)")
        try Data(#"{"version": 1, "rate": "#.utf8).write(to: home.preferencesFile)
        let broken = try home.run(["doctor", "--lang", "en"], environment: environment)
        #expect(broken.status == 1)
        #expect(
            broken.stdoutLines.first?.hasPrefix(
                "problem: a reminder now would fail, as every command that reads the preferences: Preferences \(home.preferencesFile.path), line 1"
            ) == true, "\(broken.stdout)")
        #expect(
            broken.stdoutLines.first?.hasSuffix(
                " — fix: correct the file with breathe-voice prefs edit, or move it aside with breathe-voice prefs reset"
            )
                == true)
        let remind = try home.run(["remind", "--lang", "en"], environment: environment)
        #expect(remind.status == 78, "\(remind.stderr)")
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
        let address = try LiveServers.requireSpeechDispatcher()
        let run = try BinaryRun.run(
            ["doctor", "--lang", "en"],
            environment: [
                "BREATHE_VOICE_CRONTAB": "/bin/true", "SPEECHD_ADDRESS": address, "BREATHE_VOICE_SPEECH_VIA": "speechd",
            ])
        #expect(run.stdoutLines.contains("ok: speech-dispatcher answers"))
    }
}

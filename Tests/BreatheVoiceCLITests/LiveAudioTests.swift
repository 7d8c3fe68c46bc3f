import BreatheCore
import Foundation
import Testing

/// The real binary against a real PulseAudio server: what reaches the speakers, and what happens when the server dies.
@Suite(.serialized, .enabled(if: PulseServer.shouldRunLiveTests))
struct LiveAudioTests {
    static let rate = 22_050

    /// Onsets: the first sample above `threshold` after at least a quarter second below it.
    static func onsets(_ samples: [Int16], threshold: Int16 = 200) -> [Int] {
        var result: [Int] = []
        var quietSince = 0
        for (index, sample) in samples.enumerated() {
            if abs(Int(sample)) > Int(threshold) {
                if index - quietSince >= rate / 4 { result.append(index) }
                quietSince = index + 1
            }
        }
        return result
    }

    @Test func cuesReachTheServerOnSchedule() throws {
        try #require(PulseServer.answers(), "no PulseAudio server (BREATHE_VOICE_REQUIRE_PULSE=1 makes this a failure)")
        // --pattern 2-1-2-1 --cycles 2 with tones only: 8 cues over 12 s, 18 s with the lead-in and closing.
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 2), Phase(.hold, seconds: 1), Phase(.exhale, seconds: 2), Phase(.rest, seconds: 1)]),
            length: .cycles(2), sampleRate: Self.rate
        ).get()
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("breathe-voice-rec-\(UUID().uuidString).raw")
        _ = FileManager.default.createFile(atPath: recording.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: recording) }
        let recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        recorder.arguments = ["parec", "-d", "test.monitor", "--raw", "--format=s16le", "--rate=22050", "--channels=1", "--latency-msec=10"]
        recorder.standardOutput = try FileHandle(forWritingTo: recording)
        try recorder.run()
        let run = try BinaryRun.run(["--pattern", "2-1-2-1", "--cycles", "2", "--speech", "off", "--lang", "en"])
        // SIGKILL: a child of Process starts with SIGINT and SIGTERM blocked, and parec does not unblock them.
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // The session's own lines, up to its summary; a first session's badges may follow.
        #expect(run.stdoutLines.prefix { !$0.hasPrefix("Session complete") }.count + 1 == 11)

        let data = try Data(contentsOf: recording)
        let samples = stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
        let heard = Self.onsets(samples)
        let planned = (1...2).flatMap { cycle in (0..<4).map { Int(plan.start(of: .phase(cycle: cycle, index: $0))) } }
        try #require(heard.count == planned.count, "heard \(heard.count) cues, planned \(planned.count): \(heard)")
        let tolerance = Self.rate * 15 / 1000
        for index in 1..<planned.count {
            let heardInterval = heard[index] - heard[index - 1]
            let plannedInterval = planned[index] - planned[index - 1]
            #expect(abs(heardInterval - plannedInterval) <= tolerance,
                    "cue \(index): \(heardInterval) samples after the previous one, planned \(plannedInterval)")
        }
    }

    @Test func aServerKilledMidSessionEndsANonInteractiveRunWithExit69() throws {
        let server = try PulseServer.Own()
        try #require(server.isUp, "could not start a private PulseAudio server of our own")
        let process = Process()
        process.executableURL = BinaryRun.binary
        process.arguments = ["--pattern", "2-0-2", "--cycles", "5", "--lang", "en"]
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = server.address
        process.environment = environment
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Wait until the first breath is announced, so the stream is surely playing; then kill the server.
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("Cycle 1 of 5") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        #expect(String(decoding: printed, as: UTF8.self).contains("Cycle 1 of 5"))
        server.kill()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let hung = process.isRunning
        if hung { process.terminate() }
        process.waitUntilExit()
        #expect(!hung, "the session hung after its server died")
        let stderrLines = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 69)
        #expect(stderrLines.count == 1)
        #expect(stderrLines.first?.hasPrefix("breathe-voice: The sound server went away during the session") == true, "\(stderrLines)")
    }

    /// Cron's conditions: no XDG_RUNTIME_DIR, no PULSE_SERVER, no D-Bus, PATH=/usr/bin:/bin. The program must find the
    /// user's server at /run/user/<uid>/pulse/native; the test puts the private server there.
    @Test func aReminderUnderCronsEnvironmentIsHeardRecordedAndSilent() throws {
        try #require(PulseServer.answers(), "no PulseAudio server (BREATHE_VOICE_REQUIRE_PULSE=1 makes this a failure)")
        let privateDirectory = try #require(ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_PULSE_DIR"])
        let files = FileManager.default
        let runtime = "/run/user/\(getuid())"
        let link = runtime + "/pulse"
        if let existing = try? files.destinationOfSymbolicLink(atPath: link), existing != privateDirectory {
            Issue.record("\(link) already points at a sound server; this test will not touch it")
            return
        }
        if files.fileExists(atPath: link), (try? files.destinationOfSymbolicLink(atPath: link)) == nil {
            Issue.record("\(link) is a real sound server's folder; this test will not touch it")
            return
        }
        let createdRuntime = !files.fileExists(atPath: runtime)
        try files.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? files.removeItem(atPath: link)
        try files.createSymbolicLink(atPath: link, withDestinationPath: privateDirectory)
        defer {
            try? files.removeItem(atPath: link)
            if createdRuntime { try? files.removeItem(atPath: runtime) }
        }

        let home = files.temporaryDirectory.appendingPathComponent("breathe-voice-cron-\(UUID().uuidString)")
        try files.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: home) }
        let recording = home.appendingPathComponent("monitor.raw")
        _ = files.createFile(atPath: recording.path, contents: nil)
        let recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        recorder.arguments = ["parec", "-d", "test.monitor", "--raw", "--format=s16le", "--rate=22050", "--channels=1", "--latency-msec=10"]
        recorder.standardOutput = try FileHandle(forWritingTo: recording)
        try recorder.run()
        let user = ProcessInfo.processInfo.environment["USER"] ?? "root"
        let run = try BinaryRun.run(
            ["remind", "--pattern", "1-0-1", "--cycles", "2", "--lang", "en"],
            environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LOGNAME": user, "USER": user],
            clearEnvironment: true
        )
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()

        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "cron would mail: \(run.stdout)")
        #expect(run.stderr.isEmpty, "cron would mail: \(run.stderr)")
        let history = try String(contentsOf: home.appendingPathComponent(".local/state/breathe-voice/history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        #expect(history.contains("\"source\":\"cron\""))
        #expect(history.contains("\"status\":\"completed\""))

        // Heard: the opening words and the lead-in, then a cue at each of the four breaths.
        let data = try Data(contentsOf: recording)
        let samples = stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }
        let loud = samples.filter { abs(Int($0)) > 1000 }.count
        #expect(loud > Self.rate / 2, "hardly anything was heard: \(loud) loud samples")
        #expect(Self.onsets(samples).count >= 4)
    }
}

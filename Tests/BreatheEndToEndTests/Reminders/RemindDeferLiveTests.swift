import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 30: a reminder waits for a call or a recording to end, against a real server (PulseAudio, and PipeWire under
/// scripts/with-pipewire.sh: `LIVE_SUITES`). Each test has a server of its own with a microphone (`CallServer`); the
/// reminder plays tones only (no speech to synthesize) and is heard on that server's monitor, which is itself a
/// recording: of a monitor, so it never defers anything.
@Suite(.serialized)
struct RemindDeferLiveTests {
    /// A one-cycle reminder of tones, 1 s in and 1 s out.
    static let reminder = ["remind", "--pattern", "1-0-1", "--cycles", "1", "--speech", "off", "--plain", "--verbose"]

    /// The reminder, started with its standard output and standard error on file (`FaultRun`).
    struct Reminder {
        let started: FaultRun.Started

        init(_ arguments: [String], home: TemporaryHome, server: String) throws {
            started = try FaultRun.start(
                arguments, home: home, environment: ["PULSE_SERVER": server], standardOutput: .path("capture"))
        }

        /// Waits (at most a minute) until standard error holds `line`.
        func waitForLine(_ line: String) -> Bool {
            Waiting.until(line + "\n", appearsIn: started.stderrFile, within: 60)
        }

        /// Waits for the end; the exit status (128 + a signal's number when one ended it), standard output and all of
        /// standard error.
        func finish() -> (status: Int32, stdout: String, stderr: String) {
            let run = FaultRun.finish(started)
            return (run.ending.status, run.stdout, run.stderr)
        }
    }

    /// The history as `history --json` prints it.
    static func history(_ home: TemporaryHome) throws -> [String] {
        try home.run(["history", "--json"]).stdoutLines
    }

    static func loud(_ samples: ArraySlice<Int16>) -> Bool { samples.contains { abs(Int($0)) > 200 } }

    @Test func aRecordingMakesTheReminderWaitAndItPlaysWhenTheRecordingStops() throws {
        let calls = try CallServer()
        try #require(calls.isReady, "could not start a private sound server with a microphone")
        let call = try calls.recordFromMicrophone()
        let home = try TemporaryHome()
        let doctor = try home.run(["doctor", "--lang", "en"], environment: ["PULSE_SERVER": calls.address])
        #expect(
            doctor.stdoutLines.last
                == "ok: a reminder now would wait for a recording to end (up to 15 minutes), then play")

        let monitor = try MonitorRecorder(device: "own.monitor", server: calls.address)
        let reminder = try Reminder(
            Self.reminder + ["--defer", "1m", "--lang", "en"], home: home, server: calls.address)
        #expect(reminder.waitForLine("The reminder waits for a recording to end (up to 1 minute)."))
        // The call goes on for another second of recorded sound, in which nothing plays; then it ends.
        monitor.record(seconds: 1)
        let callEnded = monitor.sampleCount
        calls.stop(call)
        let run = reminder.finish()
        let samples = try monitor.stop(after: 0.5)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Time for a breathing break.\n"))
        #expect(!Self.loud(samples[..<min(callEnded, samples.count)]), "the reminder played during the call")
        #expect(Self.loud(samples[min(callEnded, samples.count)...]), "the reminder was not heard after the call")
        let records = try Self.history(home)
        #expect(records.count == 1)
        #expect(records.first?.contains(#""status":"completed""#) == true)
        #expect(records.first?.contains("reason") == false)
    }

    @Test func aRecordingThatOutlastsTheWaitSkipsTheReminderAndRecordsWhy() throws {
        let calls = try CallServer()
        try #require(calls.isReady, "could not start a private sound server with a microphone")
        try calls.recordFromMicrophone()
        let home = try TemporaryHome()
        let monitor = try MonitorRecorder(device: "own.monitor", server: calls.address)
        let started = Date()
        let run = try Reminder(Self.reminder + ["--defer", "2s", "--lang", "en"], home: home, server: calls.address)
            .finish()
        let waited = Date().timeIntervalSince(started)
        let samples = try monitor.stop()
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.split(separator: "\n") == [
                "The reminder waits for a recording to end (up to 2 seconds).",
                "Reminder skipped: a recording went on for more than 2 seconds.",
            ])
        #expect(waited >= 2 && waited < 10, "waited \(waited) s")
        #expect(!Self.loud(samples[...]), "a skipped reminder played")
        let records = try Self.history(home)
        #expect(records.count == 1)
        #expect(records.first?.contains(#""status":"skipped""#) == true)
        #expect(records.first?.hasSuffix(#""source":"cron","reason":"recording"}"#) == true)
        // Listed with its reason, in English and in Spanish; counted nowhere.
        #expect(
            try home.run(["history", "--lang", "en"]).stdout.hasSuffix(
                ": Custom pattern (1, 1), reminder skipped: a recording was in progress.\n"))
        #expect(
            try home.run(["history", "--lang", "es"]).stdout.hasSuffix(
                ": Patrón personalizado (1; 1), recordatorio omitido: había una grabación en curso.\n"))
        #expect(
            try home.run(["stats", "--lang", "en"]).stdoutLines == [
                "No session breathed yet: the one in the history ended before its first breath, or was a skipped or failed reminder."
            ])
        let csv = try home.run(["history", "export", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("id,start,end,pattern,timings,ramps,"))
        #expect(csv.contains(",skipped,,,en,cron,recording\r\n"))
    }

    @Test func aStreamWhoseRoleIsPhoneIsACall() throws {
        let calls = try CallServer()
        try #require(calls.isReady, "could not start a private sound server with a microphone")
        try calls.playSilence(role: "phone")
        let home = try TemporaryHome()
        let run = try Reminder(Self.reminder + ["--defer", "1s", "--lang", "es"], home: home, server: calls.address)
            .finish()
        #expect(run.status == 0)
        #expect(run.stderr.split(separator: "\n").last == "Recordatorio omitido: una llamada duró más de un segundo.")
        #expect(try Self.history(home).first?.hasSuffix(#""reason":"call"}"#) == true)
    }

    @Test func musicPlayingOrAMonitorRecordedDoesNotDeferIt() throws {
        let calls = try CallServer()
        try #require(calls.isReady, "could not start a private sound server with a microphone")
        try calls.playSilence(role: nil)
        try calls.playSilence(role: "music")
        try calls.start(["parec", "-d", "own.monitor", "--raw"], kind: "source-outputs")
        let home = try TemporaryHome()
        let monitor = try MonitorRecorder(device: "own.monitor", server: calls.address)
        let run = try Reminder(Self.reminder + ["--lang", "en"], home: home, server: calls.address).finish()
        let samples = try monitor.stop(after: 0.5)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Time for a breathing break.\n"))
        #expect(Self.loud(samples[...]), "the reminder was not heard")
        #expect(try Self.history(home).first?.contains(#""status":"completed""#) == true)
    }

    @Test func aSignalEndsTheWaitAtOnceWithItsExitAndNoRecord() throws {
        let calls = try CallServer()
        try #require(calls.isReady, "could not start a private sound server with a microphone")
        try calls.recordFromMicrophone()
        let home = try TemporaryHome()
        let reminder = try Reminder(
            Self.reminder + ["--defer", "1h", "--lang", "en"], home: home, server: calls.address)
        #expect(reminder.waitForLine("The reminder waits for a recording to end (up to 1 hour)."))
        let sent = Date()
        reminder.started.child.kill(SIGTERM)
        let run = reminder.finish()
        #expect(Date().timeIntervalSince(sent) < 5, "the wait did not end on SIGTERM")
        #expect(run.status == 143)
        #expect(run.stdout.isEmpty)
        #expect(try Self.history(home).isEmpty)
    }

    @Test func zeroDoesNotWait() throws {
        let calls = try CallServer()
        try #require(calls.isReady, "could not start a private sound server with a microphone")
        try calls.recordFromMicrophone()
        let home = try TemporaryHome()
        let run = try Reminder(Self.reminder + ["--defer", "0", "--lang", "en"], home: home, server: calls.address)
            .finish()
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(try Self.history(home).first?.contains(#""status":"completed""#) == true)
    }
}

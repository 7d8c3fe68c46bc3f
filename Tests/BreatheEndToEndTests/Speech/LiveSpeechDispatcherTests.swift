import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// `--speech-via speechd` against a private speech-dispatcher (scripts/with-speechd.sh: the espeak-ng module, its audio
/// into the private PulseAudio null sink). Part of the serialized live suite: every live test records the same monitor.
extension LiveAudioTests {
    /// Samples louder than `level` in `range` of `samples` (clamped).
    static func loud(_ samples: [Int16], _ range: Range<Int>, level: Int = 1000) -> Int {
        let clamped = max(0, range.lowerBound)..<min(samples.count, range.upperBound)
        return clamped.isEmpty ? 0 : samples[clamped].filter { abs(Int($0)) > level }.count
    }

    /// Each cue's tone comes first, on the boundary, and speech-dispatcher's phrase follows it inside the phase: the
    /// stretch from the end of the tone to the next boundary holds speech, which the tone alone (380 ms) never fills.
    @Test func speechDispatcherSaysAPhraseAfterEachCue() throws {
        let address = try LiveServers.requireSpeechDispatcher()
        let recorder = try MonitorRecorder()
        let run = try BinaryRun.run(
            ["--pattern", "3-3", "--cycles", "2", "--speech-via", "speechd", "--lang", "en", "--timing-report"],
            environment: ["SPEECHD_ADDRESS": address, "BREATHE_VOICE_LEAD_IN": "off"]
        )
        let samples = try recorder.stop(after: 1)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("Speech: speech-dispatcher, each phrase sent when its cue was heard."))
        // The first sound is the first inhale tone: no lead-in, and the phrase follows the tone.
        let first = try #require(samples.firstIndex { abs(Int($0)) > 1000 }, "nothing was heard")
        let tone = CueTone.cue(for: .inhale).samples(sampleRate: Self.rate, volume: 70).count
        for cue in 0..<4 {
            let boundary = first + cue * 3 * Self.rate
            #expect(Self.loud(samples, boundary..<boundary + tone) > 1000, "no tone at cue \(cue)")
            let afterTone = boundary + tone + Self.rate / 20
            let speech = Self.loud(samples, afterTone..<boundary + 3 * Self.rate - Self.rate / 10)
            #expect(speech > Self.rate / 10, "cue \(cue): only \(speech) loud samples after the tone")
        }
    }

    /// The same session with speech off is silent after each tone: what the test above heard was the phrase.
    @Test func withSpeechOffNothingFollowsTheTone() throws {
        let address = try LiveServers.requireSpeechDispatcher()
        let recorder = try MonitorRecorder()
        let run = try BinaryRun.run(
            ["--pattern", "3-3", "--cycles", "1", "--speech-via", "speechd", "--speech", "off", "--lang", "en"],
            environment: ["SPEECHD_ADDRESS": address, "BREATHE_VOICE_LEAD_IN": "off"]
        )
        let samples = try recorder.stop(after: 0.5)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let first = try #require(samples.firstIndex { abs(Int($0)) > 1000 }, "nothing was heard")
        let tone = CueTone.cue(for: .inhale).samples(sampleRate: Self.rate, volume: 70).count
        #expect(Self.loud(samples, first + tone + Self.rate / 20..<first + 3 * Self.rate - Self.rate / 10) == 0)
    }

    /// SIGTERM while speech-dispatcher is saying our phrase cancels it (our connection only): the sound stops at once
    /// instead of running to the end of a slow phrase.
    @Test func aSignalCancelsThePhraseBeingSaid() throws {
        let address = try LiveServers.requireSpeechDispatcher()
        let recorder = try MonitorRecorder()
        // The slowest rate, sent to speech-dispatcher because it is given explicitly: "Breathe in" lasts well over a second.
        let started = try FaultRun.start(
            [
                "--pattern", "8-8", "--cycles", "1", "--tones", "off", "--speech-via", "speechd",
                "--rate", "80", "--lang", "en",
            ], home: TemporaryHome(), environment: ["SPEECHD_ADDRESS": address, "BREATHE_VOICE_LEAD_IN": "off"],
            standardOutput: .path("/dev/null"))
        // Wait for the phrase itself to be heard (a tenth of a second of it), then signal.
        var heardAt: Int?
        // Where the recording started, from every look: the signal's place in it is then the clock's, not the file's
        // length at the kill, which lags behind under load (beside PipeWire in CI once by half a second, and what the
        // phrase said before the signal then counted as after it).
        var start = recorder.latestStart()
        Waiting.until(timeout: 20, every: 0.02) {
            start = min(start, recorder.latestStart())
            let data = (try? Data(contentsOf: recorder.file)) ?? Data()
            let samples = stride(from: 0, to: data.count - 1, by: 2).map {
                Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
            }
            if let first = samples.firstIndex(where: { abs(Int($0)) > 1000 }), samples.count > first + Self.rate / 10 {
                heardAt = first
            }
            return heardAt != nil || started.child.hasEnded
        }
        start = min(start, recorder.latestStart())
        let killedAt = recorder.position(now: start)
        started.child.kill(SIGTERM)
        let run = FaultRun.finish(started)
        let samples = try recorder.stop(after: 2)
        let first = try #require(heardAt, "the phrase was never heard")
        #expect(run.ending == .exited(143), "\(run.ending)\n\(run.stderr)")
        // Sounding when the signal came; silent from 300 ms later on (the phrase alone would go on for over a second,
        // thousands of loud samples), but for at most one of PipeWire's periods (1024 samples at 48 kHz) that a loaded
        // server played late: once in CI, 109 loud samples.
        #expect(Self.loud(samples, first..<killedAt, level: 300) > 0)
        let after = Self.loud(samples, killedAt + 3 * Self.rate / 10..<samples.count, level: 300)
        #expect(after <= Self.rate * 1024 / 48_000, "\(after) loud samples after the signal")
    }
    /// Pause cancels what speech-dispatcher is saying for us. At 80 words a minute the spoken key help (`?`) lasts well
    /// over ten seconds; space a second later pauses, which cancels it and says only "Paused". So the monitor falls
    /// silent a few seconds after the key, long before the help would have ended, and stays silent until `q`.
    @Test func pauseCancelsThePhraseBeingSaid() throws {
        let address = try LiveServers.requireSpeechDispatcher()
        let recorder = try MonitorRecorder()
        let run = try PtySession.run(
            [
                "--pattern", "30-30", "--cycles", "1", "--tones", "off", "--speech-via", "speechd", "--rate", "80",
                "--lang", "en", "--plain", "--mood-after", "3",
            ],
            steps: [
                .expect("Breathe in, 30 seconds. Cycle 1 of 1.\n"),
                .quiet(0.5), .send("?"), .quiet(1.5), .send(" "), .expect("Paused"),
                .quiet(10), .send("q"), .expect("Session stopped"),
            ],
            environment: ["SPEECHD_ADDRESS": address, "BREATHE_VOICE_LEAD_IN": "off"]
        )
        let samples = try recorder.stop(after: 0.5)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.status == 0, "\(run.text)")
        // The phrase's first sound; the key help then starts within about two seconds and pause comes a second and a
        // half after that. From six seconds after the first sound to eleven, only silence: "Paused" is long over, the
        // help (had it not been cancelled) would still be speaking, and q has not been pressed yet.
        let first = try #require(samples.firstIndex { abs(Int($0)) > 1000 }, "nothing was heard")
        #expect(
            Self.loud(samples, first..<first + 2 * Self.rate, level: 300) > Self.rate / 10, "the phrase was not heard")
        let silent = Self.loud(samples, first + 6 * Self.rate..<first + 11 * Self.rate, level: 300)
        #expect(silent == 0, "\(silent) loud samples while paused: the key help was not cancelled")
    }
}

/// Our stream and speech-dispatcher's, recorded apart: a second null sink on the test server for our program
/// (`PULSE_SINK`), speech-dispatcher still on "test". Each sink is kept playing silence, so both monitors run from the
/// start (PipeWire's sinks otherwise run only while something plays); how far apart the two recordings start is measured
/// from the files (`programLateBy`).
final class TwoSinkRecording {
    static let ours = "ours"
    private let environment = ProcessInfo.processInfo.environment
    private var silence: [ChildProcess] = []
    let speech: MonitorRecorder
    let program: MonitorRecorder

    init() throws {
        let loaded = PulseServer.spawnAndWait(
            ["pactl", "load-module", "module-null-sink", "sink_name=\(Self.ours)", "rate=22050", "channels=1"],
            environment: environment)
        if loaded != 0 { throw CocoaError(.featureUnsupported) }
        for sink in ["test", Self.ours] {
            let player = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "pacat", "--playback", "--raw", "--format=s16le", "--rate=22050", "--channels=1",
                    "--device=" + sink, "/dev/zero",
                ])
            silence.append(player)
        }
        speech = try MonitorRecorder()
        program = try MonitorRecorder(device: Self.ours + ".monitor")
    }

    /// Samples by which the program's recording starts after the speech one, from looks at both files every 5 ms for
    /// `seconds` while both still record: each recording's start is the earliest its looks allow
    /// (`MonitorRecorder.latestStart`), so a look delayed by a loaded machine never moves it. Timing the two starts
    /// with a clock is not enough: under load a start is seen up to a few hundred milliseconds late.
    func programLateBy(lookingFor seconds: Double) -> Int {
        var speechStart = Double.infinity
        var programStart = Double.infinity
        Waiting.sample(for: seconds, every: 0.005) {
            speechStart = min(speechStart, speech.latestStart())
            programStart = min(programStart, program.latestStart())
            return true
        }
        return Int(((programStart - speechStart) * Double(MonitorRecorder.rate)).rounded())
    }

    deinit {
        for player in silence {
            player.kill(SIGKILL)
            _ = player.wait()
        }
        _ = PulseServer.spawnAndWait(
            [
                "sh", "-c",
                "pactl unload-module $(pactl list short modules | awk '/sink_name=\(Self.ours)/ {print $1}')",
            ],
            environment: environment)
    }
}

extension LiveAudioTests {
    /// RMS of each 20 ms window of `samples`, from `offset` samples in.
    static func windowLevels(_ samples: [Int16], from offset: Int = 0) -> [Double] {
        let window = rate / 50
        return stride(from: max(0, offset), to: samples.count - window, by: window).map { start in
            let slice = samples[start..<start + window]
            return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window)).squareRoot()
        }
    }

    /// With the guide on, a phrase speech-dispatcher says (on a stream of its own, whose length we never learn) is not
    /// heard over the guide at its full level: wherever speech sounds, the guide on our stream is at least 20 dB under
    /// its peak (it ducks 30 dB). Every phrase falls where the guide is loudest: the hold after an inhale, the exhale.
    @Test func speechDispatchersPhrasesAreNeverHeardOverTheGuideAtFullLevel() throws {
        let address = try LiveServers.requireSpeechDispatcher()
        let recording = try TwoSinkRecording()
        let run = try BinaryRun.run(
            [
                "--pattern", "4-4-4", "--cycles", "2", "--speech-via", "speechd", "--guide", "swell", "--tones", "off",
                "--lang", "en",
            ],
            environment: [
                "SPEECHD_ADDRESS": address, "BREATHE_VOICE_LEAD_IN": "off", "PULSE_SINK": TwoSinkRecording.ours,
            ]
        )
        let programLateBy = recording.programLateBy(lookingFor: 1)
        let speech = Self.windowLevels(try recording.speech.stop(), from: programLateBy)
        let guide = Self.windowLevels(try recording.program.stop(after: 0))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let peak = try #require(guide.max())
        #expect(peak > 300, "the guide was not heard on our stream (peak RMS \(peak))")
        // Stretches of speech (20 ms windows louder than 300, gaps under 100 ms joined); their insides, 160 ms from
        // either end, where neither the two recordings' few milliseconds apart nor the guide's 10 ms ramp matter.
        var stretches: [Range<Int>] = []
        for index in speech.indices where speech[index] > 300 {
            if let last = stretches.last, index - last.upperBound <= 5 {
                stretches[stretches.count - 1] = last.lowerBound..<index + 1
            } else {
                stretches.append(index..<index + 1)
            }
        }
        let inside = stretches.flatMap { ($0.lowerBound + 8)..<max($0.lowerBound + 8, $0.upperBound - 8) }
            .filter { $0 < guide.count }
        #expect(stretches.count >= 5, "speech-dispatcher said \(stretches.count) phrases, 6 expected")
        #expect(inside.count >= 20, "only \(inside.count) windows inside the phrases")
        let over = inside.filter { guide[$0] > peak / 10 }
        #expect(
            over.isEmpty,
            "the guide was within 20 dB of its peak (\(Int(peak))) under speech in \(over.count) of \(inside.count) windows: \(over.prefix(8).map { "\($0 * 20) ms: \(Int(guide[$0]))" }); speech at \(stretches.map { "\($0.lowerBound * 20)–\($0.upperBound * 20) ms" }), the program's recording \(programLateBy * 1000 / MonitorRecorder.rate) ms after speech's"
        )
    }
}

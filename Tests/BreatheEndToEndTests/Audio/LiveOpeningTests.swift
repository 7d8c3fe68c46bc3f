import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 27: at a terminal with speech on, the opening (the key hint, "Get ready") is heard whole before the first
/// phase: the first inhale's tone is on its planned sample in the recording, its word follows within 0.5 s, and the
/// timing report says so too (no tone left out, no word late).
extension LiveAudioTests {
    @Test func atATerminalTheOpeningNeverEatsTheFirstPhase() throws {
        try LiveServers.requireSoundServer()
        let home = try TemporaryHome()
        let events = home.root.appendingPathComponent("events.jsonl")
        let recorder = try MonitorRecorder()
        let lateness = GraphLateness()
        let run = try PtySession.run(
            [
                "--pattern", "4-4-4-4", "--cycles", "1", "--lang", "en", "--plain", "--mood-after", "3",
                "--timing-report", "--events", "json=" + events.path,
            ],
            steps: [.expect("Press question mark for the keys.\n"), .expect("Speech: eSpeak NG", timeout: 60)],
            environment: home.environment)
        let samples = try recorder.stop(after: 0.5)
        #expect(run.error == nil, "\(run.error ?? "")\n\(run.text)")
        #expect(run.status == 0, "\(run.text)")
        // The key hint is one short sentence; the whole list only on `?`.
        #expect(!run.text.contains("Keys: space pauses"), "\(run.text)")
        #expect(!run.text.contains("left out") && !run.text.contains("after the boundary"), "\(run.text)")

        // Where the session planned its first phase: its lead-in covers the opening.
        let records = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        let first = try #require(
            records.first { $0["state"] as? String == "active" && $0["segment"] as? String == "phase" },
            "no phase in the event stream")
        let planned = Int(((first["planned"] as? Double ?? 0) * Double(Self.rate)).rounded())
        #expect(planned > 3 * Self.rate, "the lead-in did not grow to cover the key hint: \(planned) samples")

        // The key hint is the first sound, on the timeline's sample 0.
        let heard = Self.onsets(samples)
        let start = try #require(heard.first, "nothing was heard")
        let boundary = start + planned
        // The tone: on its sample (within 15 ms, but for what PipeWire's graph lost), after a quarter second of silence
        // (the opening has ended).
        let tone = try #require(
            Self.onset(near: boundary, in: heard), "no sound starts near the first boundary (sample \(boundary))")
        #expect(
            lateness.unexplained([tone - boundary], tolerance: Self.rate * 15 / 1000, rate: Self.rate).isEmpty,
            "the first tone is \(tone - boundary) samples off\(lateness.summary)")
        #expect(
            Self.rms(samples, boundary - Self.rate / 4..<boundary - Self.rate / 50) < 100,
            "something was still sounding before the first boundary")
        // The word: after the tone and its gap, within half a second of the boundary.
        let toneLength = CueTone.cue(for: .inhale).samples(sampleRate: Self.rate, volume: 70).count
        let afterTone = tone + toneLength + Self.rate * 20 / 1000
        let word = try #require(
            (afterTone..<min(samples.count, tone + Self.rate)).first { abs(Int(samples[$0])) > 200 },
            "no word after the first tone")
        #expect(word - boundary <= Self.rate / 2, "the first word starts \(word - boundary) samples after its boundary")
    }
}

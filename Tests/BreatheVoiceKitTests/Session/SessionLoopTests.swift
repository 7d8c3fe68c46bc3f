import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A sink that keeps every sample in memory and can be told to lose its server after some samples.
final class MemoryAudioSink: AudioSink {
    var samples: [Int16] = []
    var failAfter: Int?
    var flushes = 0
    var finished = false

    func deviceLatencySamples() -> Int64 { 0 }

    func write(_ block: [Int16]) throws(BreatheError) {
        if let failAfter, samples.count + block.count > failAfter {
            throw .unavailable(Message(.errorAudioLost, ["detail": .text("Connection terminated")]))
        }
        samples += block
    }
    func latencySamples() -> Int64 { 0 }
    func flush() { flushes += 1 }
    func finish() throws(BreatheError) { finished = true }
    func reconnect() throws(BreatheError) {
        throw .unavailable(Message(.errorAudioLost, ["detail": .text("still gone")]))
    }
}

/// Collects the lines and the position each announcement was handed over at.
final class LineRecorder: SessionPresenter {
    let localizer = Localizer(language: "en")
    var lines: [(position: Int64, text: String)] = []
    func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        if case .announce(let announcement) = effect { lines.append((position, localizer.string(announcement.line))) }
    }
}

@Suite struct SessionLoopTests {
    static let localizer = Localizer(language: "en")
    /// A fake voice: every phrase is 0.2 s of a constant level that encodes its length, so it can be found in the output.
    static let fakeSpeech = Speech(
        voices: { () throws(BreatheError) -> [SpeechVoice] in
            [SpeechVoice(code: "en-us", name: "Fake", languages: ["en-us"], identifier: "fake/en-us")]
        },
        synthesize: { (text: String, _: SpeechSettings) throws(BreatheError) -> AudioClip in
            AudioClip([Int16](repeating: 3, count: 4410))
        }
    )
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [
            Phase(.inhale, seconds: 2), Phase(.hold, seconds: 1), Phase(.exhale, seconds: 2),
        ]),
        length: .cycles(2), sampleRate: 22_050
    ).get()

    static func runner(
        sink: MemoryAudioSink, presenter: LineRecorder, speech: Bool = true, tones: Bool = true,
        counting: Bool = false, interactive: Bool = false, inputs: SessionInputs = SessionInputs()
    )
        throws -> SessionLoop<RenderPacer<MemoryAudioSink>, MonotonicClock>
    {
        let choices = AudioChoices(speech: speech, tones: tones)
        let phrases =
            speech
            ? try PhraseBook(
                plan: plan, counting: counting, localizer: localizer, speech: fakeSpeech,
                settings: choices.speechSettings(localizer: localizer))
            : PhraseBook(localizer: localizer)
        return SessionLoop(
            machine: SessionMachine(plan: plan), pacer: RenderPacer(sink: sink, blockSamples: 97),
            clock: MonotonicClock(), presenters: [presenter],
            sound: SessionSound(phrases: phrases, tones: choices.toneClips(sampleRate: 22_050)), inputs: inputs,
            options: .init(counting: counting, interactive: interactive))
    }

    @Test func rendersExactlyThePlanWithEachToneOnItsBoundary() throws {
        let sink = MemoryAudioSink()
        let presenter = LineRecorder()
        var runner = try Self.runner(sink: sink, presenter: presenter, speech: false)
        let outcome = try runner.run().get()
        #expect(outcome.summary.status == .completed)
        #expect(Int64(sink.samples.count) == Self.plan.totalSamples)
        #expect(sink.finished)
        for cycle in 1...2 {
            for index in 0..<3 {
                let start = Int(Self.plan.start(of: .phase(cycle: cycle, index: index)))
                let tone = CueTone.cue(for: Self.plan.kind(ofPhase: index)).samples(sampleRate: 22_050, volume: 70)
                #expect(Array(sink.samples[start..<start + tone.count]) == tone, "cycle \(cycle) phase \(index)")
                #expect(sink.samples[start - 1] == 0)
            }
        }
    }

    @Test func linesComeOutAtTheirSamplesInOrder() throws {
        let sink = MemoryAudioSink()
        let presenter = LineRecorder()
        var runner = try Self.runner(sink: sink, presenter: presenter)
        _ = try runner.run().get()
        #expect(
            presenter.lines.map(\.text) == [
                "Custom pattern, in seconds: in 2, hold 1, out 2. 2 cycles, about 10 seconds.", "Get ready.",
                "Breathe in, 2 seconds. Cycle 1 of 2.", "Hold, 1 second.", "Breathe out, 2 seconds.",
                "Breathe in, 2 seconds. Cycle 2 of 2.", "Hold, 1 second.", "Breathe out, 2 seconds.",
                "Session complete: 2 cycles in 10 seconds.",
            ])
        #expect(presenter.lines[2].position == Self.plan.start(of: .phase(cycle: 1, index: 0)))
        // The lead-in phrase is mixed at sample 0; the inhale tone starts on the first boundary, and its phrase a gap
        // after the tone has ended (CueLayout): nothing is added to the tone.
        #expect(sink.samples[0] == 3)
        let start = Int(Self.plan.start(of: .phase(cycle: 1, index: 0)))
        let tone = CueTone.cue(for: .inhale).samples(sampleRate: 22_050, volume: 70)
        #expect(Array(sink.samples[start..<start + tone.count]) == tone)
        let word = start + tone.count + Int(CueLayout.gapSamples(sampleRate: 22_050))
        #expect(sink.samples[start + tone.count..<word].allSatisfy { $0 == 0 })
        #expect(sink.samples[word] == 3)
    }

    @Test func countsLandOnWholeSecondsInsideAPhase() throws {
        let sink = MemoryAudioSink()
        let presenter = LineRecorder()
        var runner = try Self.runner(sink: sink, presenter: presenter, tones: false, counting: true)
        _ = try runner.run().get()
        let start = Int(Self.plan.start(of: .phase(cycle: 1, index: 0)))
        #expect(sink.samples[start + 22_050 - 1] == 0)
        #expect(sink.samples[start + 22_050] == 3) // "two", one second into the two-second inhale
        #expect(sink.samples[start + 22_050 + 4410] == 0)
    }

    @Test func aLostServerEndsANonInteractiveRunWithTheError() throws {
        let sink = MemoryAudioSink()
        let presenter = LineRecorder()
        sink.failAfter = 100_000
        var runner = try Self.runner(sink: sink, presenter: presenter)
        let result = runner.run()
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.exitCode == 69)
        #expect(error.message.key == .errorAudioLost)
    }

    @Test func aLostServerPausesAnInteractiveRunAndSaysSo() throws {
        let sink = MemoryAudioSink()
        let presenter = LineRecorder()
        sink.failAfter = 100_000
        // A key source that presses q only once the server is gone.
        let keys = KeyPipe("q")
        let gone = { presenter.lines.contains(where: { $0.text.hasPrefix("The sound server went away") }) }
        var runner = try Self.runner(
            sink: sink, presenter: presenter, interactive: true, inputs: keys.inputs(when: gone))
        let outcome = try runner.run().get()
        #expect(outcome.summary.status == .interrupted)
        #expect(
            presenter.lines.map(\.text).contains("The sound server went away. Paused; press space to go on, q to quit.")
        )
    }

    /// `+`, `]` and `t` pressed during the lead-in of a session with sound: the rate and the tone level change for the
    /// rest of the session, each change is printed and said, and the phrases with a number are said at the new rate.
    /// The fake voice speaks at a level equal to the rate, so the output tells which rate said what.
    @Test func keysChangeTheRateAndTheToneLevelAndSayTheTimeLeft() throws {
        let rateVoice = Speech(
            voices: { () throws(BreatheError) -> [SpeechVoice] in [] },
            synthesize: { (_: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip in
                AudioClip([Int16](repeating: Int16(settings.rate), count: 2205))
            }
        )
        let worker = PhraseWorker { text, settings in try? rateVoice.synthesize(text, settings) }
        defer { worker.finish() }
        /// Holds each block until the worker has done everything asked of it: what a live session's real-time pace
        /// gives for free (a phrase is ready long before the next boundary).
        final class WaitingSink: AudioSink {
            var samples: [Int16] = []
            let holdAt: Int
            let worker: PhraseWorker
            init(holdAt: Int, worker: PhraseWorker) {
                self.holdAt = holdAt
                self.worker = worker
            }
            func deviceLatencySamples() -> Int64 { 0 }
            func write(_ block: [Int16]) throws(BreatheError) {
                if samples.count + block.count >= holdAt { Waiting.until(timeout: 60, every: 0) { !worker.isBusy } }
                samples += block
            }
            func latencySamples() -> Int64 { 0 }
            func flush() {}
            func finish() throws(BreatheError) {}
            func reconnect() throws(BreatheError) {}
        }
        let keys = KeyPipe("+]t")
        let choices = AudioChoices(speech: true, tones: true)
        let settings = choices.speechSettings(localizer: Self.localizer)
        let phrases = try PhraseBook(
            plan: Self.plan, counting: false, localizer: Self.localizer, speech: rateVoice, settings: settings)
        let start = Int(Self.plan.start(of: .phase(cycle: 1, index: 0)))
        let sink = WaitingSink(holdAt: 0, worker: worker)
        let presenter = LineRecorder()
        var sound = SessionSound(phrases: phrases, tones: choices.toneClips(sampleRate: 22_050))
        sound.worker = worker
        sound.speechSettings = settings
        var runner = SessionLoop(
            machine: SessionMachine(plan: Self.plan), pacer: RenderPacer(sink: sink, blockSamples: 97),
            clock: MonotonicClock(), presenters: [presenter], sound: sound, inputs: keys.inputs(),
            options: .init(interactive: true))
        let outcome = try runner.run().get()
        #expect(outcome.summary.status == .completed)
        let lines = presenter.lines.map(\.text)
        #expect(lines.contains("Speech rate 200 words a minute."))
        #expect(lines.contains("Tone volume 80."))
        #expect(
            lines.contains {
                $0.hasPrefix("Get ready. Time left: 3 seconds in this phase, 13 seconds in the session.")
            }, "\(lines)")
        // Said during the lead-in at the new rate: the rate's own sentence and the time left.
        #expect(sink.samples[0..<start].contains(200))
        #expect(sink.samples[0..<start].firstIndex(of: 175) == 0, "the lead-in's own phrase, prepared before")
        // The first phase: its tone at level 80, then its word from the book prepared again at 200 words a minute.
        let tone = CueTone.cue(for: .inhale).samples(sampleRate: 22_050, volume: 80)
        let toneHeard = Array(sink.samples[start..<start + tone.count]) == tone
        #expect(toneHeard, "the first tone is not the level-80 inhale tone")
        let word = start + tone.count + Int(CueLayout.gapSamples(sampleRate: 22_050))
        #expect(sink.samples[word] == 200)
        #expect(!sink.samples[start...].contains(175))
    }
}

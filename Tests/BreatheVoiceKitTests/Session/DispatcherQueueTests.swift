import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Records what the runner sends to speech-dispatcher, with how many samples the sink had received at that moment.
final class RecordingDispatcher: SpeechDispatcherConnection {
    let sink: MemoryAudioSink
    var log: [(event: String, written: Int)] = []
    /// How many phrases the daemon takes before it goes away (nil: it never does).
    var answers: Int?
    init(sink: MemoryAudioSink) { self.sink = sink }
    func say(_ text: String, urgent: Bool) -> Bool {
        if let answers, log.filter({ $0.event.hasPrefix("say ") }).count >= answers {
            log.append(("refused " + text, sink.samples.count))
            return false
        }
        log.append(("say " + text, sink.samples.count))
        return true
    }
    func cancel() { log.append(("cancel", sink.samples.count)) }
    func setRate(wordsPerMinute: Int) { log.append(("rate \(wordsPerMinute)", sink.samples.count)) }
    var events: [String] { log.map(\.event) }
}

/// The runner with speech through speech-dispatcher (a recorder here; the live tests use a real daemon).
@Suite struct DispatcherQueueTests {
    static let plan = SessionLoopTests.plan
    static let block = 97

    static func runner(
        sink: MemoryAudioSink, dispatcher: RecordingDispatcher, tones: Bool = true,
        inputs: SessionInputs = SessionInputs()
    ) -> SessionLoop<RenderPacer<MemoryAudioSink>, MonotonicClock> {
        SessionLoop(
            machine: SessionMachine(plan: plan), pacer: RenderPacer(sink: sink, blockSamples: block),
            clock: MonotonicClock(), presenters: [LineRecorder()],
            sound: SessionSound(
                phrases: PhraseBook(localizer: SessionLoopTests.localizer),
                tones: AudioChoices(tones: tones).toneClips(sampleRate: 22_050)),
            speaker: DispatcherQueue(dispatcher, cuesInterrupt: false), inputs: inputs,
            options: .init(interactive: true))
    }

    @Test func eachPhraseIsSentWhenItsPlaceAfterTheToneIsHeard() throws {
        let sink = MemoryAudioSink()
        let dispatcher = RecordingDispatcher(sink: sink)
        var runner = Self.runner(sink: sink, dispatcher: dispatcher)
        #expect(try runner.run().get().summary.status == .completed)
        #expect(
            dispatcher.events == [
                "say Get ready", "say Breathe in", "say Hold", "say Breathe out", "say Breathe in", "say Hold",
                "say Breathe out",
                "say Well done. Session complete.",
            ])
        // Our own stream carries only the tones: nothing of the speech is mixed into it.
        #expect(Int64(sink.samples.count) == Self.plan.totalSamples)
        let gap = Int(CueLayout.gapSamples(sampleRate: 22_050))
        for (offset, cycle, index) in [(1, 1, 0), (2, 1, 1), (3, 1, 2), (4, 2, 0), (5, 2, 1), (6, 2, 2)] {
            let boundary = Int(Self.plan.start(of: .phase(cycle: cycle, index: index)))
            let tone = CueTone.cue(for: Self.plan.kind(ofPhase: index)).samples(sampleRate: 22_050, volume: 70)
            #expect(Array(sink.samples[boundary..<boundary + tone.count]) == tone)
            #expect(sink.samples[boundary + tone.count..<boundary + tone.count + gap].allSatisfy { $0 == 0 })
            // Sent within one block of the moment the word's sample is written (a file sink has no latency).
            let due = boundary + tone.count + gap
            #expect(abs(dispatcher.log[offset].written - due) <= Self.block, "\(dispatcher.log[offset]) due at \(due)")
        }
        // Closing words: on the closing boundary (no tone there).
        #expect(abs(dispatcher.log[7].written - Int(Self.plan.breathingEnd)) <= Self.block)
    }

    /// The daemon goes away mid-session: one line says so, nothing more is sent to it, and the session goes on to its
    /// end with the tones and the printed sentences.
    @Test func aDaemonThatGoesAwayIsSaidOnceAndTheSessionGoesOn() throws {
        let sink = MemoryAudioSink()
        let dispatcher = RecordingDispatcher(sink: sink)
        dispatcher.answers = 2
        let lines = LineRecorder()
        var runner = Self.runner(sink: sink, dispatcher: dispatcher)
        runner.presenters = [lines]
        #expect(try runner.run().get().summary.status == .completed)
        #expect(dispatcher.events == ["say Get ready", "say Breathe in", "refused Hold"])
        let lost = lines.lines.map(\.text).filter { $0.hasPrefix("speech-dispatcher stopped answering") }
        #expect(lost.count == 1)
        // Every phase's sentence is still printed, and the stream still carries the whole session.
        #expect(lines.lines.filter { $0.text.hasPrefix("Breathe out") }.count == 2)
        #expect(Int64(sink.samples.count) == Self.plan.totalSamples)
    }

    @Test func withTonesOffEachPhraseIsSentOnItsBoundaryAndTheStreamIsSilence() throws {
        let sink = MemoryAudioSink()
        let dispatcher = RecordingDispatcher(sink: sink)
        var runner = Self.runner(sink: sink, dispatcher: dispatcher, tones: false)
        _ = try runner.run().get()
        #expect(Int64(sink.samples.count) == Self.plan.totalSamples)
        #expect(sink.samples.allSatisfy { $0 == 0 })
        let boundary = Int(Self.plan.start(of: .phase(cycle: 1, index: 0)))
        #expect(abs(dispatcher.log[1].written - boundary) <= Self.block)
    }

    /// Space while "Breathe in" is being said: it is cancelled, "Paused" is said; q then stops.
    @Test func pauseCancelsOurSpeechThenSaysPaused() throws {
        let sink = MemoryAudioSink()
        let dispatcher = RecordingDispatcher(sink: sink)
        let keys = KeyPipe(" q")
        var runner = Self.runner(
            sink: sink, dispatcher: dispatcher,
            inputs: keys.inputs(
                when: { dispatcher.events.contains("say Breathe in") },
                { $0 == UInt8(ascii: " ") ? .togglePause : .quit }))
        #expect(try runner.run().get().summary.status == .stopped)
        let events = dispatcher.events
        let breatheIn = try #require(events.firstIndex(of: "say Breathe in"))
        #expect(Array(events[breatheIn...].prefix(3)) == ["say Breathe in", "cancel", "say Paused"])
        #expect(events.last == "say Session stopped.")
        #expect(!events.contains("say Hold"))
    }

    @Test func skipCancelsThePhraseOfThePhaseItLeaves() throws {
        let sink = MemoryAudioSink()
        let dispatcher = RecordingDispatcher(sink: sink)
        let keys = KeyPipe("s")
        var runner = Self.runner(
            sink: sink, dispatcher: dispatcher,
            inputs: keys.inputs(when: { dispatcher.events.contains("say Breathe in") }, { _ in .skip }))
        _ = try runner.run().get()
        let events = dispatcher.events
        let breatheIn = try #require(events.firstIndex(of: "say Breathe in"))
        #expect(Array(events[breatheIn...].prefix(3)) == ["say Breathe in", "cancel", "say Skipped. Hold"])
    }

    /// The key sentences go through speech-dispatcher like every phrase: `t` (a number known only then), `+` (which
    /// also sets the connection's rate) and a skip, said after the lead-in's "Get ready".
    @Test func keySentencesAreSaidBySpeechDispatcher() throws {
        let sink = MemoryAudioSink()
        let dispatcher = RecordingDispatcher(sink: sink)
        let keys = KeyPipe("t+s")
        // The skip waits until the two answers were said: a skip drops what has not been said yet.
        var pressed = 0
        let ready = { pressed < 2 || dispatcher.events.contains("say Speech rate 200 words a minute.") }
        let inputs = keys.inputs(when: ready) { byte in
            pressed += 1
            return KeyReader.input(for: byte)
        }
        var runner = Self.runner(sink: sink, dispatcher: dispatcher, inputs: inputs)
        runner.sound.speechSettings = AudioChoices().speechSettings(localizer: SessionLoopTests.localizer)
        _ = try runner.run().get()
        let events = dispatcher.events
        #expect(
            events.contains("say Get ready. Time left: 3 seconds in this phase, 13 seconds in the session."),
            "\(events)")
        #expect(events.contains("rate 200"))
        #expect(events.contains("say Speech rate 200 words a minute."))
        #expect(events.contains("say Skipped. Breathe in"), "\(events)")
    }
}

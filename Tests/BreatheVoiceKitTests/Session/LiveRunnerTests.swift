import BreatheCore
import Foundation
import Testing
@testable import BreatheVoiceKit

/// The runner on a live sink, in virtual time: fed seconds ahead, asleep between the server's requests, and a key
/// heard at once.
@Suite struct LiveRunnerTests {
    static let plan = AudioSessionRunnerTests.plan

    static func runner(sink: VirtualLiveSink, presenter: LineRecorder, interactive: Bool = false) throws -> AudioSessionRunner<VirtualLiveSink> {
        let choices = AudioChoices(speech: true, tones: true)
        let phrases = try PhraseBook(plan: plan, counting: false, localizer: AudioSessionRunnerTests.localizer,
                                     speech: AudioSessionRunnerTests.fakeSpeech, settings: choices.speechSettings(localizer: AudioSessionRunnerTests.localizer))
        return AudioSessionRunner(machine: SessionMachine(plan: plan), sink: sink, presenters: [presenter], phrases: phrases,
                                  tones: choices.toneClips(sampleRate: 22_050), counting: false,
                                  inputs: SessionInputPoller(sources: [sink.source]), interactive: interactive, blockSamples: 97)
    }

    @Test func whatIsHeardIsTheFileRenderWithoutADropoutAndFewWakeUps() throws {
        let file = MemoryAudioSink()
        var rendered = try AudioSessionRunnerTests.runner(sink: file, presenter: LineRecorder())
        _ = try rendered.run().get()

        let sink = VirtualLiveSink(), presenter = LineRecorder()
        var runner = try Self.runner(sink: sink, presenter: presenter)
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.heard == file.samples)
        #expect(sink.underruns == 0)
        #expect(sink.flushes == 0)
        // About 13 s: a request every half second, a few effects per phase, and each deadline's margin.
        #expect(sink.sleeps < 13 * 8, "\(sink.sleeps) sleeps")
        // Each phase's line is released when its sample is heard (within one block), not when it is rendered.
        let first = Self.plan.start(of: .phase(cycle: 1, index: 0))
        #expect(presenter.lines.contains { $0.position == first && $0.text.hasPrefix("Breathe in") })
    }

    /// `s` pressed in the middle of the first inhale, with seconds queued: the next phase's tone is heard within a few
    /// milliseconds of the key, not after what was queued.
    @Test func aKeyIsHeardAtOnceNotAfterWhatIsQueued() throws {
        let sink = VirtualLiveSink(), presenter = LineRecorder()
        let press = Self.plan.start(of: .phase(cycle: 1, index: 0)) + 22_050 * 8 / 10
        sink.keys = [(press, .skip)]
        var runner = try Self.runner(sink: sink, presenter: presenter, interactive: true)
        _ = try runner.run().get()
        #expect(sink.flushes >= 1)
        #expect(sink.underruns == 0)
        let hold = CueTone.cue(for: .hold).samples(sampleRate: 22_050, volume: 70)
        let heardAt = sink.heard.indices.first { index in
            index >= Int(press) && index + hold.count <= sink.heard.count && Array(sink.heard[index..<index + hold.count]) == hold
        }
        let at = try #require(heardAt, "the hold tone was never heard after the key")
        #expect(at - Int(press) <= 22_050 * 50 / 1000, "heard \(at - Int(press)) samples after the key")
    }
}

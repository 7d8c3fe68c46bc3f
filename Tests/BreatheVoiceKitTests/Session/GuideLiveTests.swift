import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The guide sound played live through pause, resume and skip (in the virtual sink's time): no click anywhere in what
/// is heard, and after each fade exactly the guide a straight render has at that point of the timeline.
@Suite struct GuideLiveTests {
    static let plan = SessionLoopTests.plan
    /// The largest step between two heard samples: the chord's own steepest at full level, with a little room
    /// (GuideSoundTests.largestStep).
    static let largestStep = 110
    static let fade = Int(GuideShaping.fadeSamples(sampleRate: 22_050))

    /// A word-free, tone-free session with the guide: what is heard is the guide alone.
    static func runner(sink: VirtualLiveSink) -> SessionLoop<LivePacer<VirtualLiveSink>, VirtualSinkClock> {
        let choices = AudioChoices(speech: false, tones: false)
        let sound = SessionSound(
            phrases: PhraseBook(localizer: SessionLoopTests.localizer), tones: choices.toneClips(sampleRate: 22_050),
            guide: GuideSound(plan: plan))
        return SessionLoop(
            machine: SessionMachine(plan: plan), pacer: LivePacer(sink: sink, blockSamples: 97),
            clock: VirtualSinkClock(sink: sink), presenters: [LineRecorder()], sound: sound,
            inputs: SessionInputs(sources: [sink.source]), options: .init(interactive: true))
    }

    /// Where `stretch` first appears in `samples` at or after `from`, or nil.
    static func find(_ stretch: ArraySlice<Int16>, in samples: [Int16], from: Int, within: Int) -> Int? {
        (from..<min(from + within, samples.count - stretch.count)).first {
            samples[$0..<$0 + stretch.count].elementsEqual(stretch)
        }
    }

    @Test func pauseResumeAndSkipNeverClickAndComeBackAtTheRightLevel() throws {
        let straight = GuideSound(plan: Self.plan).samples(
            from: 0, count: Int(Self.plan.totalSamples), shaping: GuideShaping(sampleRate: 22_050))
        let sink = VirtualLiveSink()
        // Pause half way through the first hold (full level), resume a second later, then skip from the middle of
        // the second inhale (half way up) to the second hold (full level).
        let hold = Int(Self.plan.start(of: .phase(cycle: 1, index: 1)))
        let pauseAt = Int64(hold + 11_025)
        let resumeAt = pauseAt + 22_050
        let inhale = Self.plan.start(of: .phase(cycle: 2, index: 0))
        let skipAt = inhale + 22_050 + 22_050
        sink.keys = [(pauseAt, .togglePause), (resumeAt, .togglePause), (skipAt, .skip)]
        var runner = Self.runner(sink: sink)
        #expect(try runner.run().get().summary.status == .completed)
        let heard = sink.heard
        #expect(sink.flushes >= 2)

        // No click: not at the pause, not at the resume, not at the skip.
        let steps = zip(heard, heard.dropFirst()).map { abs(Int($1) - Int($0)) }
        let largest = try #require(steps.max())
        #expect(largest <= Self.largestStep, "a step of \(largest) at \(steps.firstIndex(of: largest)!)")
        #expect(largest >= 90, "the guide was not heard")

        // The pause: the guide fades out within its fade, then silence for the second it lasts.
        let silentFrom = try #require(
            (Int(pauseAt)..<heard.count).first { heard[$0..<$0 + 2205].allSatisfy { $0 == 0 } })
        #expect(silentFrom - Int(pauseAt) <= Self.fade + 97, "the guide went on \(silentFrom - Int(pauseAt)) samples")
        let silentTo = try #require((silentFrom..<heard.count).first { heard[$0] != 0 })
        #expect(abs(silentTo - Int(resumeAt)) <= Self.fade + 97, "resumed at \(silentTo), the key at \(resumeAt)")
        // After the resume's fade, the guide of the hold, where the pause left it: at full level.
        let paused = Int(pauseAt) - (silentFrom - Int(pauseAt))
        let afterResume = straight[(hold + 11_025 + Self.fade)..<(hold + 11_025 + Self.fade + 2000)]
        let resumed = Self.find(afterResume, in: heard, from: silentTo, within: 4410 + Self.fade)
        #expect(resumed != nil, "the hold's guide did not come back after the resume (paused near \(paused))")

        // After the skip's cross-fade, the second hold's guide from its start, at full level.
        let secondHold = Int(Self.plan.start(of: .phase(cycle: 2, index: 1)))
        let afterSkip = straight[(secondHold + Self.fade)..<(secondHold + Self.fade + 2000)]
        let skipped = Self.find(afterSkip, in: heard, from: Int(skipAt), within: 4410 + 2 * Self.fade)
        #expect(skipped != nil, "the second hold's guide was not heard after the skip")
    }
}

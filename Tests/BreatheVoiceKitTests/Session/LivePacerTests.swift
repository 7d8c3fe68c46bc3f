import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The runner on a live sink, in virtual time: fed seconds ahead, asleep between the server's requests, and a key
/// heard at once.
@Suite struct LivePacerTests {
    static let plan = SessionLoopTests.plan

    @Test func whatIsHeardIsTheFileRenderWithoutADropoutAndFewWakeUps() throws {
        let file = MemoryAudioSink()
        var rendered = try SessionLoopTests.runner(sink: file, presenter: LineRecorder())
        _ = try rendered.run().get()

        let sink = VirtualLiveSink()
        let presenter = LineRecorder()
        var runner = try Self.runner(sink: sink, presenters: [presenter], interactive: false)
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

    /// Issue 45: with the live sink's buffer (20 s queued, more asked for 9.85 s at a time, 150 ms in the device), the
    /// runner sleeps only for what is due: a phase applied just before it is heard, its line handed over as it is
    /// heard, the server's request; no sleep of its own cut short in between.
    @Test func withTheLiveSinksBufferTheRunnerSleepsOnlyForWhatIsDue() throws {
        let sink = VirtualLiveSink(
            targetSamples: 22_050 * LivePulseSink.targetMilliseconds / 1000,
            requestSamples: 22_050 * LivePulseSink.requestMilliseconds / 1000,
            deviceLatency: 22_050 * LivePulseSink.deviceMilliseconds / 1000)
        sink.keepsRequests = true
        let presenter = LineRecorder()
        let box = try SessionPlan.make(
            pattern: BreathingPattern(phases: [
                Phase(.inhale, seconds: 4), Phase(.hold, seconds: 4), Phase(.exhale, seconds: 4),
                Phase(.rest, seconds: 4),
            ]),
            length: .cycles(2), sampleRate: 22_050
        ).get()
        var runner = try Self.runner(sink: sink, presenters: [presenter], interactive: false, plan: box)
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.underruns == 0)
        #expect(presenter.lines.count >= 8)
        // About three a phase (its line, the next phase, a request) and a few for the opening and the closing words:
        // 30 or so in 36 s. A sleep cut short at one second would add two a phase.
        let seconds = Double(sink.clock) / 22_050
        #expect(Double(sink.sleeps) <= seconds, "\(sink.sleeps) sleeps in \(seconds) s")
    }

    /// No write mixes more than a quarter of a second (the first sound goes out before the rest of the queue is
    /// mixed), yet the queue still runs seconds ahead, and what is heard is the file render.
    @Test func eachWriteMixesAQuarterSecondAtMostWhileTheQueueRunsSecondsAhead() throws {
        let file = MemoryAudioSink()
        var rendered = try SessionLoopTests.runner(sink: file, presenter: LineRecorder())
        _ = try rendered.run().get()

        let sink = VirtualLiveSink()
        var runner = try Self.runner(sink: sink, presenters: [LineRecorder()], interactive: false)
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.largestWrite > 0)
        #expect(sink.largestWrite <= 22_050 / 4, "a write of \(sink.largestWrite) samples")
        #expect(sink.mostQueued >= 22_050, "at most \(sink.mostQueued) samples queued")
        #expect(sink.heard == file.samples)
        #expect(sink.underruns == 0)
    }

    /// `s` pressed in the middle of the first inhale, with seconds queued: the next phase's tone is heard within a few
    /// milliseconds of the key, not after what was queued.
    @Test func aKeyIsHeardAtOnceNotAfterWhatIsQueued() throws {
        let sink = VirtualLiveSink()
        let presenter = LineRecorder()
        let press = Self.plan.start(of: .phase(cycle: 1, index: 0)) + 22_050 * 8 / 10
        sink.keys = [(press, .skip)]
        var runner = try Self.runner(sink: sink, presenters: [presenter])
        _ = try runner.run().get()
        #expect(sink.flushes >= 1)
        #expect(sink.underruns == 0)
        let hold = CueTone.cue(for: .hold).samples(sampleRate: 22_050, volume: 70)
        let heardAt = sink.heard.indices.first { index in
            index >= Int(press) && index + hold.count <= sink.heard.count
                && Array(sink.heard[index..<index + hold.count]) == hold
        }
        let at = try #require(heardAt, "the hold tone was never heard after the key")
        #expect(at - Int(press) <= 22_050 * 50 / 1000, "heard \(at - Int(press)) samples after the key")
    }

    /// The device's own latency behind the queue: 0.2 s, reported with the queue and never flushed.
    static let deviceLatency = 4_410

    /// A runner on `sink`, handing over to `presenters`: in the sink's virtual time (the sink's clock is the runner's),
    /// or with the monotonic clock for the tests that do not read the clock.
    static func runner(
        sink: VirtualLiveSink, presenters: [any SessionPresenter], interactive: Bool = true, plan: SessionPlan = plan
    ) throws -> SessionLoop<LivePacer<VirtualLiveSink>, VirtualSinkClock> {
        let choices = AudioChoices(speech: true, tones: true)
        let phrases = try PhraseBook(
            plan: plan, counting: false, localizer: SessionLoopTests.localizer,
            speech: SessionLoopTests.fakeSpeech,
            settings: choices.speechSettings(localizer: SessionLoopTests.localizer))
        return SessionLoop(
            machine: SessionMachine(plan: plan), pacer: LivePacer(sink: sink, blockSamples: 97),
            clock: VirtualSinkClock(sink: sink), presenters: presenters,
            sound: SessionSound(phrases: phrases, tones: choices.toneClips(sampleRate: 22_050)),
            inputs: SessionInputs(sources: [sink.source]), options: .init(interactive: interactive))
    }

    /// Where two stretches of samples first differ, counted from their starts (the shorter one's end if one is a
    /// prefix of the other); nil when they are equal.
    static func firstDifference(_ heard: ArraySlice<Int16>, _ expected: ArraySlice<Int16>) -> Int? {
        let offset = zip(heard, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        return offset ?? (heard.count == expected.count ? nil : min(heard.count, expected.count))
    }

    /// The phase starts of the plan, in order.
    static var phaseStarts: [(segment: Segment, index: Int, start: Int64)] {
        (1...2).flatMap { cycle in
            (0..<3).map { index in
                let segment = Segment.phase(cycle: cycle, index: index)
                return (segment, index, plan.start(of: segment))
            }
        }
    }

    /// With 0.2 s of device latency on top of the queue, each phase reaches the presenters when its first sample is
    /// heard (the position written less the latency reported), within one block ahead, never after.
    @Test func presentersAreCalledWhenTheSoundIsHeardNotWhenItIsWritten() throws {
        let file = MemoryAudioSink()
        var rendered = try SessionLoopTests.runner(sink: file, presenter: LineRecorder())
        _ = try rendered.run().get()

        let sink = VirtualLiveSink(deviceLatency: Self.deviceLatency)
        let presenter = HeardRecorder(sink: sink)
        var runner = try Self.runner(sink: sink, presenters: [presenter])
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.underruns == 0)
        // The device's latency is heard as silence first, then the whole session as a file renders it.
        #expect(sink.heard.count == Self.deviceLatency + file.samples.count)
        #expect(Self.firstDifference(sink.heard[Self.deviceLatency...], file.samples[...]) == nil)
        #expect(sink.heard[..<Self.deviceLatency].allSatisfy { $0 == 0 })
        for (segment, index, start) in Self.phaseStarts {
            let entered = presenter.effects.first { $0.effect == .enterSegment(segment) }
            let handed = try #require(entered, "\(segment) never reached the presenters")
            let heardAt = start + Int64(Self.deviceLatency)
            #expect(
                handed.clock >= heardAt - 97 && handed.clock <= heardAt,
                "\(segment): handed over at \(handed.clock), heard at \(heardAt)")
            // Its tone is heard at that moment of the virtual clock.
            let tone = CueTone.cue(for: Self.plan.kind(ofPhase: index)).samples(sampleRate: 22_050, volume: 70)
            #expect(Array(sink.heard[Int(heardAt)..<Int(heardAt) + tone.count]) == tone, "\(segment)")
        }
    }

    /// A latency report a second short of the truth for a quarter of a second, just before a boundary (a stale or
    /// over-interpolated timing report under load): the heard position never runs ahead of the clock by more than a
    /// tenth of the time since the last believable report and 20 ms, so the phase reaches the presenters (and speech-dispatcher its phrase)
    /// at most 0.15 s before its tone is heard, not a second early.
    @Test func aLatencyReportThatRunsAheadOfTheClockDoesNotReleaseAPhaseEarly() throws {
        let sink = VirtualLiveSink(deviceLatency: Self.deviceLatency)
        let (segment, _, start) = Self.phaseStarts[3]
        let heardAt = start + Int64(Self.deviceLatency)
        sink.underreports = (from: heardAt - 22_050 / 2, until: heardAt - 22_050 / 4, by: 22_050)
        let presenter = HeardRecorder(sink: sink)
        var runner = try Self.runner(sink: sink, presenters: [presenter])
        #expect(try runner.run().get().summary.status == .completed)
        let entered = presenter.effects.first { $0.effect == .enterSegment(segment) }
        let handed = try #require(entered, "\(segment) never reached the presenters")
        #expect(
            handed.clock >= heardAt - 22_050 * 15 / 100,
            "\(segment): handed over at \(handed.clock), \(heardAt - handed.clock) samples before it was heard")
        #expect(handed.clock <= heardAt)
        // After the report comes right again, every later phase is on time as before.
        for (later, _, laterStart) in Self.phaseStarts[4...] {
            let handedLater = try #require(presenter.effects.first { $0.effect == .enterSegment(later) })
            #expect(handedLater.clock >= laterStart + Int64(Self.deviceLatency) - 97)
            #expect(handedLater.clock <= laterStart + Int64(Self.deviceLatency))
        }
    }

    /// A device that holds more than the margin (0.5 s: a Bluetooth headset, a network sink) never lets the queue run
    /// dry before a deadline: the session is heard whole, as the file renders it, after the device's latency.
    @Test func aDeviceHoldingMoreThanTheMarginNeverRunsDry() throws {
        let file = MemoryAudioSink()
        var rendered = try SessionLoopTests.runner(sink: file, presenter: LineRecorder())
        _ = try rendered.run().get()

        let latency = 11_025
        let sink = VirtualLiveSink(deviceLatency: latency)
        var runner = try Self.runner(sink: sink, presenters: [])
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.underruns == 0)
        #expect(sink.heard.count == latency + file.samples.count)
        #expect(Self.firstDifference(sink.heard[latency...], file.samples[...]) == nil)
    }

    /// The server stalls for 0.1 s in the middle of the first inhale: the timing report, measured on the runner's clock
    /// (the sink's virtual one), has the first cue on time and every later cue 0.1 s late, as they were heard.
    @Test func theTimingReportMatchesTheVirtualClockThroughAStall() throws {
        let sink = VirtualLiveSink(deviceLatency: Self.deviceLatency)
        let stall: Int64 = 2_205
        let firstCue = Self.plan.start(of: .phase(cycle: 1, index: 0))
        sink.stalls = [(firstCue + Int64(Self.deviceLatency) + 11_025, stall)]
        let report = TimingReport(plan: Self.plan, localizer: SessionLoopTests.localizer, sink: StringTextSink())
        let presenter = HeardRecorder(sink: sink)
        var runner = try Self.runner(sink: sink, presenters: [report, presenter])
        _ = try runner.run().get()
        #expect(sink.underruns == 0)
        #expect(sink.dropped == Int(stall))
        let timing = try #require(runner.presenters.first as? TimingReport<StringTextSink>)
        #expect(timing.cues.map(\.segment) == Self.phaseStarts.map(\.segment))
        for cue in timing.cues {
            // When its first sample was heard on the virtual clock, against when the first cue's was.
            let heardAt = cue.planned + Int64(Self.deviceLatency) + (cue.planned > firstCue ? stall : 0)
            let expected = heardAt - (firstCue + Int64(Self.deviceLatency)) + firstCue
            #expect(abs(cue.actual - expected) <= 1, "\(cue.segment): played at \(cue.actual), heard at \(expected)")
        }
    }

    /// The server's reports stop moving in the first inhale, and it plays out its queue and waits for more (as after an
    /// underrun, its read position no longer reported): the whole phase is written, and the loop waits for the boundary
    /// to be heard. After 1.5 s of a heard position standing still it takes the boundary as heard and goes on, so the
    /// session ends instead of waiting for ever.
    @Test func aServerWhoseReportsStandStillDoesNotHoldTheSessionForEver() throws {
        let sink = VirtualLiveSink(deviceLatency: Self.deviceLatency)
        sink.freezesReportsAt = Self.plan.start(of: .phase(cycle: 1, index: 0)) + 2_205
        let presenter = LineRecorder()
        var runner = try Self.runner(sink: sink, presenters: [presenter], interactive: false)
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.writesAfterStandstill == 1)
        #expect(presenter.lines.last?.text.hasPrefix("Session complete") == true)
        // Every phase was heard, in order: its tone is in what the server played.
        var from = 0
        for (_, index, _) in Self.phaseStarts {
            let tone = CueTone.cue(for: Self.plan.kind(ofPhase: index)).samples(sampleRate: 22_050, volume: 70)
            let found = sink.heard.indices[from...].first { start in
                start + tone.count <= sink.heard.count && sink.heard[start] == tone[0]
                    && Array(sink.heard[start..<start + tone.count]) == tone
            }
            let at = try #require(found, "phase \(index)'s tone was not heard after sample \(from)")
            from = at + tone.count
        }
    }

    /// Space in the middle of the first inhale, with seconds queued and 0.2 s in the device, and space again later:
    /// the pause rewinds to what the device still plays, so the session resumes exactly there, nothing lost or repeated.
    @Test func aRewindAfterAKeyResumesAtTheHeardPosition() throws {
        let file = MemoryAudioSink()
        var rendered = try SessionLoopTests.runner(sink: file, presenter: LineRecorder())
        _ = try rendered.run().get()

        let sink = VirtualLiveSink(deviceLatency: Self.deviceLatency)
        let pause = Self.plan.start(of: .phase(cycle: 1, index: 0)) + 22_050 * 8 / 10
        let resume = pause + 22_050 * 3
        sink.keys = [(pause, .togglePause), (resume, .togglePause)]
        let presenter = HeardRecorder(sink: sink)
        var runner = try Self.runner(sink: sink, presenters: [presenter])
        #expect(try runner.run().get().summary.status == .completed)
        #expect(sink.flushes >= 2)
        let latency = Self.deviceLatency
        // Heard up to the key and through what the device held: the timeline up to the sample the key was pressed on.
        #expect(Self.firstDifference(sink.heard[latency..<Int(pause) + latency], file.samples[..<Int(pause)]) == nil)
        // From the resume (after what the device held then), the rest of the timeline from that same sample.
        #expect(Self.firstDifference(sink.heard[(Int(resume) + latency)...], file.samples[Int(pause)...]) == nil)
        // The pause was handed over at the position rewound to, when it was heard.
        let paused = try #require(presenter.effects.first { if case .markPause = $0.effect { true } else { false } })
        #expect(paused.position == pause)
        #expect(paused.clock == pause)
    }
}

/// Records each effect with the moment of the sink's virtual clock it was handed over at.
final class HeardRecorder: SessionPresenter {
    let sink: VirtualLiveSink
    var effects: [(effect: SessionEffect, position: Int64, clock: Int64)] = []

    init(sink: VirtualLiveSink) {
        self.sink = sink
    }

    func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        effects.append((effect, position, sink.clock))
    }
}

/// Keeps what is written, for a presenter that prints.
final class StringTextSink: TextSink {
    var text = ""
    func write(_ text: String) { self.text += text }
}

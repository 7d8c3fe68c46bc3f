import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@Suite struct TextPacerTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, tenths: 15), Phase(.exhale, tenths: 25)]),
        length: .cycles(3), sampleRate: 22_050
    ).get()

    /// The one loop with the text pacer (no sound) on a test clock.
    static func loop(clock: TestClock, presenters: [any SessionPresenter], counting: Bool = false)
        -> SessionLoop<TextPacer, TestClock>
    {
        SessionLoop(
            machine: SessionMachine(plan: plan), pacer: TextPacer(sampleRate: plan.sampleRate), clock: clock,
            presenters: presenters,
            sound: SessionSound(
                phrases: PhraseBook(localizer: Localizer(language: "en")),
                tones: ToneClips(sampleRate: plan.sampleRate, volume: nil)),
            options: .init(counting: counting))
    }

    @Test func eachEventHappensAtItsAbsoluteDeadline() throws {
        let recorder = RecordingPresenter()
        var runner = Self.loop(clock: TestClock(), presenters: [recorder])
        let outcome = try runner.run().get()
        #expect(outcome.summary.status == .completed)
        #expect(outcome.summary.cyclesCompleted == 3)
        #expect(outcome.ignoredEvents == 0)
        let entries = recorder.effects.compactMap { item -> (Segment, Int64)? in
            if case .enterSegment(let segment) = item.effect { (segment, item.position) } else { nil }
        }
        #expect(entries.count == 1 + 6 + 1)
        for (segment, position) in entries {
            #expect(position == Self.plan.start(of: segment), "\(segment) entered at \(position)")
        }
        // The waits asked for the exact nanosecond of each boundary, computed from the start, not step by step.
        let deadlines = runner.clock.waits.compactMap { $0 }.map { $0 - runner.clock.start }
        #expect(deadlines.first == 3_000_000_000)
        #expect(deadlines.contains(3_000_000_000 + 1_500_000_000 + 2 * 4_000_000_000))
    }

    /// Issue 45: a text session wakes only to print: on the boundaries (the lead-in's end, each phase, the end), never
    /// on a timer of its own.
    @Test func aTextSessionWakesOnlyForItsBoundaries() throws {
        // The presenters of a text session: its lines, and the history's record (which once asked for a refresh four
        // times a second).
        let recorder = HistoryRecorder(
            store: HistoryStore(path: try Scratch().path + "/history.jsonl"), plan: Self.plan, language: "en")
        var runner = Self.loop(clock: TestClock(), presenters: [RecordingPresenter(), recorder])
        _ = try runner.run().get()
        let rate = UInt64(Self.plan.sampleRate)
        let segments =
            [Segment.leadIn] + (1...3).flatMap { cycle in [0, 1].map { Segment.phase(cycle: cycle, index: $0) } }
        let boundaries = Set(segments.map { UInt64(Self.plan.end(of: $0)) * 1_000_000_000 / rate })
        // A wait for the moment already reached (the end's summary, due at once) does not sleep: the sleeps are the
        // distinct deadlines, in order.
        let deadlines = runner.clock.waits.compactMap { $0 }.map { $0 - runner.clock.start }
        #expect(deadlines == deadlines.sorted(), "\(deadlines)")
        #expect(Set(deadlines) == boundaries, "\(deadlines)")
    }

    @Test func pauseFreezesTheTimelineAndResumeContinuesIt() throws {
        let recorder = RecordingPresenter()
        // Pause 1 s into the first inhale, wait 60 s, resume.
        let clock = TestClock(script: [
            (at: 4_000_000_000, input: .togglePause),
            (at: 64_000_000_000, input: .togglePause),
        ])
        var runner = Self.loop(clock: clock, presenters: [recorder])
        let outcome = try runner.run().get()
        #expect(outcome.summary.status == .completed)
        let pauses = recorder.effects.filter { if case .markPause = $0.effect { true } else { false } }
        #expect(pauses.map(\.position) == [4 * 22_050])
        // After the pause, the exhale starts 0.5 s later on the timeline, and 60.5 s later on the clock.
        let exhale = recorder.effects.first { $0.effect == .enterSegment(.phase(cycle: 1, index: 1)) }
        #expect(exhale?.position == Self.plan.start(of: .phase(cycle: 1, index: 1)))
        #expect(
            runner.clock.elapsed == 64_000_000_000 + 500_000_000 + 2 * 4_000_000_000
                + 2_500_000_000)
    }

    @Test func skipJumpsToTheNextPhase() throws {
        let recorder = RecordingPresenter()
        var runner = Self.loop(clock: TestClock(script: [(at: 3_100_000_000, input: .skip)]), presenters: [recorder])
        _ = try runner.run().get()
        let exhale = recorder.effects.first { $0.effect == .enterSegment(.phase(cycle: 1, index: 1)) }
        #expect(exhale?.position == Self.plan.start(of: .phase(cycle: 1, index: 1)))
        // The session is 1.4 s shorter on the clock than planned, and ends with its summary: no closing words to wait for.
        #expect(
            runner.clock.elapsed == UInt64(Self.plan.breathingEnd) * 1_000_000_000 / 22_050
                - 1_400_000_000)
    }

    @Test(arguments: [
        (SignalInput.interrupt, SessionStatus.stopped), (.terminate, .stopped), (.hangup, .interrupted),
        (.stop(SIGQUIT), .stopped), (.stop(SIGUSR1), .stopped), (.stop(SIGUSR2), .stopped),
    ])
    func signalsStopAndSave(signal: SignalInput, status: SessionStatus) throws {
        let recorder = RecordingPresenter()
        var runner = Self.loop(
            clock: TestClock(script: [(at: 9_000_000_000, input: .signal(signal))]), presenters: [recorder])
        let outcome = try runner.run().get()
        #expect(outcome.signal == signal)
        #expect(outcome.summary.status == status)
        #expect(outcome.summary.cyclesCompleted == 1)
        #expect(recorder.effects.filter { if case .save = $0.effect { true } else { false } }.count == 1)
    }

    @Test func plainPresenterPrintsOneSentencePerAnnouncement() throws {
        let sink = MemorySink()
        var runner = Self.loop(
            clock: TestClock(), presenters: [PlainTextPresenter(localizer: Localizer(language: "en"), sink: sink)])
        _ = try runner.run().get()
        let lines = sink.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 1 + 6 + 1)
        #expect(lines[2] == "Breathe in, 1.5 seconds. Cycle 1 of 3.")
        #expect(lines[3] == "Breathe out, 2.5 seconds.")
        #expect(lines.last == "Session complete: 3 cycles in 12 seconds.")
    }

    @Test func plainTextReplacesControlCharacters() throws {
        #expect(PlainText.line("a\u{1B}[31mb\rc\u{8}d\u{7}") == "a [31mb c d \n")
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A display that records what it was given.
private final class RecordingDisplay: BrailleDisplay {
    let width: Int
    var texts: [String] = []
    init(width: Int) { self.width = width }
    func show(_ text: String) { texts.append(text) }
    var keyDescriptor: Int32 { -1 }
    func takeKey() -> UInt64? { nil }
    func release() {}
}

@Suite struct BraillePresenterTests {
    private static func plan() throws -> SessionPlan {
        try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 3), Phase(.exhale, seconds: 3)]),
            length: .cycles(2), sampleRate: 100, leadInTenths: 0
        ).get()
    }

    /// An English presenter of `plan()` on `display`.
    private static func presenter(_ display: RecordingDisplay) throws -> BraillePresenter {
        BraillePresenter(plan: try plan(), localizer: Localizer(language: "en"), display: display)
    }

    @Test func showsThePhaseAndCountsTheSecondsDown() throws {
        let display = RecordingDisplay(width: 14)
        var presenter = try Self.presenter(display)
        let state = SessionState.active(cycle: 1, index: 0)
        presenter.present(.enterSegment(.phase(cycle: 1, index: 0)), state: state, position: 0)
        presenter.endTransition(state: state, position: 0)
        for position in stride(from: Int64(10), through: 290, by: 10) {
            presenter.refresh(state: state, position: position, resized: false)
        }
        // Written once a second only: 3, 2, 1.
        #expect(display.texts.map { String($0.prefix(4)) } == ["In 3", "In 2", "In 1"])
        #expect(display.texts.allSatisfy { $0.count == 14 })
    }

    /// A live session's machine runs seconds ahead of what is heard (what is queued): a countdown's change is drawn in
    /// the phase handed over last, never in the loop's state (the next phase would show a second early).
    @Test func countsDownInThePhaseBeingHeardWhateverTheLoopsState() throws {
        let display = RecordingDisplay(width: 14)
        var presenter = try Self.presenter(display)
        let heard = SessionState.active(cycle: 1, index: 0)
        presenter.present(.enterSegment(.phase(cycle: 1, index: 0)), state: heard, position: 0)
        presenter.endTransition(state: heard, position: 0)
        let ahead = SessionState.active(cycle: 1, index: 1)
        for position in stride(from: Int64(10), through: 290, by: 10) {
            presenter.refresh(state: ahead, position: position, resized: false)
        }
        #expect(display.texts.map { String($0.prefix(4)) } == ["In 3", "In 2", "In 1"])
    }

    /// Rest and paused read differently on a 14-cell display in every language (issue 42): a pause during the rest
    /// phase shows a word the rest phase does not, and never one word twice ("Pause Pause 4").
    @Test(arguments: LocaleCatalog.codes)
    func restAndPausedReadDifferentlyOnFourteenCells(code: String) throws {
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 4), Phase(.rest, seconds: 4)]),
            length: .cycles(1), sampleRate: 100, leadInTenths: 0
        ).get()
        let presenter = BraillePresenter(
            plan: plan, localizer: Localizer(language: code), display: RecordingDisplay(width: 14))
        let rest = Segment.phase(cycle: 1, index: 1)
        let resting = presenter.line(state: .active(cycle: 1, index: 1), position: plan.start(of: rest))
        let paused = presenter.line(
            state: .paused(PausedSession(resume: rest, elapsed: 0, reason: .user)), position: plan.start(of: rest))
        func words(_ line: String) -> [String] {
            line.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }
        }
        #expect(paused.count == 14 && resting.count == 14)
        #expect(
            words(paused).contains { !words(resting).contains($0) },
            "\(code): paused “\(paused)” reads like resting “\(resting)”")
        #expect(Set(words(paused)).count == words(paused).count, "\(code): “\(paused)” says a word twice")
    }

    @Test func answersTheTimeLeftBrieflyThenThePhaseAgain() throws {
        let display = RecordingDisplay(width: 14)
        let plan = try Self.plan()
        var presenter = BraillePresenter(plan: plan, localizer: Localizer(language: "en"), display: display)
        let state = SessionState.active(cycle: 1, index: 1)
        presenter.present(.enterSegment(.phase(cycle: 1, index: 1)), state: state, position: 300)
        presenter.endTransition(state: state, position: 300)
        let line = Message(
            .lineTimeLeft,
            [
                "phase": .message(.phaseName(.exhale)), "phaseLeft": .text("3 seconds"),
                "sessionLeft": .text("9 seconds"),
            ])
        presenter.present(.announce(Announcement(line: line)), state: state, position: 300)
        presenter.endTransition(state: state, position: 300)
        // 14 cells: "Out 3, 0:09 left" does not fit, the session's time left does.
        #expect(display.texts.last == "0:09 left     ")
        // Three seconds on the timeline, then the phase again.
        presenter.refresh(state: state, position: 599, resized: false)
        #expect(display.texts.last == "0:09 left     ")
        presenter.refresh(state: state, position: 600, resized: false)
        #expect(display.texts.last?.hasPrefix("Out 0") == true)
    }

    /// Issue 45: in a session, the display is written only when its text changes, and the loop wakes for it only then:
    /// on the whole seconds of the countdown (this plan's boundaries fall on whole seconds too), never to look whether
    /// the seconds moved.
    @Test func aSessionWakesOnlyWhenTheDisplayChanges() throws {
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 3), Phase(.exhale, seconds: 3)]),
            length: .cycles(2), sampleRate: 100, leadInTenths: 30
        ).get()
        let display = RecordingDisplay(width: 14)
        var runner = SessionLoop(
            machine: SessionMachine(plan: plan), pacer: TextPacer(sampleRate: plan.sampleRate), clock: TestClock(),
            presenters: [BraillePresenter(plan: plan, localizer: Localizer(language: "en"), display: display)],
            sound: SessionSound(
                phrases: PhraseBook(localizer: Localizer(language: "en")),
                tones: ToneClips(sampleRate: plan.sampleRate, volume: nil)))
        let outcome = try runner.run().get()
        #expect(outcome.summary.status == .completed)
        // Each phase counts down on the display, each text written once.
        let phases = display.texts.map { String($0.prefix(4)) }.filter { $0.hasPrefix("In") || $0.hasPrefix("Out") }
        #expect(
            phases == ["In 3", "In 2", "In 1", "Out ", "Out ", "Out ", "In 3", "In 2", "In 1", "Out ", "Out ", "Out "])
        #expect(zip(display.texts, display.texts.dropFirst()).allSatisfy { $0 != $1 }, "\(display.texts)")
        // The loop slept until each whole second (3 of lead-in, 12 of breathing), and until nothing else: the sleeps are
        // the distinct deadlines, in order (a wait for the moment already reached does not sleep).
        let deadlines = runner.clock.waits.compactMap { $0 }.map { $0 - runner.clock.start }
        #expect(deadlines == deadlines.sorted(), "\(deadlines)")
        #expect(Set(deadlines) == Set((1...15).map { UInt64($0) * 1_000_000_000 }), "\(deadlines)")
    }

    @Test func keysMapLikeTheKeyboard() {
        #expect(BrailleKeys.input(for: .route(cell: 7)) == .togglePause)
        #expect(BrailleKeys.input(for: .lineDown) == .skip)
        #expect(BrailleKeys.input(for: .lineUp) == .timeLeft)
        #expect(BrailleKeys.input(for: .top) == .repeatInstruction)
        #expect(BrailleKeys.input(for: .bottom) == .quit)
        #expect(BrailleKeys.input(for: .other) == nil)
    }

    /// `auto` without a local server's socket opens nothing, not even libbrlapi; `on` says so in one line.
    @Test func withoutASocketNothingIsOpened() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        #expect(!BrailleOpening.mayAnswer(environment: [:], socketDirectory: empty))
        #expect(BrailleOpening.mayAnswer(environment: ["BRLAPI_HOST": "remote:1"], socketDirectory: empty))
        var tried = false
        let auto = BrailleOpening.open(.auto, environment: ["BRLAPI_HOST": ":54321"]) { _ throws(BreatheError) in
            tried = true
            throw .unavailable(Message(.warningBrailleUnavailable))
        }
        #expect(auto.display == nil && auto.warning == nil && !tried)
        let on = BrailleOpening.open(.on, environment: ["BRLAPI_HOST": ":54321"]) { _ throws(BreatheError) in
            tried = true
            throw .unavailable(Message(.warningBrailleUnavailable))
        }
        #expect(on.display == nil && on.warning?.key == .warningBrailleUnavailable && !tried)
        let off = BrailleOpening.open(.off, environment: ["BRLAPI_HOST": "remote:1"]) { _ throws(BreatheError) in
            tried = true
            throw .unavailable(Message(.warningBrailleUnavailable))
        }
        #expect(off.display == nil && off.warning == nil && !tried)
    }
}

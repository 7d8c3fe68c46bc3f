import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The visual display as a screen reader that reads changed lines hears it: each sentence once, as a full line, and the
/// status line rewritten only when the seconds left (or the phase) change.
@Suite struct VisualPresenterTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 2)]), length: .cycles(1),
        sampleRate: 1000, leadInTenths: 0, closingTenths: 0
    ).get()

    /// Refreshed every 10 ms of a 4-second phase, the line is drawn once per second left: 4, 3, 2, 1.
    @Test func statusLineIsRedrawnOnlyWhenTheSecondsLeftChange() {
        let sink = MemorySink()
        var presenter = VisualPresenter(
            plan: Self.plan, localizer: Localizer(language: "en"), sink: sink, color: false, descriptor: -1)
        let state = SessionState.active(cycle: 1, index: 0)
        presenter.endTransition(state: state, position: 0)
        for position in stride(from: Int64(10), to: 4000, by: 10) {
            presenter.refresh(state: state, position: position, resized: false)
        }
        let draws = sink.text.components(separatedBy: "\r\u{1B}[2K").dropFirst().map { $0 }
        #expect(draws.count == 4, "\(draws)")
        #expect(draws.map { $0.hasSuffix("s left, cycle 1 of 1") } == [true, true, true, true])
        #expect(
            draws.map { $0.split(separator: "]").last.map(String.init) } == [
                " 4 s left, cycle 1 of 1", " 3 s left, cycle 1 of 1", " 2 s left, cycle 1 of 1",
                " 1 s left, cycle 1 of 1",
            ])
    }

    /// The phase's instruction is printed as a whole line above the status line, which is cleared first and drawn again
    /// below it.
    @Test func everyPhaseSentenceIsPrintedAsAFullLineAboveTheBar() {
        let sink = MemorySink()
        var presenter = VisualPresenter(
            plan: Self.plan, localizer: Localizer(language: "en"), sink: sink, color: false, descriptor: -1)
        let machine = SessionMachine(plan: Self.plan)
        var state = SessionState.idle
        for (event, position) in [(SessionEvent.startRequested, Int64(0)), (.phaseElapsed, 4000)] {
            let transition = machine.transition(state, event)
            state = transition.state
            for effect in transition.effects { presenter.present(effect, state: state, position: position) }
            presenter.endTransition(state: state, position: position)
        }
        #expect(sink.text.contains("\r\u{1B}[2KBreathe out, 2 seconds.\n"))
        #expect(sink.text.contains("Breathe in, 4 seconds. Cycle 1 of 1.\n"))
        #expect(sink.text.hasSuffix("Breathe out [------------------------------] 2 s left, cycle 1 of 1"))
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

@Suite struct SessionDriverTests {
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 2), Phase(.exhale, seconds: 2)]),
        length: .cycles(1), sampleRate: 1_000
    ).get()

    @Test func anEventThatAppliesMovesTheMachineAndReturnsItsEffects() throws {
        let machine = SessionMachine(plan: Self.plan)
        var driver = SessionDriver(machine: machine)
        let applied = driver.apply(.startRequested)
        let effects = try #require(applied)
        let expected = machine.transition(.idle, .startRequested)
        #expect(effects == expected.effects)
        #expect(driver.state == expected.state)
        #expect(driver.state != .idle)
        #expect(driver.ignoredEvents == 0)
    }

    @Test func anEventThatDoesNotApplyIsCountedAndChangesNothing() {
        var driver = SessionDriver(machine: SessionMachine(plan: Self.plan))
        #expect(driver.apply(.phaseElapsed) == nil)
        #expect(driver.apply(.resumeRequested) == nil)
        #expect(driver.state == .idle)
        #expect(driver.ignoredEvents == 2)
    }
}

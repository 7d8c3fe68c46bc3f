import BreatheCore

/// The state machine and where it stands, as both runners drive it: an event either moves the machine, and the runner
/// performs the transition's effects and hands them to its presenters, or does not apply and is counted.
struct SessionDriver {
    let machine: SessionMachine
    /// The state after the latest transition.
    private(set) var state = SessionState.idle
    /// Events that did not apply to the state they arrived in.
    private(set) var ignoredEvents = 0

    package init(machine: SessionMachine) {
        self.machine = machine
    }

    /// Moves the machine on `event` and returns the transition's effects, in order (`state` is already the new one);
    /// nil when the event does not apply to the state, which is then unchanged and the event counted as ignored.
    mutating func apply(_ event: SessionEvent) -> [SessionEffect]? {
        let transition = machine.transition(state, event)
        guard transition.isValid else {
            ignoredEvents += 1
            return nil
        }
        state = transition.state
        return transition.effects
    }
}

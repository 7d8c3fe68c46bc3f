import BreatheCore

/// Puts a planned session together with the live clock and the presenters, and runs it.
public struct SessionLauncher {
    public let plan: SessionPlan
    public let localizer: Localizer

    public init(plan: SessionPlan, localizer: Localizer) {
        self.plan = plan
        self.localizer = localizer
    }

    /// A text-only session on the monotonic clock, printing plain lines to stdout.
    public func runText() -> SessionOutcome {
        var runner = TextSessionRunner(
            machine: SessionMachine(plan: plan),
            timebase: MonotonicTimebase(),
            presenters: [PlainTextPresenter(localizer: localizer, sink: FileDescriptorSink.standardOutput)]
        )
        return runner.run()
    }
}

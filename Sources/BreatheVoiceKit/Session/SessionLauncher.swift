import BreatheCore

/// Puts a planned session together with the live clock and the presenters, and runs it.
public struct SessionLauncher {
    public let plan: SessionPlan
    public let localizer: Localizer
    /// Presenters that run beside the display, such as the history recorder.
    public var extraPresenters: [any SessionPresenter]

    public init(plan: SessionPlan, localizer: Localizer, extraPresenters: [any SessionPresenter] = []) {
        self.plan = plan
        self.localizer = localizer
        self.extraPresenters = extraPresenters
    }

    /// A text-only session on the monotonic clock, printing plain lines to stdout.
    public func runText() -> SessionOutcome {
        var runner = TextSessionRunner(
            machine: SessionMachine(plan: plan),
            timebase: MonotonicTimebase(),
            presenters: [PlainTextPresenter(localizer: localizer, sink: FileDescriptorSink.standardOutput)] + extraPresenters
        )
        return runner.run()
    }
}

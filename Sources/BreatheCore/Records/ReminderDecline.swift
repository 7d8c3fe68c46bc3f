/// A reminder declined by whoever heard it: ended by a stop request (the stop the session's user asks for, not a
/// signal) during its opening (the lead-in) or its first phase, it is recorded as skipped with reason `user`; stopped
/// any later, it stays a stopped session.
enum ReminderDecline {
    /// Whether a reminder's session that ended with `summary` was declined. `bySignal`: a signal (SIGINT, SIGTERM…)
    /// ended it, which declines nothing.
    static func applies(to summary: SessionSummary, plan: SessionPlan, bySignal: Bool) -> Bool {
        guard summary.status == .stopped, !bySignal, summary.cyclesCompleted == 0 else { return false }
        return summary.position < plan.end(of: .phase(cycle: 1, index: 0))
    }
}

extension SessionRecord {
    /// A reminder's record as the history keeps it (`ReminderDecline`): skipped with reason `user` when its session,
    /// which ended with `summary`, was declined; else as it is.
    package func asReminder(endedWith summary: SessionSummary, plan: SessionPlan, bySignal: Bool) -> SessionRecord {
        guard ReminderDecline.applies(to: summary, plan: plan, bySignal: bySignal) else { return self }
        var declined = self
        declined.status = .skipped
        declined.reason = .user
        return declined
    }
}

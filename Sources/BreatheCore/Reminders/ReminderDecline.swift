/// A reminder declined by whoever heard it: ended by a stop request (the stop the session's user asks for, not a
/// signal) during its opening (the lead-in) or its first phase, it is recorded as skipped with reason `user`; stopped
/// any later, it stays a stopped session.
package enum ReminderDecline {
    /// Whether a reminder's session that ended with `summary` was declined. `bySignal`: a signal (SIGINT, SIGTERM…)
    /// ended it, which declines nothing.
    package static func applies(to summary: SessionSummary, plan: SessionPlan, bySignal: Bool) -> Bool {
        guard summary.status == .stopped, !bySignal, summary.cyclesCompleted == 0 else { return false }
        return summary.position < plan.end(of: .phase(cycle: 1, index: 0))
    }

    /// The reminder's record as the history keeps it: skipped with reason `user` when it was declined, else as it is.
    package static func record(
        _ record: SessionRecord, summary: SessionSummary, plan: SessionPlan, bySignal: Bool
    ) -> SessionRecord {
        guard applies(to: summary, plan: plan, bySignal: bySignal) else { return record }
        var declined = record
        declined.status = .skipped
        declined.reason = .user
        return declined
    }
}

import Testing

@testable import BreatheCore

/// A reminder stopped by a stop request (not a signal) in its opening or its first phase is declined: skipped, reason
/// `user`; stopped later, or by a signal, or ended any other way, it stays what the machine said.
@Suite struct ReminderDeclineTests {
    /// 1 s in, 1 s out, 2 cycles, at 1 000 samples a second, with a 3 s lead-in: the first phase runs 3 000..<4 000.
    static let plan = try! SessionPlan.make(
        pattern: BreathingPattern(phases: [Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 1)]),
        length: .cycles(2), sampleRate: 1000, leadInTenths: 30
    ).get()

    static func summary(_ status: SessionStatus, position: Int64, cycles: Int = 0) -> SessionSummary {
        SessionSummary(status: status, cyclesCompleted: cycles, cyclesPlanned: 2, position: position)
    }

    @Test(arguments: [
        ("stopped at the very start", summary(.stopped, position: 0), false, true),
        ("stopped in the lead-in", summary(.stopped, position: 2_999), false, true),
        ("stopped as the first phase began", summary(.stopped, position: 3_000), false, true),
        ("stopped late in the first phase", summary(.stopped, position: 3_999), false, true),
        ("stopped at the second phase", summary(.stopped, position: 4_000), false, false),
        ("stopped in the second cycle", summary(.stopped, position: 5_500, cycles: 1), false, false),
        ("a signal in the lead-in", summary(.stopped, position: 1_000), true, false),
        ("a signal in the first phase", summary(.stopped, position: 3_500), true, false),
        ("interrupted in the first phase", summary(.interrupted, position: 3_500), false, false),
        ("completed", summary(.completed, position: 7_000, cycles: 2), false, false),
    ])
    func declinesOnlyAStopRequestInTheOpeningOrTheFirstPhase(
        name: String, summary: SessionSummary, bySignal: Bool, declined: Bool
    ) {
        #expect(ReminderDecline.applies(to: summary, plan: Self.plan, bySignal: bySignal) == declined, "\(name)")
    }

    @Test func aDeclinedReminderIsRecordedAsSkippedByTheUserAndAnyOtherIsLeftAsItIs() {
        let time = LocalTimestamp.parse("2026-05-04T14:00:00+02:00")!
        let stopped = SessionRecord(
            id: "r", start: time, end: time, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
            plannedCycles: 2, actualCycles: 0, plannedTenths: 40, actualTenths: 5, status: .stopped, language: "en",
            source: .cron)
        let declined = stopped.asReminder(
            endedWith: Self.summary(.stopped, position: 3_500), plan: Self.plan, bySignal: false)
        #expect(declined.status == .skipped)
        #expect(declined.reason == .user)
        // Everything else is what the session recorded: it still counts for nothing, being skipped.
        var same = declined
        same.status = .stopped
        same.reason = nil
        #expect(same == stopped)
        #expect(
            declined.line.hasSuffix(
                #""status":"skipped","moodBefore":null,"moodAfter":null,"language":"en","source":"cron","reason":"user"}"#
            ))
        var stats = SessionStats()
        stats.add(declined)
        #expect(stats.recorded == 1 && stats.sessions == 0 && stats.tenths == 0)
        let kept = stopped.asReminder(
            endedWith: Self.summary(.stopped, position: 3_500), plan: Self.plan, bySignal: true)
        #expect(kept == stopped)
    }
}

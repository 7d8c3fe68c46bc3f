import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The reminder's wait, against a scripted sound server on a virtual clock: it asks again whenever the server reports
/// a change (and at most every `recheckMilliseconds`), plays when nothing is left, and gives up at the deadline.
@Suite struct ReminderDeferralTests {
    /// A server whose answers follow a script, one per question; its waits move the virtual clock.
    final class ScriptedWatch: CallWatching {
        var answers: [CallActivity?]
        /// How long each wait lasts before the server reports a change; nil: no change, the whole timeout passes.
        var changeAfterMilliseconds: Int32?
        var wake: CallWaitWake?
        var now: UInt64 = 0
        private(set) var waits: [Int32] = []
        private(set) var questions = 0

        init(_ answers: [CallActivity?], changeAfterMilliseconds: Int32? = nil) {
            self.answers = answers
            self.changeAfterMilliseconds = changeAfterMilliseconds
        }

        func activity() throws(BreatheError) -> CallActivity? {
            questions += 1
            return answers.count > 1 ? answers.removeFirst() : answers.first ?? nil
        }

        func waitForChange(milliseconds: Int32, alsoWatching descriptor: Int32) -> CallWaitWake {
            waits.append(milliseconds)
            if let wake { return wake }
            if let change = changeAfterMilliseconds, change < milliseconds {
                now += UInt64(change) * 1_000_000
                return .changed
            }
            now += UInt64(milliseconds) * 1_000_000
            return .timeout
        }
    }

    /// The scripted server's virtual time as the deferral's clock: its waits move it.
    struct WatchClock: SessionClock, @unchecked Sendable {
        let watch: ScriptedWatch

        func now() -> UInt64 { watch.now }

        func wait(until deadline: UInt64?, for inputs: inout SessionInputs) -> SessionInput? {
            if let deadline { watch.now = max(watch.now, deadline) }
            return nil
        }
    }

    static func deferral(_ watch: ScriptedWatch, seconds: Int) -> ReminderDeferral {
        var deferral = ReminderDeferral(wait: ReminderDefer(seconds: seconds)!) { () throws(BreatheError) in watch }
        deferral.clock = WatchClock(watch: watch)
        deferral.signalDescriptor = -1
        return deferral
    }

    @Test func nothingInProgressPlaysAtOnceWithoutWaiting() {
        let watch = ScriptedWatch([nil])
        var told: [CallActivity] = []
        #expect(Self.deferral(watch, seconds: 900).run { told.append($0) } == .clear)
        #expect(told.isEmpty)
        #expect(watch.waits.isEmpty)
    }

    @Test func aCallThatEndsWakesTheWaitAtOnceAndThenItPlays() {
        // The call ends 4 s in: the server's event wakes the wait then, not at the next 30 s check.
        let watch = ScriptedWatch([.call, nil], changeAfterMilliseconds: 4000)
        var told: [CallActivity] = []
        #expect(Self.deferral(watch, seconds: 900).run { told.append($0) } == .clear)
        #expect(told == [.call])
        #expect(watch.waits == [30_000])
        #expect(watch.now == 4_000_000_000)
    }

    @Test func withoutEventsItStillAsksEveryThirtySecondsAndGivesUpAtTheDeadline() {
        let watch = ScriptedWatch([.recording])
        var told: [CallActivity] = []
        #expect(Self.deferral(watch, seconds: 75).run { told.append($0) } == .skipped(.recording))
        #expect(told == [.recording])
        #expect(watch.waits == [30_000, 30_000, 15_000])
        #expect(watch.now == 75_000_000_000)
        #expect(watch.questions == 4)
    }

    @Test func zeroNeverAsksTheServer() {
        let watch = ScriptedWatch([.call])
        #expect(Self.deferral(watch, seconds: 0).run { _ in } == .clear)
        #expect(watch.questions == 0)
    }

    @Test func aSignalEndsTheWait() {
        let watch = ScriptedWatch([.call])
        watch.wake = .descriptor
        #expect(Self.deferral(watch, seconds: 900).run { _ in } == .stopped)
    }

    @Test func noServerToAskPlaysAtOnce() {
        var deferral = ReminderDeferral(wait: .standard) { () throws(BreatheError) in
            throw .unavailable(Message(.errorAudioUnavailable, ["detail": .text("none")]))
        }
        deferral.signalDescriptor = -1
        #expect(deferral.run { _ in } == .clear)
    }

    @Test func aSkippedReminderIsRecordedAndSaidOnceWhileItsLockIsLetGo() throws {
        let scratch = try Scratch().path
        let store = HistoryStore(path: scratch + "/history.jsonl")
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(name: "box", phases: BreathingPattern.builtIn(named: "box")!.phases),
            length: .cycles(3), sampleRate: 22_050
        ).get()
        let recorder = HistoryRecorder(store: store, plan: plan, language: "es", source: .cron)
        let watch = ScriptedWatch([.call])
        let started = LocalTimestamp(year: 2026, month: 5, day: 4, hour: 14, minute: 0, second: 0, offsetSeconds: 7200)
        let lock = try SessionFrontend.admitReminder(
            quietHours: nil, verbose: false, localizer: Localizer(language: "es"), lockDirectory: scratch,
            deferral: Self.deferral(watch, seconds: 60), recorder: recorder, clock: .fixed(started))
        #expect(lock == nil)
        var records: [SessionRecord] = []
        try store.forEach(skipped: { _ in }) {
            records.append($0)
            return true
        }
        #expect(records.count == 1)
        let record = try #require(records.first)
        #expect(record.status == .skipped)
        #expect(record.reason == .call)
        #expect(record.start == started)
        #expect(record.actualCycles == 0 && record.actualTenths == 0 && record.plannedCycles == 3)
        #expect(record.source == .cron && record.language == "es")
        // Nothing of it counts.
        let stats = try store.stats()
        #expect(stats.recorded == 1 && stats.sessions == 0 && stats.tenths == 0 && stats.topPatterns().isEmpty)
        // The lock was let go while it waited: it is free now.
        guard case .acquired = try SessionLock.acquire(in: scratch) else {
            Issue.record("the reminder kept the lock")
            return
        }
    }

    @Test func aWaitThatEndsTakesTheLockAgainForTheSession() throws {
        let scratch = try Scratch().path
        let watch = ScriptedWatch([.recording, nil], changeAfterMilliseconds: 1000)
        let lock = try SessionFrontend.admitReminder(
            quietHours: nil, verbose: false, localizer: Localizer(language: "en"), lockDirectory: scratch,
            deferral: Self.deferral(watch, seconds: 60))
        #expect(lock != nil)
        guard case .busy = try SessionLock.acquire(in: scratch) else {
            Issue.record("the reminder does not hold the lock for its session")
            return
        }
        withExtendedLifetime(lock) {}
    }
}

import BreatheCore
import BreatheSystem

/// Records the session in the history: it notes the wall-clock start, builds the record on the machine's `save` effect
/// (when the breathing ends, before the closing words and any question) and appends it at once; after the session it
/// says which badges the session earned (`countBadges`). The mood given at the question afterwards amends the record (`amend(moodAfter:)`), so no way
/// out of the question loses the session. A class, so that the caller keeps a handle on what the runner's copy did.
final class HistoryRecorder: SessionPresenter {
    let store: HistoryStore
    /// The session's plan; its lead-in may be lengthened to cover the opening before the session starts.
    package var plan: SessionPlan
    package let language: String
    let source: SessionRecord.Source
    let moodBefore: Int?
    var moodAfter: Int?
    /// True when the mood question follows the session; its answer amends the record.
    let waitsForMood: Bool
    private let clock: WallClock
    private var started: LocalTimestamp?
    /// The record appended, as it now reads (its amendment included), once it is.
    private(set) var appended: SessionRecord?
    /// The history's stats without this session, and the badges they held, to tell which badges it earned.
    private var statsBefore = SessionStats()
    /// Badges the appended session earned, in the list's order.
    private(set) var newBadges: [Badge] = []
    /// Why the append failed, if it did; the session itself is never cut short by it.
    private(set) var failure: BreatheError?
    /// Line numbers of unreadable history lines met while counting badges.
    private(set) var skippedLines: [Int] = []
    /// False when the history was found unwritable before the session and the user was warned: nothing is recorded.
    var records = true
    /// True once a record was appended (or its append tried).
    private(set) var saved = false
    /// A reminder's: stopped by a stop request in its opening or its first phase, it is recorded as declined
    /// (`ReminderDecline`).
    var declinable = false
    /// A signal stopped the session (told by the loop before the stop reaches the machine): that declines nothing.
    private var stoppedBySignal = false

    package init(
        store: HistoryStore, plan: SessionPlan, language: String, source: SessionRecord.Source = .interactive,
        moodBefore: Int? = nil, moodAfter: Int? = nil, waitsForMood: Bool = false,
        clock: WallClock = .live
    ) {
        self.store = store
        self.plan = plan
        self.language = language
        self.source = source
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.waitsForMood = waitsForMood
        self.clock = clock
    }

    func present(_ effect: SessionEffect, state: SessionState, position: Int64) {
        if started == nil { started = clock.now() }
        note(state: state, position: position)
        guard records, case .save(let summary) = effect else { return }
        let made = record(summary)
        append(
            declinable
                ? made.asReminder(endedWith: summary, plan: plan, bySignal: stoppedBySignal) : made)
    }

    func stopSignalled() {
        stoppedBySignal = true
    }

    /// How far a session got, for `recordCutShort`: the session loop refreshes the presenters once more before it
    /// gives up on a lost server (no periodic refresh, which would wake a quiet session four times a second).
    func refresh(state: SessionState, position: Int64, resized: Bool) {
        note(state: state, position: position)
    }

    /// The last state and the furthest position the presenters were given (what was heard).
    private var lastState: SessionState = .idle
    private var furthest: Int64 = 0

    private func note(state: SessionState, position: Int64) {
        lastState = state
        furthest = max(furthest, position)
    }

    /// The session ended without reaching its `save` (a non-interactive run whose sound server went away, exit 69):
    /// records it as interrupted with what was breathed, as far as the presenters heard it. Records nothing when
    /// nothing was breathed, or when it was already recorded.
    func recordCutShort() {
        guard records, !saved, furthest > plan.breathingStart else { return }
        let done: Int =
            switch lastState {
            case .active(let cycle, _): cycle - 1
            case .paused(let paused): if case .phase(let cycle, _) = paused.resume { cycle - 1 } else { 0 }
            case .completing(let summary), .completed(let summary): summary.cyclesCompleted
            case .idle, .preparing: 0
            }
        let summary = SessionSummary(
            status: .interrupted, cyclesCompleted: max(0, done), cyclesPlanned: plan.cycles,
            position: min(furthest, plan.breathingEnd))
        append(record(summary))
    }

    /// Appends the record (once). Nothing else is read or written meanwhile: the closing words are being said.
    private func append(_ record: SessionRecord) {
        guard !saved else { return }
        saved = true
        do throws(BreatheError) {
            try store.append(record)
            appended = record
        } catch {
            failure = error
        }
    }

    /// The mood given after the session: appended as an amendment to its record (the stopping signals held back
    /// meanwhile, so that the line is written whole). Does nothing when no record was appended.
    func amend(moodAfter: Int) {
        guard var record = appended else { return }
        let amendment = SessionAmendment(id: record.id, moodAfter: moodAfter)
        do throws(BreatheError) {
            try SignalSource.holdingStops { () throws(BreatheError) in try store.append(amendment) }
            self.moodAfter = moodAfter
            amendment.apply(to: &record)
            appended = record
            if counted { countBadges() }
        } catch {
            failure = error
        }
    }

    /// True once the history was read for the badges.
    private var counted = false

    /// Works out the badges the appended session earned (a lifted mood may earn one), reading the history once, after
    /// the session: every record but the session's own, then the session as it now reads.
    func countBadges() {
        guard let appended else { return }
        if !counted {
            counted = true
            do throws(BreatheError) {
                var stats = SessionStats()
                var skipped: [Int] = []
                try store.forEach(skipped: { skipped.append($0) }) {
                    if $0.id != appended.id { stats.add($0) }
                    return true
                }
                skippedLines = skipped
                statsBefore = stats
            } catch {
                failure = error
                return
            }
        }
        let before = Set(statsBefore.badges)
        var stats = statsBefore
        stats.add(appended)
        newBadges = stats.badges.filter { !before.contains($0) }
    }

    /// Records a reminder that never ran (a call or a recording outlasted its wait): status `skipped`, why, nothing
    /// breathed, from `started` (when it was due) to now. It earns no badge and counts in no stats.
    func appendSkipped(_ activity: CallActivity, started: LocalTimestamp) throws(BreatheError) {
        var record = record(
            SessionSummary(status: .interrupted, cyclesCompleted: 0, cyclesPlanned: plan.cycles, position: 0))
        record.start = started
        record.actualTenths = 0
        record.status = .skipped
        record.reason = activity == .call ? .call : .recording
        saved = true
        try store.append(record)
    }

    /// Records a reminder that could not play: status `failed`, why, nothing breathed, from when it began (or now).
    /// Nothing when the session was already recorded (what it breathed before it failed) or is not to be.
    func appendFailed(_ reason: SessionRecord.Reason) throws(BreatheError) {
        guard records, !saved else { return }
        var record = record(
            SessionSummary(status: .interrupted, cyclesCompleted: 0, cyclesPlanned: plan.cycles, position: 0))
        record.actualTenths = 0
        record.status = .failed
        record.reason = reason
        saved = true
        try store.append(record)
    }

    func record(_ summary: SessionSummary) -> SessionRecord {
        let end = clock.now()
        let pattern = plan.pattern
        let kind: SessionRecord.PatternKind =
            if pattern.name != nil {
                pattern.isBuiltIn ? .builtIn : .saved
            } else {
                .timings
            }
        let actualSamples = max(0, summary.position - plan.breathingStart)
        return SessionRecord(
            id: SessionRecordID.make(), start: started ?? end, end: end, patternName: pattern.name,
            timings: pattern.timingsText, patternKind: kind, ramps: plan.ramps, plannedCycles: plan.cycles,
            actualCycles: summary.cyclesCompleted, plannedTenths: plan.breathingTenths,
            actualTenths: Int(actualSamples * 10 / Int64(plan.sampleRate)),
            status: SessionRecord.Status(summary.status),
            moodBefore: moodBefore, moodAfter: moodAfter, language: language, source: source
        )
    }
}

/// Session ids: 16 random hex digits, unique enough for one person's history.
enum SessionRecordID {
    static func make() -> String {
        let value = UInt64.random(in: 0...UInt64.max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

import BreatheCore

/// Records the session in the history: it notes the wall-clock start, builds the record on the machine's `save`
/// effect, and appends it, then says which badges the session earned.
///
/// When a mood prompt will follow the session, the record waits for `commit(moodAfter:)`; otherwise it is appended at
/// the `save` effect itself. A class, so that the caller keeps a handle on what the runner's copy did.
final class HistoryRecorder: SessionPresenter {
    let store: HistoryStore
    /// The session's plan; its lead-in may be lengthened to cover the opening before the session starts.
    var plan: SessionPlan
    let language: String
    let source: SessionRecord.Source
    let moodBefore: Int?
    var moodAfter: Int?
    /// True when `commit(moodAfter:)` will be called after a prompt; the append then waits for it.
    let waitsForMood: Bool
    private let clock: WallClock
    private var started: LocalTimestamp?
    /// The record built at `save`, until it is appended.
    private(set) var pending: SessionRecord?
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

    init(
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
        pending = record(summary)
        if !waitsForMood { commit() }
    }

    func refresh(state: SessionState, position: Int64, resized: Bool) {
        note(state: state, position: position)
    }

    /// Often enough to know how far a session got if its runner fails (see `recordCutShort`).
    var refreshInterval: UInt64? { 250_000_000 }

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
        guard records, pending == nil, !saved, furthest > plan.breathingStart else { return }
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
        pending = record(summary)
        commit()
    }

    /// Appends the pending record (with the mood given, if any) and works out the badges it earned.
    func commit(moodAfter: Int? = nil) {
        if let moodAfter { self.moodAfter = moodAfter }
        guard var record = pending else { return }
        pending = nil
        saved = true
        record.moodAfter = self.moodAfter
        do throws(BreatheError) {
            var stats = SessionStats()
            var skipped: [Int] = []
            try store.forEach(skipped: { skipped.append($0) }) {
                stats.add($0)
                return true
            }
            skippedLines = skipped
            let before = Set(stats.badges)
            stats.add(record)
            try store.append(record)
            newBadges = stats.badges.filter { !before.contains($0) }
        } catch {
            failure = error
        }
    }

    /// Records a reminder that never ran (a call or a recording outlasted its wait): status `skipped`, why, nothing
    /// breathed, from `started` (when it was due) to now. It earns no badge and counts in no stats.
    func appendSkipped(_ activity: CallActivity, started: LocalTimestamp) throws(BreatheError) {
        var record = record(
            SessionSummary(status: .interrupted, cyclesCompleted: 0, cyclesPlanned: plan.cycles, position: 0))
        record.start = started
        record.actualTenths = 0
        record.status = .skipped
        record.reason = activity
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

/// What `SessionStats` counts of one session, apart from its pattern's label.
struct SessionFacts: Hashable, Sendable {
    /// The local calendar day the session started on.
    var dayNumber: Int
    var actualTenths: Int
    /// It breathed a whole cycle or completed, so its day counts toward a streak.
    var isPracticeDay: Bool
    /// Its pattern was saved or typed rather than built in.
    var isCustomPattern: Bool
    var moodBefore: Int?
    var moodAfter: Int?
    /// False for a skipped or failed reminder and for a session that was never breathed (see `SessionFacts.wasBreathed`): it is in
    /// the history but never in stats, streaks or badges.
    var counts: Bool

    init(
        dayNumber: Int, actualTenths: Int, isPracticeDay: Bool, isCustomPattern: Bool, moodBefore: Int?,
        moodAfter: Int?,
        counts: Bool = true
    ) {
        self.dayNumber = dayNumber
        self.actualTenths = actualTenths
        self.isPracticeDay = isPracticeDay
        self.isCustomPattern = isCustomPattern
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
        self.counts = counts
    }

    init(_ record: SessionRecord) {
        self.init(
            dayNumber: record.start.dayNumber, actualTenths: record.actualTenths,
            isPracticeDay: record.actualCycles > 0 || record.status == .completed,
            isCustomPattern: record.patternKind != .builtIn, moodBefore: record.moodBefore, moodAfter: record.moodAfter,
            counts: SessionFacts.counts(
                status: record.status, actualCycles: record.actualCycles, actualTenths: record.actualTenths)
        )
    }

    /// Whether a session was breathed: its first breath began (at least a tenth of a second of breathing was
    /// recorded), or it breathed a whole cycle or completed. A session stopped in its opening, before the first
    /// breath, is listed in the history with 0 seconds, but earns no badge and counts in no stats or streak.
    static func wasBreathed(status: SessionRecord.Status, actualCycles: Int, actualTenths: Int) -> Bool {
        status == .completed || actualCycles > 0 || actualTenths > 0
    }

    /// Whether a record counts in stats, streaks and badges: a breathed session, never a skipped or failed reminder.
    static func counts(status: SessionRecord.Status, actualCycles: Int, actualTenths: Int) -> Bool {
        status != .skipped && status != .failed
            && wasBreathed(status: status, actualCycles: actualCycles, actualTenths: actualTenths)
    }
}

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
    /// False for a skipped reminder: it is in the history but never in stats, streaks or badges.
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
            counts: record.status != .skipped
        )
    }
}

/// What `SessionStats` counts of one session, apart from its pattern's label.
package struct SessionFacts: Hashable, Sendable {
    /// The local calendar day the session started on.
    package var dayNumber: Int
    package var actualTenths: Int
    /// It breathed a whole cycle or completed, so its day counts toward a streak.
    package var isPracticeDay: Bool
    /// Its pattern was saved or typed rather than built in.
    package var isCustomPattern: Bool
    package var moodBefore: Int?
    package var moodAfter: Int?

    package init(
        dayNumber: Int, actualTenths: Int, isPracticeDay: Bool, isCustomPattern: Bool, moodBefore: Int?, moodAfter: Int?
    ) {
        self.dayNumber = dayNumber
        self.actualTenths = actualTenths
        self.isPracticeDay = isPracticeDay
        self.isCustomPattern = isCustomPattern
        self.moodBefore = moodBefore
        self.moodAfter = moodAfter
    }

    package init(_ record: SessionRecord) {
        self.init(
            dayNumber: record.start.dayNumber, actualTenths: record.actualTenths,
            isPracticeDay: record.actualCycles > 0 || record.status == .completed,
            isCustomPattern: record.patternKind != .builtIn, moodBefore: record.moodBefore, moodAfter: record.moodAfter
        )
    }
}

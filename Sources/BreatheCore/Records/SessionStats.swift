/// Totals, streaks, mood and badges, accumulated one record at a time so that the history can be streamed.
///
/// Days are local calendar days as each session recorded them (its own date and UTC offset), so a move across time
/// zones or a DST change never shifts a past session to another day. A day counts toward a streak when it has at least
/// one session that breathed a whole cycle or completed.
package struct SessionStats: Hashable, Sendable {
    /// Every session in the history, breathed or not (a skipped or failed reminder, a session stopped in its opening),
    /// which `sessions` does not count: what `stats` says when none was breathed.
    package private(set) var recorded = 0
    package private(set) var sessions = 0
    package private(set) var tenths = 0
    /// Sessions that recorded both moods, and the sum of (after − before) over them.
    package private(set) var moodSessions = 0
    private(set) var moodChangeSum = 0
    private(set) var moodImproved = 0
    /// Sessions that recorded a mood after (the answer to the question at the end), and the sum of those moods.
    package private(set) var moodAfterSessions = 0
    private(set) var moodAfterSum = 0
    private(set) var usedCustomPattern = false
    /// Sessions per pattern label.
    private(set) var patternCounts: [String: Int] = [:]
    /// Practice days (day numbers): one bit a day, so the stats of any history take the same memory.
    private(set) var days = DaySet()
    /// The day `currentStreak` and `lastSevenDays` count back from (the current local date), if any.
    let today: Int?
    /// The session count and breathing time of each of the 7 days ending `today`, oldest first: the only days whose
    /// totals are kept.
    private var week = [(sessions: Int, tenths: Int)](repeating: (0, 0), count: 7)

    /// `today`: the day `currentStreak` and `lastSevenDays` end on; nil for stats that need neither (the badges).
    package init(today: Int? = nil) {
        self.today = today
    }

    package static func == (lhs: SessionStats, rhs: SessionStats) -> Bool {
        lhs.recorded == rhs.recorded && lhs.sessions == rhs.sessions && lhs.tenths == rhs.tenths
            && lhs.moodSessions == rhs.moodSessions
            && lhs.moodChangeSum == rhs.moodChangeSum && lhs.moodAfterSessions == rhs.moodAfterSessions
            && lhs.moodAfterSum == rhs.moodAfterSum && lhs.patternCounts == rhs.patternCounts
            && lhs.days == rhs.days && lhs.today == rhs.today && lhs.week.elementsEqual(rhs.week) { $0 == $1 }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(sessions)
        hasher.combine(tenths)
    }

    /// Adds one session; a skipped or failed reminder and a session never breathed add nothing.
    package mutating func add(_ record: SessionRecord) {
        let facts = SessionFacts(record)
        countRecorded()
        guard facts.counts else { return }
        add(facts)
        countPattern(record.patternLabel)
    }

    /// Adds one session's totals, day and mood, but not its pattern: `countPattern` counts that (the history's
    /// `SessionStatsReader` counts labels by their bytes and names them once at the end).
    mutating func add(_ facts: SessionFacts) {
        guard facts.counts else { return }
        sessions += 1
        let tenths = max(0, facts.actualTenths)
        self.tenths += tenths
        if let after = facts.moodAfter { countMoodAfter(after, before: facts.moodBefore, sign: 1) }
        if facts.isCustomPattern { usedCustomPattern = true }
        if facts.isPracticeDay {
            days.insert(facts.dayNumber)
            if let today, case let slot = facts.dayNumber - today + 6, week.indices.contains(slot) {
                week[slot].sessions += 1
                week[slot].tenths += tenths
            }
        }
    }

    /// One more session in the history, whether or not it counts (`add` counts what it counts).
    mutating func countRecorded() { recorded += 1 }

    /// A counted session was given its mood after later (an amendment): `old` comes out of the mood figures, `new` goes
    /// in.
    mutating func changeMoodAfter(before: Int?, from old: Int?, to new: Int) {
        if let old { countMoodAfter(old, before: before, sign: -1) }
        countMoodAfter(new, before: before, sign: 1)
    }

    /// Adds (`sign` 1) or takes out (-1) one session's mood after, and its change from the mood before when it has one.
    private mutating func countMoodAfter(_ after: Int, before: Int?, sign: Int) {
        moodAfterSessions += sign
        moodAfterSum += sign * after
        guard let before else { return }
        moodSessions += sign
        moodChangeSum += sign * (after - before)
        if after > before { moodImproved += sign }
    }

    /// Counts `sessions` more sessions with the pattern label `label`.
    mutating func countPattern(_ label: String, sessions: Int = 1) {
        patternCounts[label, default: 0] += sessions
    }

    /// The longest run of consecutive practice days.
    package var longestStreak: Int {
        var longest = 0
        var run = 0
        var last: Int?
        days.forEach { day in
            run = last.map { day == $0 + 1 ? run + 1 : 1 } ?? 1
            longest = max(longest, run)
            last = day
        }
        return longest
    }

    /// `currentStreak(today:)` of the stats' `today` (0 without one).
    package var currentStreak: Int { today.map(currentStreak(today:)) ?? 0 }

    /// The run of practice days ending today, or yesterday when today has no session yet (the streak is still alive).
    func currentStreak(today: Int) -> Int {
        var day = days.contains(today) ? today : today - 1
        var run = 0
        while days.contains(day) {
            run += 1
            day -= 1
        }
        return run
    }

    /// Average mood change in tenths (rounded half away from zero), or nil when no session recorded both moods.
    package var averageMoodChangeTenths: Int? { SessionStats.averageTenths(moodChangeSum, over: moodSessions) }

    /// Average mood after a session in tenths (rounded half away from zero), or nil when no session recorded one.
    package var averageMoodAfterTenths: Int? { SessionStats.averageTenths(moodAfterSum, over: moodAfterSessions) }

    private static func averageTenths(_ sum: Int, over count: Int) -> Int? {
        guard count > 0 else { return nil }
        let scaled = sum * 10
        let half = count / 2
        return scaled >= 0 ? (scaled + half) / count : -((-scaled + half) / count)
    }

    /// The most used patterns, most sessions first, then by name; at most `limit`.
    package func topPatterns(limit: Int = 3) -> [(label: String, sessions: Int)] {
        patternCounts.map { (label: $0.key, sessions: $0.value) }
            .sorted { $0.sessions != $1.sessions ? $0.sessions > $1.sessions : $0.label < $1.label }
            .prefix(limit).map { $0 }
    }

    /// The 7 days ending `today`, oldest first, with their sessions and breathing time; none without a `today`.
    package var lastSevenDays: [(day: Int, sessions: Int, tenths: Int)] {
        guard let today else { return [] }
        return week.enumerated().map { (today - 6 + $0.offset, $0.element.sessions, $0.element.tenths) }
    }

    /// Every badge earned so far, in the list's order.
    package var badges: [Badge] {
        var earned: [Badge] = []
        if sessions >= 1 { earned.append(.firstSession) }
        let longest = longestStreak
        if longest >= 3 { earned.append(.streak3) }
        if longest >= 7 { earned.append(.streak7) }
        if longest >= 30 { earned.append(.streak30) }
        if sessions >= 100 { earned.append(.sessions100) }
        if sessions >= 500 { earned.append(.sessions500) }
        if tenths >= 36_000 { earned.append(.zenMaster) }
        if usedCustomPattern { earned.append(.customPattern) }
        if moodImproved >= 10 { earned.append(.moodImproved10) }
        // Days come in order, so a week's days come together.
        var week = Int.min
        var daysInWeek = 0
        var fullWeek = false
        days.forEach { day in
            // Weeks start on Monday: day 0 (1970-01-01) was a Thursday, so day + 3 is 0 on a Monday.
            let this = (day + 3) >= 0 ? (day + 3) / 7 : (day + 3 - 6) / 7
            daysInWeek = this == week ? daysInWeek + 1 : 1
            week = this
            if daysInWeek >= 5 { fullWeek = true }
        }
        if fullWeek { earned.append(.fiveDaysInAWeek) }
        return earned
    }
}

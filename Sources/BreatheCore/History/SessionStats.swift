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
    /// Practice days (day numbers) with their session count and breathing time.
    private(set) var days: [Int: (sessions: Int, tenths: Int)] = [:]

    package init() {}

    package static func == (lhs: SessionStats, rhs: SessionStats) -> Bool {
        lhs.recorded == rhs.recorded && lhs.sessions == rhs.sessions && lhs.tenths == rhs.tenths
            && lhs.moodSessions == rhs.moodSessions
            && lhs.moodChangeSum == rhs.moodChangeSum && lhs.moodAfterSessions == rhs.moodAfterSessions
            && lhs.moodAfterSum == rhs.moodAfterSum && lhs.patternCounts == rhs.patternCounts
            && lhs.days.keys == rhs.days.keys
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
            // One lookup: the entry is changed in place.
            SessionStats.count(tenths, in: &days[facts.dayNumber, default: (0, 0)])
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

    private static func count(_ tenths: Int, in day: inout (sessions: Int, tenths: Int)) {
        day.sessions += 1
        day.tenths += tenths
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
        for day in days.keys.sorted() {
            run = last.map { day == $0 + 1 ? run + 1 : 1 } ?? 1
            longest = max(longest, run)
            last = day
        }
        return longest
    }

    /// The run of practice days ending today, or yesterday when today has no session yet (the streak is still alive).
    package func currentStreak(today: Int) -> Int {
        var day = days[today] != nil ? today : today - 1
        var run = 0
        while days[day] != nil {
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

    /// The 7 days ending today, oldest first, with their sessions and breathing time.
    package func lastSevenDays(today: Int) -> [(day: Int, sessions: Int, tenths: Int)] {
        (today - 6...today).map { day in (day, days[day]?.sessions ?? 0, days[day]?.tenths ?? 0) }
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
        var perWeek: [Int: Int] = [:]
        for day in days.keys {
            // Weeks start on Monday: day 0 (1970-01-01) was a Thursday, so day + 3 is 0 on a Monday.
            let week = (day + 3) >= 0 ? (day + 3) / 7 : (day + 3 - 6) / 7
            perWeek[week, default: 0] += 1
        }
        if perWeek.values.contains(where: { $0 >= 5 }) { earned.append(.fiveDaysInAWeek) }
        return earned
    }
}

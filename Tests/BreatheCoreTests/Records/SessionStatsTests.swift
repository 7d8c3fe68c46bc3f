import Testing

@testable import BreatheCore

@Suite struct SessionStatsTests {
    static func record(
        _ start: String, tenths: Int = 600, pattern: String? = "box", kind: SessionRecord.PatternKind = .builtIn,
        before: Int? = nil, after: Int? = nil, cycles: Int = 4, status: SessionRecord.Status = .completed
    ) -> SessionRecord {
        let time = LocalTimestamp.parse(start)!
        return SessionRecord(
            id: "x", start: time, end: time, patternName: pattern, timings: "4-4-4-4", patternKind: kind,
            plannedCycles: 4, actualCycles: cycles, plannedTenths: 640, actualTenths: tenths, status: status,
            moodBefore: before, moodAfter: after, language: "en"
        )
    }

    static func day(_ date: String) -> Int { LocalTimestamp.parse(date + "T12:00:00Z")!.dayNumber }

    @Test func streakAcrossSpringForwardInMadrid() {
        // Europe/Madrid moved from +01:00 to +02:00 at 02:00 on 2024-03-31.
        var stats = SessionStats()
        stats.add(Self.record("2024-03-30T23:30:00+01:00"))
        stats.add(Self.record("2024-03-31T01:59:00+01:00"))
        stats.add(Self.record("2024-03-31T03:01:00+02:00"))
        stats.add(Self.record("2024-04-01T00:10:00+02:00"))
        #expect(stats.longestStreak == 3)
        #expect(stats.currentStreak(today: Self.day("2024-04-01")) == 3)
        #expect(stats.currentStreak(today: Self.day("2024-04-02")) == 3)
        #expect(stats.currentStreak(today: Self.day("2024-04-03")) == 0)
    }

    @Test func streakAcrossFallBackInMadrid() {
        // 2024-10-27: 03:00 +02:00 became 02:00 +01:00; the day has 25 hours but is still one day.
        var stats = SessionStats()
        stats.add(Self.record("2024-10-26T23:59:00+02:00"))
        stats.add(Self.record("2024-10-27T02:30:00+02:00"))
        stats.add(Self.record("2024-10-27T02:30:00+01:00"))
        stats.add(Self.record("2024-10-28T00:00:30+01:00"))
        #expect(stats.longestStreak == 3)
        #expect(stats.days.count == 3)
    }

    @Test func oneMissingDayBreaksTheStreak() {
        var stats = SessionStats()
        for date in ["2024-05-01", "2024-05-02", "2024-05-03", "2024-05-05", "2024-05-06"] {
            stats.add(Self.record(date + "T08:00:00+02:00"))
        }
        #expect(stats.longestStreak == 3)
        #expect(stats.currentStreak(today: Self.day("2024-05-06")) == 2)
    }

    @Test func sessionsJustBeforeAndAfterMidnightAreTwoDays() {
        var stats = SessionStats()
        stats.add(Self.record("2024-06-10T23:59:59+02:00"))
        stats.add(Self.record("2024-06-11T00:00:01+02:00"))
        #expect(stats.longestStreak == 2)
        // The same instants seen from UTC would be one day; the local date is what counts.
        #expect(
            LocalTimestamp.parse("2024-06-10T23:59:59+02:00")!.epochSeconds / 86_400
                == LocalTimestamp.parse("2024-06-11T00:00:01+02:00")!.epochSeconds / 86_400)
    }

    @Test func aSessionWithNoWholeCycleDoesNotCountAsAPracticeDay() {
        var stats = SessionStats()
        stats.add(Self.record("2024-06-10T10:00:00Z", cycles: 0, status: .stopped))
        #expect(stats.sessions == 1)
        #expect(stats.longestStreak == 0)
    }

    /// A session stopped in its opening, before its first breath, is in the history but earns nothing; once its
    /// breathing began (a tenth of a second), it counts.
    @Test func aSessionNeverBreathedCountsInNoStatsStreakOrBadge() {
        var stats = SessionStats()
        stats.add(
            Self.record("2024-06-10T10:00:00Z", tenths: 0, pattern: nil, kind: .timings, cycles: 0, status: .stopped))
        #expect(stats.sessions == 0)
        #expect(stats.badges.isEmpty)
        // In the history all the same: `stats` says none was breathed, rather than that none was recorded.
        #expect(stats.recorded == 1)
        stats.add(
            Self.record("2024-06-10T10:05:00Z", tenths: 1, pattern: nil, kind: .timings, cycles: 0, status: .stopped))
        #expect(stats.sessions == 1)
        #expect(stats.badges == [.firstSession, .customPattern])
        #expect(stats.longestStreak == 0)
    }

    @Test func aSkippedReminderCountsInNoStatsStreakOrBadge() {
        var stats = SessionStats()
        stats.add(Self.record("2024-05-06T10:00:00+02:00"))
        var skipped = Self.record(
            "2024-05-07T10:00:00+02:00", tenths: 0, pattern: nil, kind: .timings, before: 1, after: 5, cycles: 0,
            status: .skipped)
        skipped.reason = .call
        var before = stats
        stats.add(skipped)
        // It is one more session in the history, and nothing else.
        #expect(stats.recorded == 2)
        before.countRecorded()
        #expect(stats == before)
        #expect(stats.sessions == 1)
        #expect(stats.currentStreak(today: Self.day("2024-05-07")) == 1)
        #expect(!stats.badges.contains(.customPattern))
        #expect(CSVWriter.fields(skipped).last == "call")
        #expect(CSVWriter.header.last == "reason")
        #expect(CSVWriter.fields(Self.record("2024-05-06T10:00:00+02:00")).last == "")
    }

    /// A failed reminder, or a declined one, counts for nothing, whatever its line says was breathed.
    @Test(arguments: [
        (SessionRecord.Status.failed, SessionRecord.Reason?.some(.sound)), (.failed, .pattern), (.failed, nil),
        (.skipped, .user),
    ])
    func aFailedOrDeclinedReminderCountsInNoStatsStreakOrBadge(
        status: SessionRecord.Status, reason: SessionRecord.Reason?
    ) {
        var stats = SessionStats()
        stats.add(Self.record("2024-05-06T10:00:00+02:00"))
        var reminder = Self.record(
            "2024-05-07T10:00:00+02:00", pattern: "calm", kind: .saved, before: 1, after: 5, status: status)
        reminder.reason = reason
        var before = stats
        stats.add(reminder)
        #expect(stats.recorded == 2)
        before.countRecorded()
        #expect(stats == before)
        #expect(stats.currentStreak(today: Self.day("2024-05-07")) == 1)
        #expect(!stats.badges.contains(.customPattern))
        #expect(CSVWriter.fields(reminder)[10] == status.rawValue)
        #expect(CSVWriter.fields(reminder).last == reason?.rawValue ?? "")
    }

    @Test func moodAverages() {
        var stats = SessionStats()
        stats.add(Self.record("2024-06-10T10:00:00Z", before: 2, after: 4))
        stats.add(Self.record("2024-06-11T10:00:00Z", before: 3, after: 2))
        stats.add(Self.record("2024-06-12T10:00:00Z", before: 1, after: 3))
        stats.add(Self.record("2024-06-13T10:00:00Z", before: 3))
        #expect(stats.moodSessions == 3)
        #expect(stats.averageMoodChangeTenths == 10)
        var down = SessionStats()
        down.add(Self.record("2024-06-10T10:00:00Z", before: 5, after: 3))
        down.add(Self.record("2024-06-11T10:00:00Z", before: 4, after: 3))
        #expect(down.averageMoodChangeTenths == -15)
        #expect(SessionStats().averageMoodChangeTenths == nil)
    }

    /// The mood given at the question, with or without one before, and changed later by an amendment.
    @Test func moodAfterAverages() {
        var stats = SessionStats()
        stats.add(Self.record("2024-06-10T10:00:00Z", after: 4))
        stats.add(Self.record("2024-06-11T10:00:00Z", before: 2, after: 5))
        stats.add(Self.record("2024-06-12T10:00:00Z"))
        #expect(stats.moodAfterSessions == 2)
        #expect(stats.averageMoodAfterTenths == 45)
        #expect(stats.averageMoodChangeTenths == 30)
        stats.changeMoodAfter(before: 2, from: 5, to: 1)
        stats.changeMoodAfter(before: nil, from: nil, to: 3)
        #expect(stats.moodAfterSessions == 3)
        #expect(stats.averageMoodAfterTenths == 27)
        #expect(stats.averageMoodChangeTenths == -10)
        #expect(SessionStats().averageMoodAfterTenths == nil)
    }

    @Test func badges() {
        var stats = SessionStats()
        #expect(stats.badges.isEmpty)
        stats.add(Self.record("2024-01-01T10:00:00Z"))
        #expect(stats.badges == [.firstSession])
        stats.add(Self.record("2024-01-02T10:00:00Z"))
        stats.add(Self.record("2024-01-03T10:00:00Z", pattern: "calm", kind: .saved))
        #expect(stats.badges == [.firstSession, .streak3, .customPattern])
        // Mon 2024-01-01 … Fri 2024-01-05: five days in one week; a week is Monday to Sunday.
        stats.add(Self.record("2024-01-04T10:00:00Z"))
        #expect(!stats.badges.contains(.fiveDaysInAWeek))
        stats.add(Self.record("2024-01-05T10:00:00Z"))
        #expect(stats.badges.contains(.fiveDaysInAWeek))
        for day in 6...7 { stats.add(Self.record("2024-01-0\(day)T10:00:00Z")) }
        #expect(stats.badges.contains(.streak7))
        for index in 0..<93 {
            stats.add(Self.record("2024-01-07T11:00:00Z", tenths: index < 50 ? 700 : 0, before: 1, after: 2))
        }
        #expect(stats.sessions == 100)
        #expect(stats.badges.contains(.sessions100))
        #expect(stats.badges.contains(.moodImproved10))
        #expect(stats.tenths >= 36_000)
        #expect(stats.badges.contains(.zenMaster))
        #expect(!stats.badges.contains(.sessions500))
        #expect(!stats.badges.contains(.streak30))
    }

    @Test func fiveDaysAcrossTwoWeeksIsNotFiveInOneWeek() {
        var stats = SessionStats()
        // Fri 2024-01-05 … Tue 2024-01-09 crosses Monday.
        for day in 5...9 { stats.add(Self.record("2024-01-0\(day)T10:00:00Z")) }
        #expect(!stats.badges.contains(.fiveDaysInAWeek))
    }

    @Test func csvEscapesCommasQuotesAndLineBreaks() {
        #expect(CSVWriter.escape("plain") == "plain")
        #expect(CSVWriter.escape("a,b") == "\"a,b\"")
        #expect(CSVWriter.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.escape("two\r\nlines") == "\"two\r\nlines\"")
        #expect(CSVWriter.row(["x", "y,z"]) == "x,\"y,z\"\r\n")
    }

    @Test func recordsRoundTripThroughALine() throws {
        var record = Self.record("2024-03-31T03:01:00+02:00", before: 2, after: 5)
        record.ramps = [Ramp(kind: .exhale, targetTenths: 100)]
        record.actualTenths = 55
        let again = SessionRecord.parse(line: Array(record.line.utf8))
        #expect(again == record)
        #expect(SessionRecord.parse(line: Array(record.line.utf8.dropLast(3))) == nil)
    }

    @Test func timestampsParseAndPrint() {
        let time = LocalTimestamp.parse("2024-10-27T02:30:00-03:30")!
        #expect(time.iso8601 == "2024-10-27T02:30:00-03:30")
        #expect(LocalTimestamp.parse("2024-10-27T02:30:00Z")?.offsetSeconds == 0)
        #expect(LocalTimestamp.parse("2024-13-27T02:30:00Z") == nil)
        #expect(LocalTimestamp.weekday(dayNumber: LocalTimestamp.dayNumber(year: 2024, month: 1, day: 1)) == 0)
        for day in [-800_000, -1, 0, 19_000, 2_000_000] {
            let (y, m, d) = LocalTimestamp.date(dayNumber: day)
            #expect(LocalTimestamp.dayNumber(year: y, month: m, day: d) == day)
        }
    }

    @Test(
        arguments: [
            ("2024-10-27T02:30:00+02:00", "2024-10-27T02:30:00+02:00"),
            ("2024-10-27 02:30:00.125Z", "2024-10-27T02:30:00+00:00"),
            ("2024-10-27T02:30:60-00:30", "2024-10-27T02:30:60-00:30"),
            ("2024-10-27T02:30:00.Z", "2024-10-27T02:30:00+00:00"),
            ("2024-10-27T02:30:00", nil), ("2024-10-27T02:30:0Z", nil), ("2024-10-27T02:30:00+02", nil),
            ("2024-10-27T02:30:00+0200", nil),
            ("2024-10-27T02:30:00+02:0x", nil), ("2024-10-27T02:30:00+x2:00", nil), ("2024-10-27T02:30:00+24:00", nil),
            ("2024-10-27T02:30:00+02:60", nil), ("2024-10-27T02:30:00+02-00", nil), ("2024-10-27T02:30:00Z ", nil),
            ("2024-1O-27T02:30:00Z", nil), ("2O24-10-27T02:30:00Z", nil), ("2024-10-27T02:3:000Z", nil),
            ("2024/10/27T02:30:00Z", nil),
            ("2024-10-27X02:30:00Z", nil), ("2024-00-27T02:30:00Z", nil), ("2024-10-32T02:30:00Z", nil),
            ("2024-10-00T02:30:00Z", nil),
            ("2024-10-27T24:30:00Z", nil), ("2024-10-27T02:60:00Z", nil), ("2024-10-27T02:30:61Z", nil),
            ("2024-10-27T02:30:00z", nil),
            ("-024-10-27T02:30:00Z", nil), ("2024-10-27T02:30:00\u{0}+02:00", nil),
        ] as [(String, String?)])
    func timestampsAreCheckedByteByByte(text: String, printed: String?) {
        #expect(LocalTimestamp.parse(text)?.iso8601 == printed)
    }
}

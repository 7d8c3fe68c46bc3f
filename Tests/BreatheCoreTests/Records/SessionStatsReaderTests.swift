import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// `stats` reads the history through `SessionStatsReader`, which never makes a record: it must skip the same lines as
/// `SessionRecordReader` and count exactly what `SessionStats.add(record)` counts.
@Suite struct SessionStatsReaderTests {
    /// Every figure the stats hold, so that two can be compared in full (`==` on `SessionStats` compares fewer).
    struct Figures: Equatable, CustomStringConvertible {
        var sessions, tenths, moodSessions, moodChangeSum, moodImproved, moodAfterSessions, moodAfterSum: Int
        var usedCustomPattern: Bool
        var patternCounts: [String: Int]
        /// The practice days in order, and the last seven days' totals (when the stats have a `today`).
        var days: [Int]
        var week: [[Int]]

        init(_ stats: SessionStats) {
            sessions = stats.sessions
            tenths = stats.tenths
            moodSessions = stats.moodSessions
            moodChangeSum = stats.moodChangeSum
            moodImproved = stats.moodImproved
            moodAfterSessions = stats.moodAfterSessions
            moodAfterSum = stats.moodAfterSum
            usedCustomPattern = stats.usedCustomPattern
            patternCounts = stats.patternCounts
            var days: [Int] = []
            stats.days.forEach { days.append($0) }
            self.days = days
            week = stats.lastSevenDays.map { [$0.day, $0.sessions, $0.tenths] }
        }

        var description: String {
            "\(sessions) sessions, \(tenths) tenths, mood \(moodSessions)/\(moodChangeSum)/\(moodImproved), "
                + "after \(moodAfterSessions)/\(moodAfterSum), custom \(usedCustomPattern), "
                + "patterns \(patternCounts.sorted { $0.key < $1.key }), \(days.count) days"
        }
    }

    /// Pattern members as they may be written: plain, escaped, non-ASCII, canonically equal forms, null or no name.
    static let patterns = [
        #""name":"box","timings":"4-4-4-4","kind":"builtIn""#,
        #""name":"b\u006fx","timings":"4-4-4-4","kind":"builtIn""#,
        #""name":"4-7-8","timings":"4-7-8","kind":"builtIn""#,
        #""name":"resonant","timings":"5.5-5.5","kind":"builtIn""#,
        "\"name\":\"caf\u{E9}\",\"timings\":\"4-6\",\"kind\":\"saved\"",
        "\"name\":\"cafe\u{301}\",\"timings\":\"4-6\",\"kind\":\"saved\"",
        #""name":"caf\u00e9","timings":"4-6","kind":"saved""#,
        #""name":"evening-calm","timings":"4-2-7-1","kind":"saved""#,
        #""name":"","timings":"3-3","kind":"saved""#,
        #""name":null,"timings":"5-0-7-0","kind":"timings""#,
        #""timings":"5-0-7-0","kind":"timings""#,
        #""timings":"box","kind":"timings""#,
        #""kind":"builtIn","timings":"6-6","name":"a-rather-long-pattern-name-beyond-sixteen-bytes""#,
        #""name":"a-rather-long-pattern-name-beyond-sixteen-bytez","timings":"6-6","kind":"saved""#,
    ]

    static func line(_ random: inout SplitMix, day: Int) -> String {
        let (year, month, date) = LocalTimestamp.date(dayNumber: day)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let offset = ["+01:00", "+02:00", "-05:00", "Z", "+05:45"].randomElement(using: &random)!
        let hour = Int.random(in: 0..<24, using: &random)
        let start =
            "\(year)-\(two(month))-\(two(date))T\(two(hour)):\(two(Int.random(in: 0..<60, using: &random))):07\(offset)"
        let pattern = patterns.randomElement(using: &random)!
        let cycles = [0, 0, 1, 4, 11, 75].randomElement(using: &random)!
        let seconds = ["0", "0.5", "121.0", "64", "1200.0", "-3", "12.50"].randomElement(using: &random)!
        let status = [#""completed""#, #""stopped""#, #""interrupted""#, #""c\u006fmpleted""#].randomElement(
            using: &random)!
        func mood() -> String { ["null", "1", "2", "3", "4", "5"].randomElement(using: &random)! }
        var members = [
            #""id":"\#(UInt64.random(in: 0...UInt64.max, using: &random))""#, #""start":"\#(start)""#,
            #""end":"\#(start)""#,
            #""pattern":{\#(pattern)}"#, #""ramps":[{"phase":"exhale","seconds":8}]"#, #""plannedCycles":\#(cycles)"#,
            #""actualCycles":\#(cycles)"#, #""plannedSeconds":\#(seconds)"#, #""actualSeconds":\#(seconds)"#,
            #""status":\#(status)"#, #""moodBefore":\#(mood())"#, #""moodAfter":\#(mood())"#, #""language":"es""#,
            #""source":"cron""#,
        ]
        switch Int.random(in: 0..<6, using: &random) {
        case 0: members.shuffle(using: &random)
        case 1: members.removeAll { $0.hasPrefix(#""mood"#) }
        default: break
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The same line with one to three bytes changed, removed or added, or cut short.
    static func damaged(_ line: String, _ random: inout SplitMix) -> [UInt8] {
        var bytes = Array(line.utf8)
        if Bool.random(using: &random) { return Array(bytes[..<Int.random(in: 0..<bytes.count, using: &random)]) }
        let alphabet = Array(#"{}[]:,"\/ 0123456789.-eE+tfnulrsabcdou"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xA9, 0xFF]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[at] = alphabet.randomElement(using: &random)!
            case 1: bytes.remove(at: at)
            default: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
            }
        }
        return bytes
    }

    @Test(arguments: [1, 2, 3, 4])
    func countsWhatTheRecordsCount(seed: UInt64) {
        var random = SplitMix(state: seed)
        var reader = SessionRecordReader()
        // A week with sessions in it, whose totals the stats keep.
        var fast = SessionStatsReader(today: 12_200)
        var full = SessionStats(today: 12_200)
        var day = 12_000
        var skipped = 0
        for _ in 0..<3000 {
            if Int.random(in: 0..<4, using: &random) == 0 { day += Int.random(in: 1...3, using: &random) }
            let text = Self.line(&random, day: day)
            let bytes = Int.random(in: 0..<5, using: &random) == 0 ? Self.damaged(text, &random) : Array(text.utf8)
            let record = reader.record(bytes)
            if let record { full.add(record) } else { skipped += 1 }
            let accepted = fast.add(bytes)
            #expect(accepted == (record != nil), "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(skipped > 100)
        #expect(full.patternCounts.count > 8)
        #expect(Figures(fast.stats) == Figures(full))
        #expect(full.lastSevenDays.contains { $0.sessions > 0 })
        // Asking for the stats does not disturb the counting that follows.
        let more = Array(Self.line(&random, day: day + 1).utf8)
        full.add(reader.record(more)!)
        let accepted = fast.add(more)
        #expect(accepted)
        #expect(Figures(fast.stats) == Figures(full))
    }

    /// Amendment lines (the mood given after a session) among the records, some reaching further back than
    /// `AmendmentWindow.reach`, some for records that never count, some after damaged lines: the stats reader folds
    /// them in exactly as the records' reader and `AmendmentWindow` do.
    @Test(arguments: [5, 6, 7])
    func foldsAmendmentsAsTheRecordsDo(seed: UInt64) {
        var random = SplitMix(state: seed)
        var reader = SessionRecordReader()
        var fast = SessionStatsReader()
        var full = SessionStats()
        var window = AmendmentWindow()
        var ids: [String] = []
        var amended = 0
        for _ in 0..<3000 {
            let bytes: [UInt8]
            if !ids.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
                let back = min(ids.count, Int.random(in: 1...(AmendmentWindow.reach + 8), using: &random))
                let amendment = SessionAmendment(
                    id: ids[ids.count - back], moodAfter: Int.random(in: 1...5, using: &random))
                bytes = Array(amendment.line.utf8)
                if window.amend(amendment) { amended += 1 }
            } else {
                let text = Self.line(&random, day: 12_000 + ids.count / 10)
                bytes = Int.random(in: 0..<8, using: &random) == 0 ? Self.damaged(text, &random) : Array(text.utf8)
                if let record = reader.record(bytes) {
                    ids.append(record.id)
                    if let leaving = window.add(record) { full.add(leaving) }
                } else if bytes.withUnsafeBufferPointer({ SessionAmendment.parse(line: $0) }) == nil {
                    // As `HistoryStore` reads: an unreadable line hands over every record held before it.
                    while let held = window.removeOldest() { full.add(held) }
                }
            }
            _ = fast.add(bytes)
        }
        while let held = window.removeOldest() { full.add(held) }
        #expect(amended > 100)
        #expect(full.moodSessions > 100)
        #expect(Figures(fast.stats) == Figures(full))
    }

    @Test func canonicallyEqualLabelsAreOnePattern() {
        var fast = SessionStatsReader()
        var random = SplitMix(state: 9)
        for pattern in [Self.patterns[4], Self.patterns[5], Self.patterns[6]] {
            // A whole cycle breathed, so that the session counts.
            let line = Self.line(&random, day: 100).replacingOccurrences(ofFirstPatternIn: Self.patterns, with: pattern)
                .replacing(/"actualCycles":\d+/, with: #""actualCycles":1"#)
            let accepted = fast.add(Array(line.utf8))
            #expect(accepted)
        }
        #expect(fast.stats.patternCounts == ["caf\u{E9}": 3])
    }
}

extension String {
    /// The line with whichever of `patterns` it holds replaced by `replacement`.
    fileprivate func replacingOccurrences(ofFirstPatternIn patterns: [String], with replacement: String) -> String {
        for pattern in patterns {
            if let range = firstRange(of: pattern) {
                var result = self
                result.replaceSubrange(range, with: replacement)
                return result
            }
        }
        return self
    }
}

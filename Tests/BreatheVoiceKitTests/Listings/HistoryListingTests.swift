import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

@Suite struct HistoryListingTests {
    static let skipped = SessionRecord(
        id: "s", start: LocalTimestamp.parse("2026-05-04T14:00:00+02:00")!,
        end: LocalTimestamp.parse("2026-05-04T14:15:00+02:00")!, patternName: "box", timings: "4-4-4-4",
        patternKind: .builtIn, plannedCycles: 8, actualCycles: 0, plannedTenths: 1280, actualTenths: 0,
        status: .skipped, language: "en", source: .cron, reason: .call)

    @Test func aSkippedReminderIsListedWithItsReasonInEnglishAndSpanish() {
        #expect(
            HistoryListing(localizer: Localizer(language: "en")).line(Self.skipped)
                == "May 4th, 2026, 14:00: Box breathing (4, 4, 4, 4), reminder skipped: a call was in progress.\n")
        var recording = Self.skipped
        recording.reason = .recording
        #expect(
            HistoryListing(localizer: Localizer(language: "es")).line(recording)
                == "4 de mayo de 2026, 14:00: Respiración cuadrada (4; 4; 4; 4), recordatorio omitido: había una grabación en curso.\n"
        )
    }

    @Test func aFailedReminderSaysWhyAndADeclinedOneSaysSoInEnglish() {
        let listing = HistoryListing(localizer: Localizer(language: "en"))
        var failed = Self.skipped
        failed.status = .failed
        let expected: [(SessionRecord.Reason?, String)] = [
            (.sound, "no sound server answered"), (.speech, "speech-dispatcher did not answer"),
            (.voice, "its voice could not speak"), (.pattern, "its saved pattern no longer exists"),
            (.preferences, "the preferences could not be used"), (.other, "another error"), (nil, "another error"),
        ]
        for (reason, cause) in expected {
            failed.reason = reason
            #expect(listing.line(failed) == "May 4th, 2026, 14:00: reminder failed: \(cause).\n")
        }
        var declined = Self.skipped
        declined.reason = .user
        #expect(
            listing.line(declined)
                == "May 4th, 2026, 14:00: Box breathing (4, 4, 4, 4), reminder skipped: declined as it began.\n")
    }

    /// Every reason of a failed or declined reminder has its own words in every language: no placeholder left, no two
    /// reasons said alike, nothing a screen reader would stumble on.
    @Test(arguments: LocaleCatalog.codes)
    func everyFailedOrDeclinedReminderIsListedInEveryLanguage(code: String) {
        let listing = HistoryListing(localizer: Localizer(language: code))
        var lines: Set<String> = []
        for reason in SessionRecord.Reason.allCases {
            var record = Self.skipped
            record.status = reason.isFailure ? .failed : .skipped
            record.reason = reason
            let line = listing.line(record)
            #expect(!line.contains("{") && !line.contains("}") && line.hasSuffix(".\n"), "\(code): \(line)")
            #expect(line.split(separator: "\n").count == 1, "\(code): \(line)")
            lines.insert(line)
        }
        #expect(lines.count == SessionRecord.Reason.allCases.count, "\(code): \(lines)")
    }

    /// `stats` with sessions in the history but none breathed says so, in every language, rather than that nothing
    /// was recorded (which `history` would contradict); with an empty history it says that.
    @Test(arguments: LocaleCatalog.codes)
    func statsSayNoneWasBreathedWhenTheHistoryHoldsSessions(code: String) {
        let listing = HistoryListing(localizer: Localizer(language: code))
        let empty = listing.stats(SessionStats(today: 0))
        #expect(empty == Localizer(language: code).string(Message(.historyEmpty)) + "\n")
        var stats = SessionStats(today: 0)
        stats.add(Self.skipped)
        let one = listing.stats(stats)
        var opening = Self.skipped
        opening.status = .stopped
        opening.reason = nil
        stats.add(opening)
        let two = listing.stats(stats)
        #expect(stats.sessions == 0 && stats.recorded == 2)
        for text in [one, two] {
            #expect(
                text != empty && text.hasSuffix(".\n") && text.split(separator: "\n").count == 1, "\(code): \(text)")
        }
        #expect(one != two && two.contains("2"), "\(code): \(two)")
    }
}

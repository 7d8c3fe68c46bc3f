import Testing

@testable import BreatheCore
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
                == "May 4, 2026, 14:00: Box breathing (4, 4, 4, 4), reminder skipped: a call was in progress.\n")
        var recording = Self.skipped
        recording.reason = .recording
        #expect(
            HistoryListing(localizer: Localizer(language: "es")).line(recording)
                == "4 de mayo de 2026, 14:00: Respiración cuadrada (4; 4; 4; 4), recordatorio omitido: había una grabación en curso.\n"
        )
    }
}

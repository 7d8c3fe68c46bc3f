import Testing

@testable import BreatheCore
@testable import BreatheSystem

/// `DateWords` writes `Localizer.date(dayNumber:)`, made plain, byte for byte: in every language, for every day of
/// several years (each day and month of the year, leap days, years that change), and in a language whose template
/// says the year in a form and has a placeholder no date fills.
@Suite struct DateWordsTests {
    static let first = LocalTimestamp.dayNumber(year: 1999, month: 12, day: 1)
    static let last = LocalTimestamp.dayNumber(year: 2001, month: 3, day: 31)

    @Test(arguments: LocaleCatalog.codes)
    func datesAreTheLocalizersByteForByte(code: String) {
        Self.expectSame(Localizer(language: code))
    }

    @Test func aTemplateWithFormsAndStrangersIsFilledAsTheLocalizerFillsIt() {
        let scratch = LocaleCatalog(
            code: "de-x-dates",
            table: EmbeddedTable(
                """
                _date\u{1F}{weekday} {day:ordinal}.{month}.{year:ordinal} ({day})\u{1F}\u{1E}\
                _name\u{1F}Deutsch\u{1F}\u{1E}\
                _numbers.ordinal.1\u{1F}erster\u{1F}\u{1E}\
                _numbers.ordinal.2000\u{1F}zweitausendster\u{1F}\u{1E}\
                _voice\u{1F}de\u{1F}\u{1E}
                """))
        let localizer = Localizer(catalog: scratch)
        // The scratch language's own words are used: the check below compares something.
        let millennium = LocalTimestamp.dayNumber(year: 2000, month: 1, day: 1)
        #expect(localizer.date(dayNumber: millennium).contains("erster.1.zweitausendster"))
        Self.expectSame(localizer)
    }

    private static func expectSame(_ localizer: Localizer) {
        var words = DateWords(localizer: localizer, finish: PlainText.sanitize)
        var mismatches: [String] = []
        for day in first...last {
            var bytes: [UInt8] = []
            words.append(dayNumber: day, to: &bytes)
            let expected = PlainText.sanitize(localizer.date(dayNumber: day))
            if String(decoding: bytes, as: UTF8.self) != expected && mismatches.count < 3 {
                mismatches.append("\(expected) ≠ \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(mismatches.isEmpty, "\(localizer.language): \(mismatches)")
    }
}

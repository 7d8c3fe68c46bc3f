import Testing

@testable import BreatheCore

@Suite struct QuietHoursTests {
    static func time(_ text: String) -> TimeOfDay { try! TimeOfDay.parse(text).get() }

    @Test(arguments: [
        ("22:00-07:00", "21:59", false), ("22:00-07:00", "22:00", true), ("22:00-07:00", "23:59", true),
        ("22:00-07:00", "00:00", true), ("22:00-07:00", "06:59", true), ("22:00-07:00", "07:00", false),
        ("22:00-07:00", "12:00", false), ("12:00-13:30", "11:59", false), ("12:00-13:30", "12:00", true),
        ("12:00-13:30", "13:29", true), ("12:00-13:30", "13:30", false), ("00:00-06:00", "00:00", true),
        ("18:00-00:00", "23:59", true), ("18:00-00:00", "00:00", false), ("09:00-09:00", "09:00", false),
    ])
    func containsIsHalfOpenAndWrapsPastMidnight(window: String, now: String, quiet: Bool) throws {
        let hours = try QuietHours.parse(window).get()
        #expect(hours.contains(Self.time(now)) == quiet)
    }

    @Test func anEmptyWindowIsAProblem() throws {
        #expect(
            try QuietHours.parse("09:00-09:00").get().problem
                == Message(.doctorQuietHoursEmpty, ["time": .text("09:00")]))
        #expect(try QuietHours.parse("22:00-07:00").get().problem == nil)
        #expect(try QuietHours.parse("22:00-07:00").get().length == 540)
    }

    @Test(arguments: ["22-07", "22:00", "22:00-7", "24:00-01:00", "", "22:00–07:00"])
    func badWindowsAreRefused(text: String) {
        guard case .failure(let error) = QuietHours.parse(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(error.message == Message(.errorQuietHoursSyntax, ["value": .userValue(text)]))
    }

    @Test(arguments: [
        ("mon-fri", "1-5", "mon-fri"), ("sat,sun", "0,6", "sat,sun"), ("fri-mon", "0,1,5,6", "mon,fri-sun"),
        ("Weekdays", "1-5", "mon-fri"), ("lunes-miércoles", "1-3", "mon-wed"), ("daily", "*", "mon-sun"),
        ("sun,sat,sun", "0,6", "sat,sun"), ("mon,wed,fri", "1,3,5", "mon,wed,fri"),
    ])
    func daySetsReadAndWrite(text: String, cron: String, canonical: String) throws {
        let days = try WeekdaySet.parse(text, names: WeekdayNamesTests.englishAndSpanish).get()
        #expect(days.cronField == cron)
        #expect(days.text == canonical)
        #expect(try WeekdaySet.parse(days.text).get() == days)
    }
}

import Testing

@testable import BreatheCore

@Suite struct ReminderDeferTests {
    @Test(arguments: [
        ("15m", 900, "15m"), ("90s", 90, "1m30s"), ("1h", 3600, "1h"), ("0", 0, "0"), ("00", 0, "0"),
        ("0m", 0, "0"), ("1h30m", 5400, "1h30m"), ("2m30s", 150, "2m30s"), ("15min", 900, "15m"), (" 1H ", 3600, "1h"),
        ("24h", 86400, "24h"), ("1h0m1s", 3601, "1h1s"),
    ])
    func readsDurations(text: String, seconds: Int, canonical: String) throws {
        let wait = try ReminderDefer.parse(text).get()
        #expect(wait.seconds == seconds)
        #expect(wait.text == canonical)
        #expect(try ReminderDefer.parse(wait.text).get() == wait)
        #expect(wait.waits == (seconds > 0))
    }

    @Test(arguments: ["", "15", "m", "1x", "30m1h", "1m2m", "1.5h", "-1m", "1h 30m", "1234567s", "s5"])
    func refusesWhatIsNotADuration(text: String) {
        guard case .failure(let error) = ReminderDefer.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.message.key == .errorDeferSyntax)
    }

    @Test(arguments: ["25h", "24h1s", "86401s"])
    func refusesMoreThanADay(text: String) {
        guard case .failure(let error) = ReminderDefer.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.message.key == .errorDeferRange)
    }

    @Test func theDefaultIsFifteenMinutesAndThePreferenceReadsAndKeepsIt() {
        #expect(ReminderDefer.standard.seconds == 900)
        #expect(PreferenceRules.defaultValue(.remindDefer) == .text("15m"))
        let rules = PreferenceRules(languages: ["en"])
        #expect(rules.parse(.remindDefer, "90s") == .text("1m30s"))
        #expect(rules.parse(.remindDefer, "soon") == nil)
    }
}

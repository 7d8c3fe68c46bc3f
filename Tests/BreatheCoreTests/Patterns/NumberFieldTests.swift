import Testing

@testable import BreatheCore

@Suite struct NumberFieldTests {
    @Test(arguments: [
        ("4", 40), ("4.5", 45), ("4,5", 45), (" 7 ", 70), ("60", 600), ("1.0", 10), ("0.0", nil), ("60.1", nil),
        ("007", 70),
    ])
    func inhaleSeconds(text: String, tenths: Int?) {
        let result = try? NumberField.seconds(.inhale).parse(text).get()
        #expect(result == tenths)
    }

    @Test(arguments: [("0", 0), ("0.5", 5), ("-0.1", nil)])
    func holdAcceptsZero(text: String, tenths: Int?) {
        #expect((try? NumberField.seconds(.hold).parse(text).get()) == tenths)
    }

    @Test func minutesTakeTwoDecimals() throws {
        #expect(try NumberField.minutes.parse("0.25").get() == 25)
        #expect(try NumberField.minutes.parse("1440").get() == 144_000)
        #expect((try? NumberField.minutes.parse("0.05").get()) == nil)
    }

    @Test func errorsNameTheFieldTheValueAndTheRange() {
        guard case .failure(let error) = NumberField.seconds(.exhale).parse("abc") else {
            Issue.record("accepted")
            return
        }
        #expect(
            error.message
                == Message(
                    .errorNotANumber,
                    [
                        "field": .message(Message(.fieldExhale)),
                        "value": .userValue("abc"),
                        "range": .message(Message(.rangeSeconds, ["min": .tenths(10), "max": .tenths(600)])),
                    ]))
    }
}

import Testing

@testable import BreatheCore

/// The shape of a schedule's words before any language: which sentences, with which parts, in which order.
@Suite struct ScheduleWordsTests {
    static func schedule(
        every: String? = nil, at: [String] = [], from: String? = nil, to: String? = nil, days: String? = nil
    )
        throws -> ReminderSchedule
    {
        try ReminderSchedule.make(
            every: every, at: at, from: from, to: to, days: days, session: SessionRequest(), remindArguments: []
        ).get()
    }

    static let names = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]

    @Test func everyDayAddsNoDays() throws {
        #expect(
            ScheduleWords.message(try Self.schedule(every: "2h"), dayName: { Self.names[$0] })
                == Message(.scheduleWordsEveryHours, ["n": .integer(2)]))
        #expect(
            ScheduleWords.message(try Self.schedule(every: "45m"), dayName: { Self.names[$0] })
                == Message(.scheduleWordsEveryMinutes, ["n": .integer(45)]))
    }

    @Test func threeDaysInARowAreARangeAndTheRestAList() throws {
        let message = ScheduleWords.message(
            try Self.schedule(at: ["9:00"], days: "sun,mon,tue,wed,fri"), dayName: { Self.names[$0] })
        let range = Message(.scheduleWordsDayRange, ["first": .text("Mo"), "last": .text("We")])
        #expect(
            message
                == Message(
                    .scheduleWordsOnDays,
                    [
                        "when": .message(
                            Message(
                                .scheduleWordsAt,
                                [
                                    "times": .message(
                                        Message(.scheduleWordsAtTime, ["time": .text("09:00"), "n": .integer(9)]))
                                ])),
                        "days": .message(
                            Message(
                                .scheduleWordsAnd,
                                [
                                    "list": .message(
                                        Message(.scheduleWordsComma, ["first": .message(range), "second": .text("Fr")])),
                                    "last": .text("Su"),
                                ])),
                    ]))
    }

    @Test func aWindowKeepsItsEnds() throws {
        #expect(
            ScheduleWords.message(
                try Self.schedule(every: "1h", from: "08:00", to: "12:00"), dayName: { Self.names[$0] })
                == Message(
                    .scheduleWordsWindow,
                    [
                        "every": .message(Message(.scheduleWordsEveryHours, ["n": .integer(1)])),
                        // Each end with its hour, which picks the form ("a la 01:00", "à 01:00").
                        "from": .message(
                            Message(.scheduleWordsFromTime, ["time": .text("08:00"), "n": .integer(8)])),
                        "to": .message(Message(.scheduleWordsToTime, ["time": .text("12:00"), "n": .integer(12)])),
                    ]))
    }

    @Test func optionsFollowTheWordsAsTyped() throws {
        let schedule = try Self.schedule(every: "1h")
        #expect(
            ScheduleWords.message(schedule, options: "", dayName: { Self.names[$0] })
                == ScheduleWords.message(schedule, dayName: { Self.names[$0] }))
        #expect(
            ScheduleWords.message(schedule, options: "--pattern box", dayName: { Self.names[$0] })
                == Message(
                    .scheduleWordsWithOptions,
                    [
                        "when": .message(ScheduleWords.message(schedule, dayName: { Self.names[$0] })),
                        "options": .text("--pattern box"),
                    ]))
    }
}

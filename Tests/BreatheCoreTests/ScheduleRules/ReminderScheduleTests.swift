import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// Requests to exact crontab time fields, and the requests cron cannot honour, refused with a suggestion.
@Suite struct ReminderScheduleTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var every: String?
        var at: [String] = []
        var from: String?
        var to: String?
        var days: String?
        var expected: [String]
        var testDescription: String {
            "every \(every ?? "-") at \(at) \(from ?? "") \(to ?? "") \(days ?? "") → \(expected)"
        }
    }

    static let rows: [Row] = [
        Row(every: "2h", from: "09:00", to: "18:00", days: "mon-fri", expected: ["0 9-17/2 * * 1-5"]),
        Row(every: "45m", expected: ["0,45 */3 * * *", "30 1-22/3 * * *", "15 2-23/3 * * *"]),
        Row(every: "90m", expected: ["0 */3 * * *", "30 1-22/3 * * *"]),
        Row(every: "15m", expected: ["*/15 * * * *"]),
        Row(every: "1m", expected: ["* * * * *"]),
        Row(every: "1min", days: "weekends", expected: ["* * * * 0,6"]),
        Row(every: "1h", expected: ["0 * * * *"]),
        Row(every: "2h", expected: ["0 */2 * * *"]),
        Row(every: "3h", days: "sat,sun", expected: ["0 */3 * * 0,6"]),
        Row(every: "12h", expected: ["0 0,12 * * *"]),
        Row(every: "24h", expected: ["0 0 * * *"]),
        Row(every: "1h30m", expected: ["0 */3 * * *", "30 1-22/3 * * *"]),
        Row(every: "30m", from: "09:00", to: "17:00", expected: ["0 9-17 * * *", "30 9-16 * * *"]),
        Row(every: "20m", from: "22:00", to: "23:59", expected: ["*/20 22,23 * * *"]),
        Row(every: "50m", from: "09:00", to: "12:00", expected: ["0,50 9 * * *", "40 10 * * *", "30 11 * * *"]),
        Row(every: "1h", from: "9:30", to: "12:30", days: "mon,wed,fri", expected: ["30 9-12 * * 1,3,5"]),
        Row(every: "10h", from: "08:00", to: "12:00", expected: ["0 8 * * *"]),
        Row(every: "1h", from: "08:00", expected: ["0 8-23 * * *"]),
        Row(every: "4h", to: "12:00", expected: ["0 0-12/4 * * *"]),
        Row(at: ["12:30"], expected: ["30 12 * * *"]),
        Row(at: ["12:30"], days: "sat,sun", expected: ["30 12 * * 0,6"]),
        Row(at: ["18:30", "07:30", "12:30"], days: "fri-mon", expected: ["30 7,12,18 * * 0,1,5,6"]),
        Row(at: ["09:00", "17:15"], days: "lun-vie", expected: ["0 9 * * 1-5", "15 17 * * 1-5"]),
    ]

    @Test(arguments: rows)
    func requestBecomesExactCronFields(row: Row) throws {
        let schedule = try ReminderSchedule.make(
            every: row.every, at: row.at, from: row.from, to: row.to, days: row.days,
            dayNames: WeekdayNamesTests.englishAndSpanish,
            session: SessionRequest(), remindArguments: []
        ).get()
        #expect(schedule.cronTimings.map(\.text) == row.expected)
    }

    /// Every generated line set fires at exactly the requested times: expand the fields back and compare.
    @Test(arguments: Array(1...1440).filter { 1440 % $0 == 0 })
    func wholeDayIntervalsFireExactlyOnTheirTimes(minutes: Int) throws {
        let schedule = try ReminderSchedule.make(
            every: "\(minutes)m", at: [], from: nil, to: nil, days: nil, session: SessionRequest(), remindArguments: []
        ).get()
        #expect(CronExpansion.times(schedule.cronTimings) == Set(stride(from: 0, to: 1440, by: minutes)))
        #expect(schedule.cronTimings.count <= 24)
    }

    @Test(arguments: [7, 13, 23, 25, 50, 61, 95, 100, 119, 600])
    func windowIntervalsFireExactlyOnTheirTimes(minutes: Int) throws {
        let from = TimeOfDay(hour: 8, minute: 15)!
        let to = TimeOfDay(hour: 19, minute: 40)!
        let result = ReminderSchedule.make(
            every: "\(minutes)m", at: [], from: from.text, to: to.text, days: nil, session: SessionRequest(),
            remindArguments: []
        )
        let schedule = try result.get()
        #expect(schedule.cronTimings.count <= 24)
        #expect(
            CronExpansion.times(schedule.cronTimings)
                == Set(stride(from: from.minutes, through: to.minutes, by: minutes)))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var every: String?
        var at: [String] = []
        var from: String?
        var to: String?
        var days: String?
        var key: MessageKey
        var arguments: [String: MessageArgument]
        var testDescription: String {
            "\(every ?? "-") \(at) \(from ?? "") \(to ?? "") \(days ?? "") → \(key.rawValue)"
        }
    }

    static func suggest(_ first: String, _ second: String) -> MessageArgument {
        .message(Message(.scheduleSuggestTwo, ["first": .text(first), "second": .text(second)]))
    }

    static let refusals: [Refusal] = [
        Refusal(
            every: "50m", key: .errorIntervalInexact,
            arguments: [
                "interval": .message(.duration(tenths: 30_000)), "suggestion": suggest("48m", "1h"),
            ]),
        Refusal(
            every: "7m", key: .errorIntervalInexact,
            arguments: [
                "interval": .message(.duration(tenths: 4_200)), "suggestion": suggest("6m", "8m"),
            ]),
        Refusal(
            every: "5h", key: .errorIntervalInexact,
            arguments: [
                "interval": .message(.duration(tenths: 180_000)), "suggestion": suggest("288m", "6h"),
            ]),
        Refusal(every: "25h", key: .errorIntervalRange, arguments: ["value": .userValue("25h")]),
        Refusal(every: "0m", key: .errorIntervalRange, arguments: ["value": .userValue("0m")]),
        Refusal(every: "45", key: .errorIntervalSyntax, arguments: ["value": .userValue("45")]),
        Refusal(every: "90s", key: .errorIntervalSyntax, arguments: ["value": .userValue("90s")]),
        Refusal(every: "30m1h", key: .errorIntervalSyntax, arguments: ["value": .userValue("30m1h")]),
        Refusal(every: "-5m", key: .errorIntervalSyntax, arguments: ["value": .userValue("-5m")]),
        Refusal(
            every: "1h", from: "18:00", to: "09:00", key: .errorScheduleWindowOrder,
            arguments: [
                "from": .text("18:00"), "to": .text("09:00"),
            ]),
        Refusal(every: "1h", from: "25:00", key: .errorTimeSyntax, arguments: ["value": .userValue("25:00")]),
        Refusal(at: ["12:5"], key: .errorTimeSyntax, arguments: ["value": .userValue("12:5")]),
        Refusal(every: "1h", days: "mon-fry", key: .errorDaysSyntax, arguments: ["value": .userValue("mon-fry")]),
        Refusal(key: .errorScheduleWhat, arguments: [:]),
        Refusal(every: "1h", at: ["12:00"], key: .errorScheduleEveryAndAt, arguments: [:]),
        Refusal(at: ["12:00"], from: "09:00", key: .errorScheduleAtWindow, arguments: [:]),
    ]

    @Test(arguments: refusals)
    func inexactOrBadRequestsAreRefused(refusal: Refusal) {
        let result = ReminderSchedule.make(
            every: refusal.every, at: refusal.at, from: refusal.from, to: refusal.to, days: refusal.days,
            dayNames: WeekdayNamesTests.englishAndSpanish,
            session: SessionRequest(), remindArguments: []
        )
        #expect(result.failureMessage == Message(refusal.key, refusal.arguments))
    }

    @Test func badSessionOptionsAreRefusedBeforeAnythingIsScheduled() {
        let result = ReminderSchedule.make(
            every: "1h", at: [], from: nil, to: nil, days: nil,
            session: SessionRequest(pattern: "nope"), remindArguments: []
        )
        #expect(result.failureMessage?.key == .errorPatternUnknown)
    }

    @Test func crontabLinesRunTheBinaryWithTheRuntimeDirectory() throws {
        let schedule = try ReminderSchedule.make(
            every: "2h", at: [], from: "09:00", to: "18:00", days: "mon-fri", session: SessionRequest(),
            remindArguments: ["--pattern", "4-7-8", "--minutes", "2"]
        ).get()
        #expect(
            schedule.crontabLines(program: "/opt/my tools/breathe-voice", userID: 1000) == [
                "0 9-17/2 * * 1-5 XDG_RUNTIME_DIR=/run/user/1000 '/opt/my tools/breathe-voice' remind --pattern 4-7-8 --minutes 2"
            ])
        #expect(schedule.summary == "--every 2h --from 09:00 --to 18:00 --days mon-fri --pattern 4-7-8 --minutes 2")
    }

    @Test func percentSignsAreEscapedForCronAndReadBack() {
        let command = ShellWord.cronCommand(["/tmp/100%/breathe-voice", "remind", "it's"])
        #expect(command == "/tmp/100\\%/breathe-voice remind 'it'\\''s'")
        #expect(ShellWord.split(command) == ["/tmp/100%/breathe-voice", "remind", "it's"])
    }

    @Test func cronReadsABackslashPairAsDebianCronAndCronieDo() {
        #expect(ShellWord.cronUnescape("a\\%b") == "a%b")
        #expect(ShellWord.cronUnescape("a\\nb") == "a\\nb")
        // Two backslashes are a pair kept as it is: the % after them ends the command.
        #expect(ShellWord.cronUnescape("a\\\\%b") == "a\\\\")
        #expect(ShellWord.cronUnescape("a%b") == "a")
    }

    @Test func aPathHoldingBackslashPercentSurvivesCron() {
        let path = "/tmp/50\\%off/100%/breathe-voice"
        let command = ShellWord.cronCommand([path, "remind"])
        #expect(command == "'/tmp/50\\'\\%off/100\\%/breathe-voice remind")
        #expect(ShellWord.split(command) == [path, "remind"])
    }

    @Test(arguments: 0..<500)
    func anyWordComesBackThroughCronAndTheShell(seed: Int) {
        var random = SplitMix(state: UInt64(seed))
        let alphabet: [Character] = ["a", "/", "%", "\\", "'", " ", "\"", "$", "`", "*", "~", "=", "é", "\t", ";", "#"]
        let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        let command = ShellWord.cronCommand(words)
        #expect(ShellWord.split(command) == words, "\(command)")
        // No `%` reaches cron unescaped, and no backslash of a word stands before one.
        #expect(!ShellWord.cronUnescape(command).contains("\\%"))
        #expect(ShellWord.cronUnescape(command).count == command.count - command.matches(of: /\\%/).count)
    }
}

extension Result where Failure == InputError {
    var failureMessage: Message? {
        if case .failure(let error) = self { error.message } else { nil }
    }
}

/// Expands crontab minute and hour fields back into the minutes of the day they fire at, as cron reads them.
enum CronExpansion {
    static func times(_ timings: [CronTiming]) -> Set<Int> {
        var result = Set<Int>()
        for timing in timings {
            for hour in values(timing.hour, upperBound: 24) {
                for minute in values(timing.minute, upperBound: 60) { result.insert(hour * 60 + minute) }
            }
        }
        return result
    }

    static func values(_ field: String, upperBound: Int) -> [Int] {
        field.split(separator: ",").flatMap { item -> [Int] in
            let parts = item.split(separator: "/")
            let step = parts.count == 2 ? Int(parts[1])! : 1
            let range: ClosedRange<Int>
            if parts[0] == "*" {
                range = 0...(upperBound - 1)
            } else if let dash = parts[0].firstIndex(of: "-") {
                range = Int(parts[0][..<dash])!...Int(parts[0][parts[0].index(after: dash)...])!
            } else {
                range = Int(parts[0])!...Int(parts[0])!
            }
            return Array(stride(from: range.lowerBound, through: range.upperBound, by: step))
        }
    }
}

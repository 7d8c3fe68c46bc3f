import Testing

@testable import BreatheCore

/// The history's fast reader must accept and reject exactly the lines the tree parser does, with the same record.
@Suite struct SessionRecordReaderTests {
    static let line =
        #"{"id":"0fd630f1-f29d-4da9-953f-48f1a09f76b5","start":"2004-01-29T23:04:50+02:00","end":"2004-01-29T23:24:56+02:00","pattern":{"name":"box","timings":"4-4-4-4","kind":"builtIn"},"ramps":[{"phase":"exhale","seconds":8}],"plannedCycles":75,"actualCycles":75,"plannedSeconds":1200.0,"actualSeconds":1200.0,"status":"completed","moodBefore":3,"moodAfter":4,"language":"en","source":"interactive"}"#

    /// A reminder skipped because a recording outlasted its wait.
    static let skipped = line.replacingOccurrences(#""completed""#, #""skipped""#).replacingOccurrences(
        #""source":"interactive"}"#, #""source":"cron","reason":"recording"}"#)

    /// What the tree parser makes of a line.
    static func expected(_ bytes: [UInt8]) -> SessionRecord? {
        guard case .success(let root) = JSONParser.parse(bytes, positions: false) else { return nil }
        return SessionRecord(json: root.value)
    }

    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        check(Array(text.utf8), sourceLocation: sourceLocation)
    }

    static func check(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        var reader = SessionRecordReader()
        #expect(
            reader.record(bytes) == expected(bytes), "\(String(decoding: bytes, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("valid", line),
        (
            "members in another order",
            line.replacingOccurrences(#""id":"0fd630f1-f29d-4da9-953f-48f1a09f76b5","#, "").replacingOccurrences(
                #""source":"interactive"}"#, #""source":"interactive","id":"x"}"#)
        ),
        ("duplicate key", line.replacingOccurrences(#""source":"#, #""plannedCycles":3,"source":"#)),
        ("escaped duplicate key", line.replacingOccurrences(#""source":"#, #""pl\u0061nnedCycles":3,"source":"#)),
        ("escaped key", line.replacingOccurrences(#""end""#, #""\u0065nd""#)),
        ("Kelvin sign is not K", line.replacingOccurrences(#""source":"#, #""\u212A":1,"K":2,"source":"#)),
        (
            "canonically equal keys",
            line.replacingOccurrences(#""source":"#, "\"caf\u{E9}\":1,\"cafe\u{301}\":2,\"source\":")
        ),
        (
            "non-ASCII and surrogate pair",
            line.replacingOccurrences(#""source":"#, #""extra":"café","e2":"\ud83d\ude00","source":"#)
        ),
        ("lone surrogate", line.replacingOccurrences(#""source":"#, #""extra":"\ud83d","source":"#)),
        ("lone low surrogate", line.replacingOccurrences(#""source":"#, #""extra":"\ude00","source":"#)),
        ("escaped id", line.replacingOccurrences(#""id":""#, #""id":"\u00e9\n\/"#)),
        ("escaped status", line.replacingOccurrences(#""completed""#, #""c\u006fmpleted""#)),
        ("exponent", line.replacingOccurrences(#""plannedSeconds":1200.0"#, #""plannedSeconds":1.2e3"#)),
        ("two places", line.replacingOccurrences(#""actualSeconds":1200.0"#, #""actualSeconds":12.05"#)),
        ("trailing zeros", line.replacingOccurrences(#""actualSeconds":1200.0"#, #""actualSeconds":12.500"#)),
        ("negative tenths", line.replacingOccurrences(#""actualSeconds":1200.0"#, #""actualSeconds":-0.5"#)),
        (
            "huge tenths",
            line.replacingOccurrences(#""actualSeconds":1200.0"#, #""actualSeconds":922337203685477580.7"#)
        ),
        ("huge cycles", line.replacingOccurrences(#""actualCycles":75"#, #""actualCycles":9223372036854775808"#)),
        ("leading zero", line.replacingOccurrences(#""actualCycles":75"#, #""actualCycles":075"#)),
        ("mood out of range", line.replacingOccurrences(#""moodAfter":4"#, #""moodAfter":6"#)),
        ("mood null", line.replacingOccurrences(#""moodAfter":4"#, #""moodAfter":null"#)),
        ("mood fraction", line.replacingOccurrences(#""moodAfter":4"#, #""moodAfter":4.0"#)),
        ("name null", line.replacingOccurrences(#""name":"box""#, #""name":null"#)),
        ("name number", line.replacingOccurrences(#""name":"box""#, #""name":1"#)),
        ("ramps not a list", line.replacingOccurrences(#""ramps":[{"phase":"exhale","seconds":8}]"#, #""ramps":7"#)),
        (
            "ramp not an object",
            line.replacingOccurrences(#""ramps":[{"phase":"exhale","seconds":8}]"#, #""ramps":[7]"#)
        ),
        ("ramp duplicate", line.replacingOccurrences(#""seconds":8}"#, #""seconds":8,"phase":"hold"}"#)),
        (
            "pattern a list",
            line.replacingOccurrences(#""pattern":{"#, #""pattern":[{"#).replacingOccurrences(
                #""kind":"builtIn"}"#, #""kind":"builtIn"}]"#)
        ),
        ("byte order mark", "\u{FEFF}" + line),
        ("spaces", " " + line.replacingOccurrences(#"":"#, #"" : "#) + " \r"),
        ("trailing content", line + "x"),
        ("trailing comma", line.replacingOccurrences(#""}"#, #"",}"#)),
        ("not an object", "[" + line + "]"),
        ("control character", line.replacingOccurrences(#""en""#, "\"e\u{1}n\"")),
        ("delete character", line.replacingOccurrences(#""en""#, "\"e\u{7F}n\"")),
        ("literals", line.replacingOccurrences(#""source":"#, #""t":true,"f":false,"n":null,"source":"#)),
        ("bad literal", line.replacingOccurrences(#""source":"#, #""t":tru,"source":"#)),
    ])
    func agreesWithTheTreeParser(name: String, text: String) {
        Self.check(text)
    }

    @Test(
        arguments: [
            ("skipped with its reason", skipped),
            ("skipped, a call", skipped.replacingOccurrences(#""recording""#, #""call""#)),
            ("reason null", skipped.replacingOccurrences(#""recording""#, "null")),
            ("unknown reason", skipped.replacingOccurrences(#""recording""#, #""music""#)),
            ("reason a number", skipped.replacingOccurrences(#""recording""#, "1")),
            ("escaped reason", skipped.replacingOccurrences(#""recording""#, #""c\u0061ll""#)),
            ("reason first", skipped.replacingOccurrences(#"{"id""#, #"{"reason":"call","id""#)),
            ("declined", skipped.replacingOccurrences(#""recording""#, #""user""#)),
            ("failed, no reason", failed.replacingOccurrences(#","reason":"sound""#, "")),
            ("failed, reason null", failed.replacingOccurrences(#""sound""#, "null")),
            ("failed, unknown reason", failed.replacingOccurrences(#""sound""#, #""thunder""#)),
            ("failed, reason in upper case", failed.replacingOccurrences(#""sound""#, #""SOUND""#)),
            ("status in upper case", failed.replacingOccurrences(#""failed""#, #""FAILED""#)),
            ("escaped status", failed.replacingOccurrences(#""failed""#, #""f\u0061iled""#)),
        ]
            + SessionRecord.Reason.allCases.map {
                ("failed, \($0.rawValue)", failed.replacingOccurrences(#""sound""#, "\"\($0.rawValue)\""))
            })
    func agreesOnSkippedAndFailedReminders(name: String, text: String) {
        Self.check(text)
    }

    /// A reminder that could not play: no sound server answered.
    static let failed = skipped.replacingOccurrences(#""skipped""#, #""failed""#).replacingOccurrences(
        #""recording""#, #""sound""#)

    @Test func everyReasonIsReadBackAsWrittenAndAFailedReminderCountsForNothing() throws {
        var reader = SessionRecordReader()
        for reason in SessionRecord.Reason.allCases {
            for status in [SessionRecord.Status.skipped, .failed] {
                let text = Self.failed.replacingOccurrences(#""sound""#, "\"\(reason.rawValue)\"")
                    .replacingOccurrences(#""failed""#, "\"\(status.rawValue)\"")
                let read = reader.record(Array(text.utf8))
                let record = try #require(read, "\(text)")
                #expect(record.status == status && record.reason == reason)
                #expect(record.line == text.replacingOccurrences("1200.0", "1200"))
                #expect(RecordLine(record).record == record)
            }
        }
        // Counted as recorded, never as breathed, though its line says it breathed 75 cycles.
        var stats = SessionStatsReader()
        let added = stats.add(Array(Self.failed.utf8))
        #expect(added)
        #expect(stats.stats.recorded == 1)
        #expect(stats.stats.sessions == 0 && stats.stats.tenths == 0 && stats.stats.badges.isEmpty)
        #expect(stats.stats.topPatterns().isEmpty && stats.stats.moodSessions == 0)
    }

    @Test func aSkippedReminderKeepsItsReasonAndIsTheOnlyRecordThatWritesOne() throws {
        var reader = SessionRecordReader()
        let read = reader.record(Array(Self.skipped.utf8))
        let record = try #require(read)
        #expect(record.status == .skipped)
        #expect(record.reason == .recording)
        #expect(
            record.line.hasSuffix(
                #","status":"skipped","moodBefore":3,"moodAfter":4,"language":"en","source":"cron","reason":"recording"}"#
            ))
        #expect(SessionRecord.parse(line: Array(record.line.utf8)) == record)
        let other = reader.record(Array(Self.line.utf8))
        let completed = try #require(other)
        #expect(completed.reason == nil)
        #expect(!completed.line.contains("reason"))
        // The stats reader takes the line as valid and counts nothing of it.
        var stats = SessionStatsReader()
        let skippedAdded = stats.add(Array(Self.skipped.utf8))
        #expect(skippedAdded)
        #expect(stats.stats.recorded == 1)
        #expect(stats.stats.sessions == 0 && stats.stats.tenths == 0)
        #expect(stats.stats.topPatterns().isEmpty && stats.stats.moodSessions == 0)
        // Another session (the same id and start would be the same session, met twice: counted once).
        let completedAdded = stats.add(Array(Self.line.replacingOccurrences("0fd630f1", "1fd630f1").utf8))
        #expect(completedAdded)
        #expect(stats.stats.sessions == 1)
        #expect(stats.stats.topPatterns().map(\.sessions) == [1])
    }

    @Test func agreesOnInvalidUTF8() {
        var bytes = Array(Self.line.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "b"))!
        for bad: [UInt8] in [
            [0xC3], [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
            [0xC0, 0xAF],
        ] {
            bytes = Array(Self.line.utf8)
            bytes.insert(contentsOf: bad, at: at)
            Self.check(bytes)
        }
    }

    @Test func agreesOnEveryTruncationAndRandomDamage() {
        let bytes = Array(Self.line.utf8)
        for end in 0..<bytes.count { Self.check(Array(bytes[..<end])) }
        var generator = SystemRandomNumberGenerator()
        let alphabet =
            Array(#"{}[]:,"\/ 0123456789.-eE+tfnulrsabcdou"#.utf8) + [
                0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF,
            ]
        for _ in 0..<3000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<damaged.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: damaged[at] = alphabet.randomElement(using: &generator)!
                case 1: damaged.remove(at: at)
                default: damaged.insert(alphabet.randomElement(using: &generator)!, at: at)
                }
            }
            Self.check(damaged)
        }
    }

    @Test func deepNestingIsRefusedLikeTheTreeParser() {
        for depth in [63, 64, 65] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            Self.check(Self.line.replacingOccurrences(#""source":"#, "\"deep\":\(nested),\"source\":"))
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

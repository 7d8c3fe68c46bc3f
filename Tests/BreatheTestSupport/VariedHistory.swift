import BreatheCore

/// A seeded history whose lines try what a reader and a writer can get wrong: every pattern kind, names with commas,
/// quotes, DEL, tabs, accents (decomposed too) and line separators, escaped and raw non-ASCII, ramps, skipped and failed
/// reminders (every reason), moods absent, null and given, odd numbers, a 31st of February, and amendments at every
/// distance from their record (up to past `AmendmentWindow.reach`), to unknown ids, members in either order, between
/// unreadable and blank lines.
enum VariedHistory {
    /// `count` records' lines, with the amendments and other lines among them, without newlines.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(state: seed)
        let names: [String?] = [
            "box", "4-7-8", "resonant", "evening-calm", "caf\u{E9}", "cafe\u{301}", "a,b", "q\"x", "del\u{7F}x",
            "tab\tx", "\u{2028}sep", "\u{1F600}", nil, "sigh", "7-11", "",
        ]
        let timings = ["4-4-4-4", "5.5-5.5", "4-7-8", "5-7", "4,5", "x\"y"]
        let ids = ["", "\u{E9}", ",x", "\"q", "\\", "\u{7F}"]
        var lines: [String] = []
        var recent: [String] = []
        for index in 0..<count {
            let day = 19_000 + index / 7
            let date = LocalTimestamp.date(dayNumber: day)
            var start = LocalTimestamp(
                year: date.year, month: date.month, day: date.day, hour: Int.random(in: 0..<24, using: &random),
                minute: Int.random(in: 0..<60, using: &random), second: Int.random(in: 0..<60, using: &random),
                offsetSeconds: [3600, 7200, -18_000, 0, 19_800][Int.random(in: 0..<5, using: &random)])
            if index % 97 == 5 { start.day = 31 }
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let kind = [SessionRecord.PatternKind.builtIn, .saved, .timings][Int.random(in: 0..<3, using: &random)]
            let status = [SessionRecord.Status.completed, .stopped, .interrupted, .skipped, .failed][
                Int.random(in: 0..<5, using: &random)]
            let moods: [Int?] = [nil, 1, 2, 3, 4, 5]
            let id = "r\(index)" + ids[Int.random(in: 0..<ids.count, using: &random)]
            let record = SessionRecord(
                id: id, start: start, end: start, patternName: name,
                timings: timings[Int.random(in: 0..<timings.count, using: &random)], patternKind: kind,
                ramps: index % 9 == 0
                    ? [Ramp(kind: .inhale, targetTenths: 45), Ramp(kind: .exhale, targetTenths: 80)] : [],
                plannedCycles: [1, 8, 21, 31, 57, 1_000_000][Int.random(in: 0..<6, using: &random)],
                actualCycles: [0, 1, 2, 21, 31, 91, -3][Int.random(in: 0..<7, using: &random)],
                plannedTenths: Int.random(in: 0..<80_000, using: &random),
                actualTenths: [0, 5, 599, 600, 605, 36_000, 73_221, -15, Int.random(in: 0..<80_000, using: &random)][
                    Int.random(in: 0..<9, using: &random)],
                status: status, moodBefore: moods[Int.random(in: 0..<6, using: &random)],
                moodAfter: moods[Int.random(in: 0..<6, using: &random)],
                language: ["en", "es", "fr", "pt-BR", "x\u{E9}"][Int.random(in: 0..<5, using: &random)],
                source: index % 3 == 0 ? .cron : .interactive,
                reason: (status == .skipped || status == .failed) && index % 2 == 0
                    ? SessionRecord.Reason.allCases[index / 2 % SessionRecord.Reason.allCases.count] : nil)
            var line = record.line
            // Some lines as other writers would write them: non-ASCII escaped, a fraction and Z on the time.
            if index % 5 == 1 { line = escapingNonASCII(line) }
            if index % 53 == 7 { line = line.replacingFirst("+", with: ".25+") }
            lines.append(line)
            recent.append(id)
            let choice = Int.random(in: 0..<100, using: &random)
            let mood = Int.random(in: 1...5, using: &random)
            switch choice {
            case 0..<15: lines.append(SessionAmendment(id: id, moodAfter: mood).line)
            case 15..<25:
                let back = [2, 5, 31, 32, 33, 40][Int.random(in: 0..<6, using: &random)]
                if back <= recent.count {
                    lines.append("{\"moodAfter\":\(mood),\"amends\":\(quoted(recent[recent.count - back]))}")
                }
            case 25: lines.append("garbage {")
            case 26: lines.append("   ")
            case 27: lines.append(SessionAmendment(id: "nobody", moodAfter: mood).line)
            case 28: lines.append("{\"amends\":\(quoted(id)),\"moodAfter\":9}")
            default: break
            }
        }
        return lines
    }

    private static func quoted(_ text: String) -> String {
        var output = ""
        JSONWriter.quote(text, into: &output)
        return output
    }

    /// The line with every non-ASCII scalar written as `\uXXXX` escapes.
    private static func escapingNonASCII(_ line: String) -> String {
        var output = ""
        for scalar in line.unicodeScalars {
            guard scalar.value >= 0x80 else {
                output.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return output
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[index...].dropFirst())
    }
}

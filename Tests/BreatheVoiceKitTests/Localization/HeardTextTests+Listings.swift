import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What `patterns`, `history` and `stats` print, heard as the session's sentences are (`HeardTextTests`): the lines as
/// the commands write them, every row kind, the days whose ordinals a language says apart.
extension HeardTextTests {
    /// A history whose days hold 1, 2, 21 and 22 sessions of many lengths, moods and patterns, and a reminder's rows.
    static var history: [SessionRecord] {
        var records: [SessionRecord] = []
        // The days whose ordinals are said apart: the 1st, 2nd, 3rd, 21st, 22nd and 23rd.
        let days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-21", "2026-11-22", "2026-11-23"]
        for (day, count) in zip(days, [1, 2, 21, 22, 1, 2]) {
            for index in 0..<count {
                let time = LocalTimestamp.parse(day + "T14:05:00+01:00")!
                let timings = index % 2 == 0 ? "4-7-8" : "21.5-1.5-22.5-60"
                records.append(
                    SessionRecord(
                        id: "\(day)-\(index)", start: time, end: time,
                        patternName: index % 3 == 0 ? "4-7-8" : (index % 3 == 1 ? nil : "calm"), timings: timings,
                        patternKind: index % 3 == 0 ? .builtIn : (index % 3 == 1 ? .timings : .saved),
                        plannedCycles: 22, actualCycles: [0, 1, 2, 21, 22][index % 5],
                        plannedTenths: 12_600, actualTenths: [15, 210, 12_640, 756_610][index % 4],
                        status: [.completed, .stopped, .interrupted][index % 3],
                        // Both moods, the one after only, or none: each row of a session.
                        moodBefore: index % 4 == 3 ? nil : 1 + index % 5,
                        moodAfter: index % 7 == 6 ? nil : 5 - index % 5, language: "en"))
            }
        }
        // A reminder's rows: skipped for each reason, declined, failed for each cause.
        let time = LocalTimestamp.parse("2026-11-23T14:05:00+01:00")!
        for (index, reason) in SessionRecord.Reason.allCases.enumerated() {
            for status in [SessionRecord.Status.skipped, .failed] {
                records.append(
                    SessionRecord(
                        id: "reminder-\(index)-\(status)", start: time, end: time, patternName: "box",
                        timings: "4-4-4-4", patternKind: .builtIn, plannedCycles: 22, actualCycles: 0,
                        plannedTenths: 12_600, actualTenths: 0, status: status, language: "en", source: .cron,
                        reason: reason))
            }
        }
        return records
    }

    /// The day `stats` is asked on: its last seven days hold the 21st, 22nd and 23rd.
    static let statsDay = LocalTimestamp.parse("2026-11-23T20:00:00+01:00")!.dayNumber

    /// The patterns a listing is heard with: every built-in, and the longest (four phases, tenths).
    static var listedPatterns: [BreathingPattern] {
        let longest = try? PatternSpec.parseTimings("21.5-1.5-22.5-60").get()
        return BreathingPattern.builtIn + [longest].compactMap { $0 }
    }

    /// Every line `patterns`, `history` and `stats` print in one language, with what printed it: `history` through
    /// its own writer, as the command writes a long history.
    static func listingTexts(_ localizer: Localizer) -> [(origin: String, text: String)] {
        var texts: [(String, String)] = []
        let listing = HistoryListing(localizer: localizer)
        var writer = HistoryRowWriter(listing: listing)
        var stats = SessionStats(today: statsDay)
        for record in history {
            stats.add(record)
            var row: [UInt8] = []
            writer.append(RecordLine(record), to: &row)
            texts.append(("history", String(decoding: row, as: UTF8.self)))
        }
        texts.append(("stats", listing.stats(stats)))
        let rows = PatternListing(localizer: localizer).text(for: listedPatterns).split(separator: "\n").map(
            String.init)
        texts.append(("patterns", rows[0]))
        texts.append(("patterns", localizer.string(Message(.patternsSavedHeader))))
        for (pattern, row) in zip(listedPatterns, rows.dropFirst()) {
            texts.append(("patterns \(pattern.name ?? pattern.timingsText)", heard(row, of: pattern, localizer)))
        }
        return texts
    }

    /// A `patterns` row as the test hears it: the name to type (`4-7-8`, `box`), which a voice can only read as it is
    /// written (a symbol's name, an English word in French), is left out where it belongs, after the pattern's name in
    /// words; anywhere else it stays, and is heard. A row that leads with `4-7-8` is read as a formula.
    static func heard(_ row: String, of pattern: BreathingPattern, _ localizer: Localizer) -> String {
        let title = localizer.string(.patternName(pattern))
        let typed = localizer.decimals(pattern.name ?? pattern.timingsText)
        guard row.hasPrefix(title), let range = row.ranges(of: typed).last,
            range.lowerBound >= row.index(row.startIndex, offsetBy: title.count)
        else { return row }
        return String(row[..<range.lowerBound] + row[range.upperBound...])
    }

    /// Each row of `patterns` begins with the pattern's name in words, says each phase's seconds, and gives the name to
    /// type once after it.
    @Test(arguments: LocaleCatalog.codes)
    func patternRowsSayThePatternInWordsThenTheNameToType(code: String) throws {
        let localizer = Localizer(language: code)
        let voice = Self.voice(code)
        for pattern in Self.listedPatterns {
            let row = try #require(
                PatternListing(localizer: localizer).text(for: [pattern]).split(separator: "\n").last)
            let title = localizer.string(.patternName(pattern))
            let typed = localizer.decimals(pattern.name ?? pattern.timingsText)
            #expect(row.hasPrefix(title), "Locales/\(code).json, patterns.row: “\(row)” does not begin with “\(title)”")
            // After the title, which may hold it ("Physiological sigh", "Respiración resonante").
            let after = row.dropFirst(title.count)
            #expect(
                after.ranges(of: typed).count == 1, "“\(row)” names \(typed) more than once after its title, or never")
            let heard = Self.heard(String(row), of: pattern, localizer)
            #expect(heard != row, "“\(row)” gives the name to type before the pattern's name in words")
            let phonemes = Phonemes.shared.of(heard, voice: voice)
            for phase in pattern.phases {
                let seconds = Phonemes.shared.of(localizer.string(.seconds(tenths: phase.tenths)), voice: voice)
                #expect(Self.says(phonemes, seconds), "“\(heard)” is heard \(phonemes), without \(seconds)")
            }
        }
    }

    /// The check finds what issue 50 heard: a row that leads with its name as typed, "4-7-8" (Portuguese "menos",
    /// English "dash") or "box" (English in French), is read as a formula or in another language.
    @Test(arguments: [
        ("pt-BR", "4-7-8"), ("en", "4-7-8"), ("pt-BR", "7-11"), ("fr", "box"), ("fr", "sigh"),
    ])
    func aListingReadAsAFormulaIsCaught(code: String, name: String) throws {
        let localizer = Localizer(language: code)
        let pattern = try #require(BreathingPattern.builtIn(named: name))
        let row = try #require(PatternListing(localizer: localizer).text(for: [pattern]).split(separator: "\n").last)
        #expect(Self.problems(in: Self.heard(String(row), of: pattern, localizer), code: code).isEmpty)
        // The listing as it was: the name to type first, the pattern in words after it.
        let title = localizer.string(.patternName(pattern))
        let before = name + " (" + title + ")" + row.dropFirst(title.count)
        #expect(Self.heard(before, of: pattern, localizer) == before)
        #expect(!Self.problems(in: before, code: code).isEmpty, "“\(before)” passes")
    }

    /// Every number a sentence asks in a form of its file (`{day:ordinal}`, `{done:nominative}`) is heard as the file
    /// writes it in that form, the date's day included.
    @Test(arguments: LocaleCatalog.codes)
    func numbersAreHeardInTheFormTheirSentenceAsks(code: String) {
        let localizer = Localizer(language: code)
        let catalog = localizer.catalog
        func check(_ origin: String, _ text: String, _ words: String) {
            let phonemes = Phonemes.shared.of(text, voice: catalog.voice)
            let wanted = Phonemes.shared.of(words, voice: catalog.voice)
            #expect(text.contains(words), "Locales/\(code).json, \(origin): “\(text)” does not write “\(words)”")
            #expect(Self.says(phonemes, wanted), "Locales/\(code).json, \(origin): “\(text)” is heard \(phonemes)")
        }
        let first = LocalTimestamp.parse("2026-12-01T12:00:00Z")!.dayNumber
        for placeholder in LocaleCompletenessTests.forms(catalog.dateFormat) where placeholder.name == "day" {
            guard let form = placeholder.form.flatMap({ catalog.numberForms[$0] }) else { continue }
            for day in 1...31 {
                guard let words = form.said(day) else { continue }
                check("_date", localizer.date(dayNumber: first + day - 1), words)
            }
        }
        for key in MessageKey.allCases {
            guard let entry = catalog.entries[key.localeKey] else { continue }
            let names = Set(entry.templates.flatMap(LocaleCompletenessTests.placeholders))
            for template in entry.templates {
                for placeholder in LocaleCompletenessTests.forms(template) {
                    guard let form = placeholder.form.flatMap({ catalog.numberForms[$0] }) else { continue }
                    for count in Self.counts {
                        guard let words = form.said(count) else { continue }
                        var arguments: [String: MessageArgument] = [:]
                        for name in names { arguments[name] = .text("x") }
                        arguments[placeholder.name] = .integer(count)
                        // (Only where the number chooses this template among the plural forms.)
                        guard localizer.template(key, n: arguments["n"]) == template else { continue }
                        check(key.localeKey, localizer.string(Message(key, arguments)), words)
                    }
                }
            }
        }
    }

    /// The first of the month is heard as each language says it (issue 50: an ordinal where the language says one).
    @Test(arguments: [
        ("en", "December first", "December one"), ("fr", "premier décembre", "un décembre"),
        ("pt-BR", "primeiro de dezembro", "um de dezembro"), ("es-419", "primero de diciembre", "uno de diciembre"),
        ("es", "uno de diciembre", "primero de diciembre"),
    ])
    func theFirstOfTheMonthIsHeardRight(code: String, heard: String, wrong: String) {
        let localizer = Localizer(language: code)
        let voice = Self.voice(code)
        let text = localizer.date(dayNumber: LocalTimestamp.parse("2026-12-01T12:00:00Z")!.dayNumber)
        let phonemes = Phonemes.shared.of(text, voice: voice)
        #expect(Self.says(phonemes, Phonemes.shared.of(heard, voice: voice)), "“\(text)” is heard \(phonemes)")
        #expect(!Self.says(phonemes, Phonemes.shared.of(wrong, voice: voice)), "“\(text)” is heard \(phonemes)")
    }
}

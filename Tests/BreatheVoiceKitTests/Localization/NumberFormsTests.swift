import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A sentence asks for a number in a form of its language's file (`{day:ordinal}`, `{done:nominative}`), and the file
/// says how each number is written in that form (`_numbers.<form>`): an ordinal day, a case. Nothing in the code
/// names a language's forms; a scratch German, which no shipped file is, shows the mechanism.
@Suite struct NumberFormsTests {
    /// A German as a contributor would begin it, as LocaleEmbedder writes a table (members sorted by key; each field
    /// ended by U+001F, each member by U+001E): the day of a date as an ordinal ("fünfundzwanzigster", where eSpeak NG
    /// reads "25." as "fünfundzwanzig"), and the cycles done in the nominative ("einer", where "1" is "eins").
    static let german = LocaleCatalog(
        code: "de-x-scratch",
        table: EmbeddedTable(
            """
            _date\u{1F}{day:ordinal} {month} {year}\u{1F}\u{1E}\
            _months\u{1F}Januar Februar März April Mai Juni Juli August September Oktober November Dezember\u{1F}\u{1E}\
            _name\u{1F}Deutsch\u{1F}\u{1E}\
            _numbers.nominative.1\u{1F}einer\u{1F}\u{1E}\
            _numbers.ordinal.1\u{1F}erster\u{1F}\u{1E}\
            _numbers.ordinal.2\u{1F}zweiter\u{1F}\u{1E}\
            _numbers.ordinal.25\u{1F}fünfundzwanzigster\u{1F}\u{1E}\
            _voice\u{1F}de\u{1F}\u{1E}\
            history.row\u{1F}{start}: {pattern} ({timings}), {done:nominative} von {cycles} geschafft, {duration}, \
            {status}.\u{1F}\u{1E}\
            line.count\u{1F}{n:ordinal}, {n}.\u{1F}\u{1E}\
            pattern.box\u{1F}Box-Atmung\u{1F}\u{1E}\
            stats.dayNone\u{1F}{weekday}, {date}: keine Sitzung.\u{1F}\u{1E}\
            status.completed\u{1F}abgeschlossen\u{1F}\u{1E}\
            unit.cycles\u{1F}{n} Zyklus\u{1F}{n} Zyklen\u{1F}\u{1E}\
            unit.seconds\u{1F}{n} Sekunde\u{1F}{n} Sekunden\u{1F}\u{1E}\
            weekday.2\u{1F}Mittwoch\u{1F}\u{1E}
            """))

    static let wednesday = LocalTimestamp.parse("2026-11-25T14:05:00+01:00")!

    /// A completed box session of one cycle out of four, on Wednesday 25 November 2026.
    static let oneCycle = SessionRecord(
        id: "a", start: wednesday, end: wednesday, patternName: "box", timings: "4-4-4-4", patternKind: .builtIn,
        plannedCycles: 4, actualCycles: 1, plannedTenths: 640, actualTenths: 160, status: .completed, language: "de")

    @Test func aPlaceholderNamesItsArgumentAndItsForm() {
        #expect(Localizer.Placeholder("day:ordinal"[...]) == Localizer.Placeholder(name: "day", form: "ordinal"))
        #expect(Localizer.Placeholder("n"[...]) == Localizer.Placeholder(name: "n"))
        var pieces: [String] = []
        Localizer.forEachPiece(of: "{weekday}, {day:ordinal} {month") { text, placeholder in
            pieces.append(placeholder.map { "<\($0.name)|\($0.form ?? "")>" } ?? "[\(text)]")
        }
        // A brace never closed, and what follows it, is text, once.
        #expect(pieces == ["[]", "<weekday|>", "[, ]", "<day|ordinal>", "[ {month]"])
    }

    /// A form's table: its numbers, then its `other` form for the rest, else the parts of a number from a hundred up.
    @Test func aFormSaysItsNumbersItsOtherFormOrTheirParts() throws {
        let metadata = [
            "_numbers.ordinal.1": "1st", "_numbers.ordinal.other": "{n}th", "_numbers.feminine.1": "une",
            "_numbers.feminine.21": "vingt et une", "_numbers.join": " ",
        ]
        let forms = NumberWords.forms(in: metadata)
        #expect(forms.keys.sorted() == ["feminine", "ordinal"])
        let ordinal = try #require(forms["ordinal"])
        #expect(ordinal.said(1) == "1st")
        #expect(ordinal.said(12) == "12th")
        let feminine = try #require(forms["feminine"])
        #expect(feminine.said(21) == "vingt et une")
        #expect(feminine.said(121) == "100 vingt et une")
        #expect(feminine.said(5) == nil)
    }

    @Test func aScratchLanguageSaysItsDayAsAnOrdinal() {
        let localizer = Localizer(catalog: Self.german)
        #expect(localizer.date(dayNumber: Self.wednesday.dayNumber) == "fünfundzwanzigster November 2026")
        #expect(localizer.date(dayNumber: Self.wednesday.dayNumber - 24) == "erster November 2026")
        // A day the table lacks keeps its digits.
        #expect(localizer.date(dayNumber: Self.wednesday.dayNumber - 1) == "24 November 2026")
        let line = localizer.string(
            Message(
                .statsDayNone,
                [
                    "weekday": .message(Message(MessageKey(localeKey: "weekday.2")!)),
                    "date": .text(localizer.date(dayNumber: Self.wednesday.dayNumber)),
                ]))
        #expect(line == "Mittwoch, fünfundzwanzigster November 2026: keine Sitzung.")
        let phonemes = Phonemes.shared.of(line, voice: "de")
        #expect(HeardTextTests.says(phonemes, Phonemes.shared.of("fünfundzwanzigster November", voice: "de")))
        #expect(!HeardTextTests.says(phonemes, Phonemes.shared.of("fünfundzwanzig November", voice: "de")))
        // What the digits would have said: eSpeak NG reads "25." as the cardinal.
        let digits = Phonemes.shared.of("Mittwoch, 25. November", voice: "de")
        #expect(!HeardTextTests.says(digits, Phonemes.shared.of("fünfundzwanzigster", voice: "de")))
    }

    /// One argument in two forms in one sentence: each placeholder says it its own way.
    @Test func oneArgumentTakesEachFormItsPlaceholderAsks() {
        let localizer = Localizer(catalog: Self.german)
        #expect(localizer.string(Message(.lineCount, ["n": .integer(2)])) == "zweiter, 2.")
        #expect(localizer.string(Message(.lineCount, ["n": .integer(3)])) == "3, 3.")
    }

    /// The cycles done in the case the sentence asks: "einer von 4 Zyklen geschafft", not "eins", in `history`'s own
    /// writer as in the listing's sentence.
    @Test func aScratchLanguageSaysItsCountInTheCaseItAsks() {
        let listing = HistoryListing(localizer: Localizer(catalog: Self.german))
        let line = listing.line(Self.oneCycle)
        #expect(
            line
                == "fünfundzwanzigster November 2026, 14:05: Box-Atmung (4, 4, 4, 4), einer von 4 Zyklen geschafft, "
                + "16 Sekunden, abgeschlossen.\n")
        var writer = HistoryRowWriter(listing: listing)
        var row: [UInt8] = []
        writer.append(RecordLine(Self.oneCycle), to: &row)
        #expect(String(decoding: row, as: UTF8.self) == line)
        let phonemes = Phonemes.shared.of(line, voice: "de")
        #expect(HeardTextTests.says(phonemes, Phonemes.shared.of("einer von vier", voice: "de")))
        #expect(!HeardTextTests.says(phonemes, Phonemes.shared.of("eins von vier", voice: "de")))
    }

    /// The shipped files: the first of the month as each language says it (English "1st", French "1er", Latin American
    /// Spanish "1º", where Spain says "1"), the other days as English writes them.
    @Test(arguments: [
        ("en", 1, "November 1st, 2026"), ("en", 2, "November 2nd, 2026"), ("en", 3, "November 3rd, 2026"),
        ("en", 11, "November 11th, 2026"), ("en", 12, "November 12th, 2026"), ("en", 13, "November 13th, 2026"),
        ("en", 21, "November 21st, 2026"), ("en", 22, "November 22nd, 2026"), ("en", 23, "November 23rd, 2026"),
        ("en", 30, "November 30th, 2026"), ("fr", 1, "1er novembre 2026"), ("fr", 2, "2 novembre 2026"),
        ("pt-BR", 1, "1º de novembro de 2026"), ("pt-BR", 21, "21 de novembro de 2026"),
        ("es", 1, "1 de noviembre de 2026"), ("es-419", 1, "1º de noviembre de 2026"),
        ("es-419", 2, "2 de noviembre de 2026"),
    ])
    func theShippedLanguagesWriteTheirDays(code: String, day: Int, expected: String) {
        let first = LocalTimestamp.parse("2026-11-01T12:00:00Z")!.dayNumber
        #expect(Localizer(language: code).date(dayNumber: first + day - 1) == expected)
    }

    /// A variant's own form (es-419's ordinal) sits beside its parent's (Spain's genders and months).
    @Test func aVariantKeepsItsParentsFormsBesideItsOwn() throws {
        let latin = try #require(LocaleCatalog.named("es-419"))
        let spain = try #require(LocaleCatalog.named("es"))
        #expect(latin.numberForms["ordinal"]?.said(1) == "1º")
        #expect(spain.numberForms["ordinal"] == nil)
        #expect(latin.feminineNumbers == spain.feminineNumbers && latin.feminineNumbers != nil)
        #expect(latin.masculineKeys == spain.masculineKeys)
        #expect(latin.months == spain.months)
        #expect(Localizer(language: "es-419").string(Message(.unitHours, ["n": .integer(21)])) == "veintiuna horas")
    }
}

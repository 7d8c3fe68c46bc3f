import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

@Suite struct LocalizerTests {
    let english = Localizer(language: "en")
    let spanish = Localizer(language: "es")

    @Test(arguments: [
        (10, "1 second", "un segundo"),
        (20, "2 seconds", "2 segundos"),
        (55, "5.5 seconds", "5,5 segundos"),
        (15, "1.5 seconds", "1,5 segundos"),
        (0, "0 seconds", "0 segundos"),
    ])
    func pluralsAndDecimals(tenths: Int, en: String, es: String) {
        #expect(english.string(.seconds(tenths: tenths)) == en)
        #expect(spanish.string(.seconds(tenths: tenths)) == es)
    }

    @Test(arguments: [
        (450, "45 seconds", "45 segundos"),
        (600, "1 minute", "un minuto"),
        (800, "1 minute 20 seconds", "un minuto y 20 segundos"),
        (3000, "5 minutes", "5 minutos"),
        (39_000, "1 hour 5 minutes", "una hora y 5 minutos"),
        (864_000, "24 hours", "24 horas"),
    ])
    func durations(tenths: Int, en: String, es: String) {
        #expect(english.string(.duration(tenths: tenths)) == en)
        #expect(spanish.string(.duration(tenths: tenths)) == es)
    }

    /// The introduction says every phase by name, so 4-0-6-2 (no hold) and 4-6-2 (no rest) never sound alike, and the
    /// pattern's name is said once.
    @Test(arguments: [
        (
            "4-0-6-2", [String](), "Custom pattern, in seconds: in 4, out 6, rest 2. 2 cycles, about 24 seconds.",
            "Patrón personalizado, en segundos: inhala 4, exhala 6, descansa 2. Duración: 2 ciclos, aproximadamente 24 segundos."
        ),
        (
            "4-6-2", [], "Custom pattern, in seconds: in 4, hold 6, out 2. 2 cycles, about 24 seconds.",
            "Patrón personalizado, en segundos: inhala 4, mantén 6, exhala 2. Duración: 2 ciclos, aproximadamente 24 segundos."
        ),
        (
            "sigh", [], "Physiological sigh, in seconds: in 2, in again 1, out 6. 2 cycles, about 18 seconds.",
            "Suspiro fisiológico, en segundos: inhala 2, inhala otra vez 1, exhala 6. Duración: 2 ciclos, aproximadamente 18 segundos."
        ),
        (
            "resonant", ["exhale=6.5"],
            "Resonant breathing, in seconds: in 5.5, out 5.5 to 6.5. 2 cycles, about 23 seconds.",
            "Respiración resonante, en segundos: inhala 5,5, exhala de 5,5 a 6,5. Duración: 2 ciclos, aproximadamente 23 segundos."
        ),
    ])
    func introductionSaysEveryTimingInWords(pattern: String, ramps: [String], en: String, es: String) throws {
        let parsed = try PatternSpec.resolve(pattern).get()
        let plan = try SessionPlan.make(
            pattern: parsed, ramps: ramps.map { try! Ramp.parse($0).get() }, length: .cycles(2), sampleRate: 22_050
        ).get()
        let intro = SessionMachine(plan: plan).transition(.idle, .startRequested).effects.compactMap {
            if case .announce(let announcement) = $0, announcement.line.key == .lineIntro {
                announcement.line
            } else {
                nil
            }
        }
        #expect(intro.map(english.string) == [en])
        #expect(intro.map(spanish.string) == [es])
    }

    @Test func cycles() {
        #expect(english.string(.cycles(1)) == "1 cycle")
        #expect(spanish.string(.cycles(1)) == "un ciclo")
        #expect(spanish.string(.cycles(3)) == "3 ciclos")
        // eSpeak NG reads "21 ciclos" as "veintiuno ciclos": the file's _numbers.masculine says it before the noun.
        #expect(spanish.string(.cycles(21)) == "veintiún ciclos")
        #expect(spanish.string(.cycles(22)) == "22 ciclos")
    }

    /// A number agrees with its noun as the language file says (issue 42): feminine French minutes and seconds,
    /// Brazilian hours and sessions, Spanish hours; Spanish masculine nouns take "veintiún"; a hundred and more from its
    /// parts.
    @Test(arguments: [
        ("fr", Message(.unitMinutes, ["n": .integer(21)]), "vingt et une minutes"),
        ("fr", Message(.unitSeconds, ["n": .integer(81)]), "quatre-vingt-une secondes"),
        ("fr", Message(.unitSeconds, ["n": .integer(71)]), "71 secondes"),
        ("fr", Message(.unitSessions, ["n": .integer(101)]), "cent une séances"),
        ("fr", Message(.unitSessions, ["n": .integer(1021)]), "1000 vingt et une séances"),
        ("fr", Message(.unitDays, ["n": .integer(21)]), "21 jours"),
        ("fr", Message.seconds(tenths: 210), "vingt et une secondes"),
        ("fr", Message.seconds(tenths: 215), "21,5 secondes"),
        ("pt-BR", Message(.unitHours, ["n": .integer(2)]), "duas horas"),
        ("pt-BR", Message(.unitSessions, ["n": .integer(22)]), "vinte e duas sessões"),
        ("pt-BR", Message(.unitSessions, ["n": .integer(200)]), "duzentas sessões"),
        ("pt-BR", Message(.unitSessions, ["n": .integer(222)]), "duzentas e vinte e duas sessões"),
        ("pt-BR", Message(.unitSessions, ["n": .integer(101)]), "cento e uma sessões"),
        ("pt-BR", Message(.unitMinutes, ["n": .integer(2)]), "2 minutos"),
        ("es", Message(.unitHours, ["n": .integer(21)]), "veintiuna horas"),
        ("es", Message(.unitMinutes, ["n": .integer(21)]), "veintiún minutos"),
        ("es", Message(.unitMinutes, ["n": .integer(31)]), "treinta y un minutos"),
        ("es", Message(.unitSessions, ["n": .integer(215)]), "doscientas 15 sesiones"),
        ("es-419", Message(.unitHours, ["n": .integer(41)]), "cuarenta y una horas"),
        ("en", Message(.unitHours, ["n": .integer(21)]), "21 hours"),
        (
            "pt-BR", Message(.lineSpeechRate, ["rate": .integer(201)]),
            "Velocidade da fala: duzentas e uma palavras por minuto."
        ),
    ])
    func numbersAgreeWithTheirNoun(code: String, message: Message, expected: String) {
        #expect(Localizer(language: code).string(message) == expected)
    }

    /// eSpeak reads "1 ciclo" as "uno ciclo": Spanish says the singular in words, with the right gender.
    @Test func spanishSingularsAreWords() {
        #expect(spanish.string(Message(.unitHours, ["n": .integer(1)])) == "una hora")
        #expect(spanish.string(Message(.unitSessions, ["n": .integer(1)])) == "una sesión")
        #expect(spanish.string(Message(.unitDays, ["n": .integer(1)])) == "un día")
        #expect(spanish.string(Message(.unitDays, ["n": .integer(2)])) == "2 días")
    }

    /// French and Portuguese take the singular for 0 and 1,5 too, so their "one" form keeps the number; a feminine
    /// noun has its own form for exactly 1 ("=1"), as eSpeak reads "1 seconde" as "un seconde".
    @Test func exactlyOneHasItsOwnFormWhereTheLanguageGivesOne() {
        let french = Localizer(language: "fr")
        #expect(french.string(.seconds(tenths: 10)) == "une seconde")
        #expect(french.string(.seconds(tenths: 15)) == "1,5 seconde")
        #expect(french.string(.seconds(tenths: 0)) == "0 seconde")
        #expect(french.string(.seconds(tenths: 20)) == "2 secondes")
        #expect(french.string(Message(.unitMinutes, ["n": .integer(1)])) == "une minute")
        let portuguese = Localizer(language: "pt-BR")
        #expect(portuguese.string(Message(.unitSessions, ["n": .integer(1)])) == "uma sessão")
        #expect(portuguese.string(Message(.unitHours, ["n": .integer(0)])) == "0 hora")
        // Without one, the "one" form serves 1 as before.
        #expect(french.string(Message(.unitDays, ["n": .integer(1)])) == "1 jour")
    }

    @Test func decimalTextTakesTheLanguagesSeparator() {
        // The name a user types keeps its hyphens; only the decimal separator is the language's.
        #expect(
            english.string(
                Message(
                    .patternsRow,
                    ["name": .decimals("5.5-5.5"), "title": .text("t"), "phases": .text("p"), "bpm": .text("5")])
            ).hasSuffix("Name: 5.5-5.5."))
        #expect(
            spanish.string(
                Message(
                    .patternsRow,
                    ["name": .decimals("5.5-5.5"), "title": .text("t"), "phases": .text("p"), "bpm": .text("5")])
            ).hasSuffix("Nombre: 5,5-5,5."))
    }

    /// Timings in a sentence take the language's separator between phases, so that no voice says the hyphen ("menos").
    @Test(arguments: [
        ("en", "4, 7, 8"), ("es", "4; 7; 8"), ("es-419", "4; 7; 8"), ("fr", "4 ; 7 ; 8"), ("pt-BR", "4; 7; 8"),
    ])
    func timingsTakeTheLanguagesSeparator(code: String, expected: String) {
        let localizer = Localizer(language: code)
        #expect(localizer.string(Message(.statsPatternCustom, ["timings": .timings("4-7-8")])) == expected)
        let half = localizer.decimals("5.5")
        #expect(localizer.timings("5.5-5.5") == half + localizer.catalog.timingsSeparator + half)
    }

    /// Dates are written out in the language's words (no voice reads 2026-11-02 as dashes or minus signs).
    @Test(arguments: [
        ("en", "November 2nd, 2026"), ("es", "2 de noviembre de 2026"), ("fr", "2 novembre 2026"),
        ("pt-BR", "2 de novembro de 2026"), ("es-419", "2 de noviembre de 2026"),
    ])
    func datesAreWrittenOut(code: String, expected: String) {
        let day = LocalTimestamp.parse("2026-11-02T12:00:00Z")!.dayNumber
        #expect(Localizer(language: code).date(dayNumber: day) == expected)
    }

    @Test func theFirstOfTheMonthIsSaidAsTheLanguageSaysIt() {
        let day = LocalTimestamp.parse("2026-11-01T12:00:00Z")!.dayNumber
        #expect(Localizer(language: "fr").date(dayNumber: day) == "1er novembre 2026")
        #expect(Localizer(language: "pt-BR").date(dayNumber: day) == "1º de novembro de 2026")
        #expect(Localizer(language: "es").date(dayNumber: day) == "1 de noviembre de 2026")
        #expect(Localizer(language: "es-419").date(dayNumber: day) == "1º de noviembre de 2026")
        #expect(Localizer(language: "en").date(dayNumber: day) == "November 1st, 2026")
    }

    @Test func unknownLanguageFallsBackToEnglish() {
        #expect(Localizer(language: "xx").language == "en")
    }
}

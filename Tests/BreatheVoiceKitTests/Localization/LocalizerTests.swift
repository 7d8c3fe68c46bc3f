import Testing
import BreatheCore
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

    @Test func cycles() {
        #expect(english.string(.cycles(1)) == "1 cycle")
        #expect(spanish.string(.cycles(1)) == "un ciclo")
        #expect(spanish.string(.cycles(3)) == "3 ciclos")
        #expect(spanish.string(.cycles(21)) == "21 ciclos")
    }

    /// eSpeak reads "1 ciclo" as "uno ciclo": Spanish says the singular in words, with the right gender.
    @Test func spanishSingularsAreWords() {
        #expect(spanish.string(Message(.unitHours, ["n": .integer(1)])) == "una hora")
        #expect(spanish.string(Message(.unitSessions, ["n": .integer(1)])) == "una sesión")
        #expect(spanish.string(Message(.unitDays, ["n": .integer(1)])) == "un día")
        #expect(spanish.string(Message(.unitDays, ["n": .integer(2)])) == "2 días")
    }

    @Test func decimalTextTakesTheLanguagesSeparator() {
        #expect(english.string(Message(.lineIntro, ["pattern": .text("P"), "timings": .decimals("5.5-5.5"),
                                                    "cycles": .message(.cycles(1)), "duration": .message(.seconds(tenths: 110))]))
                == "P, 5.5-5.5: 1 cycle, about 11 seconds.")
        #expect(spanish.string(Message(.lineIntro, ["pattern": .text("P"), "timings": .decimals("5.5-5.5"),
                                                    "cycles": .message(.cycles(1)), "duration": .message(.seconds(tenths: 110))]))
                == "P, 5,5-5,5: un ciclo, aproximadamente 11 segundos.")
    }

    @Test func unknownLanguageFallsBackToEnglish() {
        #expect(Localizer(language: "xx").language == "en")
    }
}

import Testing
import BreatheCore
@testable import BreatheVoiceKit

@Suite struct LocalizerTests {
    let english = Localizer(language: "en")
    let spanish = Localizer(language: "es")

    @Test(arguments: [
        (10, "1 second", "1 segundo"),
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
        (600, "1 minute", "1 minuto"),
        (800, "1 minute 20 seconds", "1 minuto y 20 segundos"),
        (3000, "5 minutes", "5 minutos"),
        (39_000, "1 hour 5 minutes", "1 hora y 5 minutos"),
        (864_000, "24 hours", "24 horas"),
    ])
    func durations(tenths: Int, en: String, es: String) {
        #expect(english.string(.duration(tenths: tenths)) == en)
        #expect(spanish.string(.duration(tenths: tenths)) == es)
    }

    /// The introduction says every phase by name, so 4-0-6-2 (no hold) and 4-6-2 (no rest) never sound alike, and the
    /// pattern's name is said once.
    @Test(arguments: [
        ("4-0-6-2", [String](), "Custom pattern, in seconds: in 4, out 6, rest 2. 2 cycles, about 24 seconds.",
         "Patrón personalizado, en segundos: inhala 4, exhala 6, descansa 2. 2 ciclos, aproximadamente 24 segundos."),
        ("4-6-2", [], "Custom pattern, in seconds: in 4, hold 6, out 2. 2 cycles, about 24 seconds.",
         "Patrón personalizado, en segundos: inhala 4, mantén 6, exhala 2. 2 ciclos, aproximadamente 24 segundos."),
        ("sigh", [], "Physiological sigh, in seconds: in 2, in again 1, out 6. 2 cycles, about 18 seconds.",
         "Suspiro fisiológico, en segundos: inhala 2, inhala otra vez 1, exhala 6. 2 ciclos, aproximadamente 18 segundos."),
        ("resonant", ["exhale=6.5"], "Resonant breathing, in seconds: in 5.5, out 5.5 to 6.5. 2 cycles, about 23 seconds.",
         "Respiración resonante, en segundos: inhala 5,5, exhala de 5,5 a 6,5. 2 ciclos, aproximadamente 23 segundos."),
    ])
    func introductionSaysEveryTimingInWords(pattern: String, ramps: [String], en: String, es: String) throws {
        let parsed = try PatternSpec.resolve(pattern).get()
        let plan = try SessionPlan.make(
            pattern: parsed, ramps: ramps.map { try! Ramp.parse($0).get() }, length: .cycles(2), sampleRate: 22_050
        ).get()
        let intro = SessionMachine(plan: plan).transition(.idle, .startRequested).effects.compactMap {
            if case .announce(let announcement) = $0, announcement.line.key == .lineIntro { announcement.line } else { nil }
        }
        #expect(intro.map(english.string) == [en])
        #expect(intro.map(spanish.string) == [es])
    }

    @Test func cycles() {
        #expect(english.string(.cycles(1)) == "1 cycle")
        #expect(spanish.string(.cycles(3)) == "3 ciclos")
    }

    @Test func unknownLanguageFallsBackToEnglish() {
        #expect(Localizer(language: "xx").language == "en")
    }
}

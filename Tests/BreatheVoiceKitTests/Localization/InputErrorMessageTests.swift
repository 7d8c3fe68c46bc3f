import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The exact sentences a user reads for bad input, in both languages.
@Suite struct InputErrorMessageTests {
    static let cases: [(request: SessionRequest, en: String, es: String)] = [
        (
            SessionRequest(pattern: "4-x-8"),
            "Hold \"x\" is not a number: use a number of seconds from 0 to 60, with at most one decimal.",
            "El valor «x» de retención no es un número: usa un número de segundos entre 0 y 60, con un decimal como máximo."
        ),
        (
            SessionRequest(pattern: "4-7-80"),
            "Exhale \"80\" is out of range: use a number of seconds from 1 to 60, with at most one decimal.",
            "El valor «80» de exhalación está fuera de rango: usa un número de segundos entre 1 y 60, con un decimal como máximo."
        ),
        (
            SessionRequest(pattern: "4.25-6"),
            "Inhale \"4.25\" has too many decimals: use a number of seconds from 1 to 60, with at most one decimal.",
            "El valor «4.25» de inhalación tiene demasiados decimales: usa un número de segundos entre 1 y 60, con un decimal como máximo."
        ),
        (
            SessionRequest(pattern: "4-7-8-"),
            "Rest is empty: use a number of seconds from 0 to 60, with at most one decimal.",
            "Falta el valor de pausa: usa un número de segundos entre 0 y 60, con un decimal como máximo."
        ),
        (
            SessionRequest(pattern: "4-7-8-1-1"),
            "Pattern \"4-7-8-1-1\" has 5 fields: give 2 to 4 numbers of seconds, in-hold-out-rest, such as 4-7-8.",
            "El patrón «4-7-8-1-1» tiene 5 campos: da de 2 a 4 números de segundos, inhalar-mantener-exhalar-pausa, como 4-7-8."
        ),
        (
            SessionRequest(pattern: "calm"),
            "Unknown pattern \"calm\": use one of 4-7-8, box, diaphragmatic, resonant, 7-11, sigh, or timings such as 4-7-8.",
            "Patrón desconocido «calm»: usa uno de 4-7-8, box, diaphragmatic, resonant, 7-11, sigh, o tiempos como 4-7-8."
        ),
        (
            SessionRequest(ramps: ["exhale:10"]),
            "Ramp \"exhale:10\" is not PHASE=SECONDS: write, for example, --ramp exhale=10.",
            "La rampa «exhale:10» no tiene la forma FASE=SEGUNDOS: escribe, por ejemplo, --ramp exhale=10."
        ),
        (
            SessionRequest(minutes: "2000"),
            "Minutes \"2000\" is out of range: use a number of minutes from 0.1 to 1440.",
            "El valor «2000» de minutos está fuera de rango: usa un número de minutos entre 0,1 y 1440."
        ),
        (
            SessionRequest(cycles: "0"),
            "Cycles \"0\" is out of range: use a whole number from 1 to 100000.",
            "El valor «0» de ciclos está fuera de rango: usa un número entero entre 1 y 100000."
        ),
    ]

    @Test(arguments: cases)
    func message(request: SessionRequest, en: String, es: String) {
        guard case .failure(let error) = request.resolve() else {
            Issue.record("accepted")
            return
        }
        #expect(Localizer(language: "en").string(error.message) == en)
        #expect(Localizer(language: "es").string(error.message) == es)
    }
}

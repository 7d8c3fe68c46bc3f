import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Each kind of argument-parser refusal becomes one sentence in the user's language, with the user's input quoted.
@Suite struct ArgumentErrorTextTests {
    static let spanish = ArgumentErrorText(localizer: Localizer(language: "es"))
    static let english = ArgumentErrorText(localizer: Localizer(language: "en"))

    /// argument-parser's English text (as `message(for:)` gives it), then the Spanish line and the English line.
    static let cases: [(input: String, es: String, en: String)] = [
        (
            "Error: Unknown option '--frob'", "Opción desconocida «--frob»: consulta breathe-voice --help.",
            "Unknown option '--frob'"
        ),
        (
            "Error: Unknown option '--cyles'. Did you mean '--cycles'?",
            "Opción desconocida «--cyles»: ¿querías decir «--cycles»?",
            "Unknown option '--cyles'. Did you mean '--cycles'?"
        ),
        (
            "Error: Missing value for '--cycles <count>'", "Falta el valor de «--cycles <número>».",
            "Missing value for '--cycles <count>'"
        ),
        (
            "Error: The option '--plain' does not take any value, but '3' was specified.",
            "La opción «--plain» no admite ningún valor, pero se indicó «3».",
            "The option '--plain' does not take any value, but '3' was specified."
        ),
        (
            "Error: Unexpected argument 'x'", "Sobra el argumento «x»: consulta breathe-voice --help.",
            "Unexpected argument 'x'"
        ),
        (
            "Error: 2 unexpected arguments: 'x', 'y'", "Sobran 2 argumentos: «x», «y».",
            "2 unexpected arguments: 'x', 'y'"
        ),
        (
            "Error: Missing expected argument '<key>'", "Falta el argumento «<clave>».",
            "Missing expected argument '<key>'"
        ),
        (
            "Error: The value 'foo' is invalid for '--display <mode>'. Please provide one of 'auto', 'plain', 'visual' or 'quiet'.",
            "El valor «foo» no es válido para «--display <modo>»: usa «auto», «plain», «visual» o «quiet».",
            "The value 'foo' is invalid for '--display <mode>'. Please provide one of 'auto', 'plain', 'visual' or 'quiet'."
        ),
        (
            "Error: The value 'it' is invalid for '--color <when>'",
            "El valor «it» no es válido para «--color <cuándo>».",
            "The value 'it' is invalid for '--color <when>'"
        ),
        // A value holding the very words of the template, and a newline: still one line, the value intact.
        (
            "Error: The value 'a' is invalid for 'b\nc' is invalid for '--color <when>'",
            "El valor «a' is invalid for 'b\nc» no es válido para «--color <cuándo>».",
            "The value 'a' is invalid for 'b\nc' is invalid for '--color <when>'"
        ),
        ("Error: Invalid option: -!", "Opción no válida: «-!».", "Invalid option: '-!'"),
        (
            "Error: Missing required subcommand.", "Falta el subcomando: consulta breathe-voice --help.",
            "Missing required subcommand."
        ),
        // The program's own refusals are already in the user's language and pass unchanged.
        (
            "Error: Indica --minutes o --cycles, no los dos.", "Indica --minutes o --cycles, no los dos.",
            "Indica --minutes o --cycles, no los dos."
        ),
    ]

    @Test(arguments: cases)
    func refusalIsTranslated(input: String, es: String, en: String) {
        #expect(Self.spanish.line(for: input) == es)
        #expect(Self.english.line(for: input) == en)
    }

    @Test func longValuesAreCutShort() {
        let value = String(repeating: "x", count: 1_000_000)
        let line = Self.spanish.line(for: "Error: The value '\(value)' is invalid for '--display <mode>'")
        #expect(line == "El valor «" + String(repeating: "x", count: 40) + "…» no es válido para «--display <modo>».")
    }
}

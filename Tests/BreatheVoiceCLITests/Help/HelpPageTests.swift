import ArgumentParser
import Testing

@testable import BreatheVoiceKit

/// The localized help page is laid out exactly as argument-parser's: with the English catalog the two are identical.
@Suite struct HelpPageTests {
    static let paths = HelpTree.program.root.all.map(\.path)

    static func argumentParserHelp(_ path: [String]) -> String {
        do {
            // argument-parser turns --help into its own help command, whose run() throws the page.
            var command = try BreatheVoice.parseAsRoot(path + ["--help"])
            try command.run()
            return "ran"
        } catch {
            return BreatheVoice.fullMessage(for: error, columns: 80)
        }
    }

    @Test(arguments: paths)
    func englishPageIsArgumentParsersPage(path: [String]) throws {
        let page = try #require(HelpPage(localizer: Localizer(language: "en")).render(path))
        // argument-parser lays out the English source, whose discussions hold the {exitCodes} placeholder: the table,
        // wrapped as the page wraps it, goes there.
        let english = Localizer(language: "en")
        let table = HelpPage.wrap(ExitCodeTable.help(english), width: 80)
        #expect(
            page
                == HelpText(localizer: english).filled(
                    Self.argumentParserHelp(path).replacingOccurrences(of: "{exitCodes}", with: table)))
    }

    @Test func spanishPageIsTranslated() throws {
        let page = try #require(HelpPage(localizer: Localizer(language: "es")).render(["patterns", "add"]))
        #expect(
            page == """
                RESUMEN: Guarda un patrón con un nombre: patterns add calma 4-2-6-0.

                USO: breathe-voice patterns add [--lang <código>] <nombre> <tiempos>

                ARGUMENTOS:
                  <nombre>                Un nombre: letras, cifras, - o _, que no sea el de un
                                          patrón incluido.
                  <tiempos>               Tiempos de inhalar-mantener-exhalar-pausa, como
                                          4-7-8-0.

                OPCIONES:
                  --lang <código>         Idioma de la sesión: en, es, es-419, fr, pt-BR. Por
                                          defecto: según LC_ALL, LC_MESSAGES o LANG; si no,
                                          inglés.
                  --version               Muestra la versión.
                  -h, --help              Muestra la ayuda.

                """)
    }

    @Test func wrapsAsArgumentParserDoes() {
        #expect(HelpPage.wrap("one two three", width: 9) == "one two\nthree")
        #expect(HelpPage.wrap("a\n\nb", width: 80, indent: 4) == "    a\n\n    b")
        #expect(HelpPage.wrap("abcdefghijkl mn", width: 5) == "abcdefghijkl\nmn")
    }
}

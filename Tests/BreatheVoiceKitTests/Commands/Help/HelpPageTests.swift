import ArgumentParser
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The localized help page is laid out exactly as argument-parser's: with the English catalog the two are identical,
/// but for the program's own page, which leads with the session (`HelpPage+Root`), and for rows of a discussion's
/// tables that wrap, which keep their indent.
@Suite struct HelpPageTests {
    static let paths = HelpTree.program.root.all.map(\.path).filter { !$0.isEmpty }

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
        // wrapped as the page wraps it (each row under its meaning), goes there.
        let english = Localizer(language: "en")
        let table = HelpPage.wrapRows(ExitCodeTable.help(english), width: 80)
        #expect(
            page
                == HelpText(localizer: english).filled(
                    Self.argumentParserHelp(path).replacingOccurrences(of: "{exitCodes}", with: table)))
    }

    @Test func spanishPageIsTranslated() throws {
        let rendered = try #require(HelpPage(localizer: Localizer(language: "es")).render(["patterns", "add"]))
        // --lang's sentence lists every built-in language, as many as Locales/ holds: checked on its own, so that a
        // new language file changes no expected page here.
        var lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  --lang <código>") })
        let end = lines[(start + 1)...].firstIndex { !$0.hasPrefix("                        ") } ?? lines.count
        let language = lines[start..<end].joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(
            language
                == "--lang <código> Idioma de la sesión: \(LocaleCatalog.codes.joined(separator: ", ")). Por defecto: "
                + "según LC_ALL, LC_MESSAGES o LANG; si no, inglés.")
        lines.replaceSubrange(start..<end, with: ["  --lang <código>         LANG"])
        let page = lines.joined(separator: "\n")
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
                  --lang <código>         LANG
                  --version               Muestra la versión.
                  -h, --help              Muestra la ayuda.

                """)
    }

    @Test func wrappedRowsKeepTheirIndent() {
        let rows = [
            "TITLE:", "  TERM      dumb makes the display plain always", "  an example that is long enough to wrap",
            "prose that wraps here and there and more",
        ]
        #expect(
            HelpPage.wrapRows(rows.joined(separator: "\n"), width: 34) == """
                TITLE:
                  TERM      dumb makes the
                            display plain always
                  an example that is long enough
                  to wrap
                prose that wraps here and there
                and more
                """)
        // A sentence too far right for 20 columns goes on at its row's indent.
        #expect(HelpPage.wrapRows("  LABEL_THAT_IS_LONG  a b c d e", width: 28) == "  LABEL_THAT_IS_LONG  a b c\n  d e")
        // A word longer than the room (a path) stays whole, never broken inside the row's indent.
        #expect(
            HelpPage.wrapRows("  $XDG_STATE_HOME/breathe-voice/history.jsonl  one line per session", width: 40)
                == "  $XDG_STATE_HOME/breathe-voice/history.jsonl\n  one line per session")
        // A break inside the gap leaves no spaces at the end of the line.
        #expect(
            HelpPage.wrapRows("  $XDG_RUNTIME_DIR/x/      lock and runtime files", width: 30)
                == "  $XDG_RUNTIME_DIR/x/\n  lock and runtime files")
        // Prose wraps as argument-parser's own wrap does.
        let prose = "one two three four five six seven eight nine ten eleven twelve"
        #expect(HelpPage.wrapRows(prose, width: 20) == HelpPage.wrap(prose, width: 20))
    }

    @Test func wrapsAsArgumentParserDoes() {
        #expect(HelpPage.wrap("one two three", width: 9) == "one two\nthree")
        #expect(HelpPage.wrap("a\n\nb", width: 80, indent: 4) == "    a\n\n    b")
        #expect(HelpPage.wrap("abcdefghijkl mn", width: 5) == "abcdefghijkl\nmn")
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A Spanish user meets no English: every command's help and every kind of refused command line, run through the
/// binary with a Spanish locale, is checked for English words.
@Suite struct SpanishInterfaceTests {
    static let tree = HelpTree.program
    static let commands = tree.root.all

    /// Words of English prose that Spanish never uses. Option names, values, paths and commands are left out first.
    static let englishWords: Set<String> = [
        "the", "is", "of", "and", "with", "for", "to", "not", "from", "your", "you", "this", "that", "session",
        "sessions",
        "breathing", "seconds", "minutes", "default", "options", "usage", "overview", "unknown", "missing",
        "invalid", "please", "value", "expected", "unexpected", "argument", "arguments", "did", "mean", "information",
        "found", "answered", "cannot", "when", "each", "every", "run", "runs", "set", "see",
    ]

    /// The English words in a text, ignoring anything that is code rather than prose (`--x`, `a.b`, `<x>`, `$X`, `4-7-8`).
    static func englishIn(_ text: String) -> [String] {
        let commandWords = Set(commands.flatMap(\.path))
        var found: [String] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let word = token.trimmingCharacters(in: CharacterSet(charactersIn: "()[],;:.!?¿¡«»\"'"))
            guard !word.isEmpty, word.allSatisfy(\.isLetter) else { continue }
            let lower = word.lowercased()
            if englishWords.contains(lower), !commandWords.contains(lower) { found.append(word) }
        }
        return found
    }

    static let spanish: [String: String?] = ["LC_ALL": "es_ES.UTF-8", "BREATHE_VOICE_LANG": nil]

    @Test func theMarkerCatchesEnglish() {
        #expect(Self.englishIn("Unknown option '--frob'") == ["Unknown"])
        #expect(Self.englishIn("OVERVIEW: Show the version.").contains("the"))
        #expect(Self.englishIn("Opción desconocida «--frob»: consulta breathe-voice --help.").isEmpty)
    }

    static let helpRequests: [[String]] = commands.flatMap { command in
        [command.path + ["--help"], command.path + ["-h"], ["help"] + command.path]
    }

    @Test(arguments: helpRequests)
    func helpIsSpanish(arguments: [String]) throws {
        let run = try BinaryRun.run(arguments, environment: Self.spanish)
        #expect(run.status == 0)
        #expect(run.stdout.contains("USO: breathe-voice"), "\(arguments): \(run.stdout.prefix(200))")
        #expect(Self.englishIn(run.stdout).isEmpty, "\(arguments): English words \(Self.englishIn(run.stdout))")
        #expect(run.stderr.isEmpty)
    }

    @Test func langFlagChoosesTheHelpLanguage() throws {
        let spanish = try BinaryRun.run(["history", "export", "--help", "--lang", "es"], environment: ["LC_ALL": "C"])
        #expect(spanish.stdout.hasPrefix("RESUMEN: Escribe todo el historial"))
        let english = try BinaryRun.run(["history", "export", "--lang=en", "--help"], environment: Self.spanish)
        #expect(english.stdout.hasPrefix("OVERVIEW: Write the whole history"))
        let fromEnvironment = try BinaryRun.run(
            ["doctor", "--help"], environment: ["LC_ALL": nil, "LC_MESSAGES": nil, "LANG": "es_ES.UTF-8"])
        #expect(fromEnvironment.stdout.hasPrefix("RESUMEN: Comprueba la voz"))
    }

    /// English help is argument-parser's own, unchanged.
    @Test func englishHelpIsArgumentParsers() throws {
        let run = try BinaryRun.run(["schedule", "--help"], environment: ["LC_ALL": "C", "BREATHE_VOICE_LANG": nil])
        #expect(run.stdout.hasPrefix("OVERVIEW: Schedule breathing reminders in your crontab."))
        #expect(run.stdout.hasSuffix("  See 'breathe-voice help schedule <subcommand>' for detailed help.\n"))
    }

    /// Bad command lines of every kind, for every command: an unknown option, an unexpected argument, every option
    /// without its value, every option with a nonsense value, a flag given a value.
    static let badInvocations: [[String]] = {
        var invocations: [[String]] = []
        for command in commands {
            invocations.append(command.path + ["--frobnicate"])
            invocations.append(command.path + ["-Z"])
            if command.subcommands.isEmpty, !command.arguments.contains(where: { $0.kind == .positional }) {
                invocations.append(command.path + ["stray"])
            }
            for argument in command.arguments where argument.kind == .option {
                guard let name = argument.names.last else { continue }
                invocations.append(command.path + [name])
                // A file name is a valid value: rendering or exporting to one is not a refusal. (`prefs reset` and
                // `prefs edit` do not check --lang: they reset or edit whatever the language.)
                if !["output", "wav"].contains(argument.preferredName ?? ""),
                    !["reset", "edit"].contains(command.path.last)
                {
                    invocations.append(command.path + [name, "zz\nzz"])
                }
            }
            for argument in command.arguments where argument.kind == .flag && !argument.isBuiltIn {
                if let name = argument.names.last { invocations.append(command.path + [name + "=3"]) }
            }
        }
        invocations += [
            ["prefs", "set"], ["prefs", "set", "rate"], ["patterns", "add", "calm"], ["prefs", "get"],
            ["--minutes", "2", "--cycles", "3"], ["--pattern", "4-x-8"], ["--cyles", "3"],
        ]
        return invocations
    }()

    @Test(arguments: badInvocations)
    func refusalIsOneSpanishLine(arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breathe-voice-es-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BinaryRun.run(
            arguments + ["--no-audio"].filter { _ in arguments.first?.hasPrefix("-") == true },
            environment: Self.spanish.merging([
                "BREATHE_VOICE_CRONTAB": "/nonexistent/crontab", "VISUAL": "false", "EDITOR": "false",
            ]) { $1 },
            directory: folder)
        #expect(run.status == 64, "\(arguments): exit \(run.status), \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("breathe-voice: "))
        #expect(
            Self.englishIn(run.stderr).isEmpty,
            "\(arguments): English words \(Self.englishIn(run.stderr)) in \(run.stderr)")
    }
}

/// Any es_* locale but Spain's picks Latin American Spanish: its wording, its voice, the rest of Spain's sentences.
@Suite struct LatinAmericanSpanishTests {
    @Test(arguments: ["es_MX.UTF-8", "es_AR.UTF-8", "es_US.UTF-8"])
    func regionalLocalePicksTheOverlay(locale: String) throws {
        let help = try BinaryRun.run(["start", "--help"], environment: ["LC_ALL": locale, "BREATHE_VOICE_LANG": nil])
        #expect(help.stdout.contains("(Enter lo"))
        #expect(help.stdout.hasPrefix("RESUMEN: Ejecuta una sesión de respiración"))
        let session = try BinaryRun.run(
            ["--pattern", "1-1", "--cycles", "1", "--plain", "--no-audio"],
            environment: ["LC_ALL": locale, "BREATHE_VOICE_LANG": nil])
        #expect(session.status == 0)
        #expect(session.stdoutLines.contains { $0.hasPrefix("Patrón personalizado") })
    }

    @Test func spainKeepsItsWords() throws {
        let help = try BinaryRun.run(
            ["start", "--help"], environment: ["LC_ALL": "es_ES.UTF-8", "BREATHE_VOICE_LANG": nil])
        #expect(help.stdout.contains("(Intro lo"))
        let flag = try BinaryRun.run(["start", "--help", "--lang", "es-419"], environment: ["LC_ALL": "C"])
        #expect(flag.stdout.contains("(Enter lo"))
    }
}

/// The listings a Spanish user reads: preference names and values, the most used patterns.
@Suite struct SpanishListingTests {
    @Test func prefsShowNamesAndValuesAreSpanish() throws {
        let home = try TemporaryHome()
        #expect(try home.run(["prefs", "set", "defaultMinutes", "2.5"]).status == 0)
        #expect(try home.run(["patterns", "add", "calma", "4.5-6"]).status == 0)
        let spanish = try home.run(["prefs", "show", "--lang", "es"]).stdoutLines
        #expect(spanish.contains("velocidad de la voz (rate): 175"))
        #expect(spanish.contains("tonos (tones): sí"))
        // Values are words that agree with any label (issue 42), and the wait in words ("15m" is read as a letter m).
        #expect(spanish.contains("espera de los recordatorios (remind.defer): 15 minutos"))
        #expect(spanish.contains("horas de silencio (quietHours): sin definir"))
        let french = try home.run(["prefs", "show", "--lang", "fr"]).stdoutLines
        #expect(french.contains("bips (tones)\u{A0}: oui"))
        #expect(french.contains("attente des rappels (remind.defer)\u{A0}: 15 minutes"))
        let portuguese = try home.run(["prefs", "show", "--lang", "pt-BR"]).stdoutLines
        #expect(portuguese.contains("tons (tones): sim"))
        #expect(portuguese.contains("ritmo padrão (defaultPattern): box"))
        #expect(spanish.contains("minutos predeterminados (defaultMinutes): 2,5"))
        #expect(spanish.contains("patrones guardados (customPatterns): calma=4,5-6"))
        let english = try home.run(["prefs", "show", "--lang", "en"]).stdoutLines
        #expect(english.contains("tones: on"))
        #expect(english.contains("defaultMinutes: 2.5"))
        // prefs get stays what prefs set reads back.
        #expect(try home.run(["prefs", "get", "tones", "--lang", "es"]).stdoutLines == ["on"])
    }

    @Test func statsNamesPatternsInSpanish() throws {
        let home = try TemporaryHome()
        for pattern in ["box", "5.5-5.5"] {
            #expect(
                try home.run(["--pattern", pattern, "--cycles", "1", "--plain", "--no-audio", "--lang", "es"]).status
                    == 0)
        }
        let stats = try home.run(["stats", "--lang", "es"]).stdoutLines
        #expect(stats.contains("Patrones más usados: 5,5; 5,5 (1), Respiración cuadrada (1)."))
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// Every command speaks the language found in one order: `--lang`, `BREATHE_VOICE_LANG`, the `language` preference,
/// then the locale. `voices` once followed only the flag and the locale.
@Suite struct LanguageOrderTests {
    /// (the preference, BREATHE_VOICE_LANG, --lang, the language expected): each step of the order over the next.
    static let rows: [(String?, String?, String?, String)] = [
        (nil, nil, nil, "en"), ("es", nil, nil, "es"), ("es", "fr", nil, "fr"), ("es", "fr", "pt-BR", "pt-BR"),
    ]

    @Test(arguments: rows.indices)
    func voicesFollowsTheOrder(row: Int) throws {
        let (preference, variable, flag, expected) = Self.rows[row]
        let home = try TemporaryHome()
        if let preference {
            try FileManager.default.createDirectory(
                at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(#"{"version": 1, "language": "\#(preference)"}"#.utf8).write(to: home.preferencesFile)
        }
        let run = try home.run(
            ["voices"] + (flag.map { ["--lang", $0] } ?? []),
            environment: ["LC_ALL": "C", "LANG": nil, "BREATHE_VOICE_LANG": variable])
        #expect(run.status == 0, "\(run.stderr)")
        let name = try #require(LocaleFiles.metadata(expected)["_name"])
        #expect(run.stdoutLines.first?.contains(name) == true, "\(run.stdout)")
    }
}

/// `--lang` given more than once (issue 50): the last one wins wherever each stands, before the command or after it,
/// so that an alias such as `bv='breathe-voice --lang es'` can be overridden.
@Suite struct RepeatedLanguageTests {
    @Test(arguments: [
        (["--lang", "es", "history", "--lang", "fr"], "fr"),
        (["history", "--lang", "es", "--lang", "fr"], "fr"),
        (["--lang", "es", "--lang", "fr", "history"], "fr"),
        (["--lang=es", "history", "list", "--lang=pt-BR"], "pt-BR"),
        (["--lang", "fr", "history", "list"], "fr"),
        (["--lang", "es", "prefs", "get", "rate", "--lang", "fr"], "fr"),
    ])
    func theLastLangWins(arguments: [String], expected: String) throws {
        let home = try TemporaryHome()
        let run = try home.run(arguments, environment: ["LC_ALL": "C", "LANG": nil, "BREATHE_VOICE_LANG": nil])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        let reference = try home.run(
            Array(arguments.filter { !$0.hasPrefix("--lang") && !["es", "fr", "pt-BR"].contains($0) }) + [
                "--lang", expected,
            ])
        #expect(run.stdout == reference.stdout, "\(arguments)")
        #expect(!reference.stdout.isEmpty)
    }

    /// A refused value speaks the last language too, and its help as well.
    @Test func helpAndRefusalsFollowTheLastLang() throws {
        let home = try TemporaryHome()
        let help = try home.run(["--lang", "es", "history", "--help", "--lang", "fr"])
        #expect(help.stdout.contains("Liste les séances"), "\(help.stdout)")
        let refused = try home.run(["--lang", "fr", "history", "--last", "0", "--lang", "es"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--last"))
        #expect(!refused.stderr.contains("séance"), "\(refused.stderr)")
    }
}

import Foundation
import Testing

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

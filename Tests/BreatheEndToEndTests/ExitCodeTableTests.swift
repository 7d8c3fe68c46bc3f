import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The exit codes are written once (`ExitCodeTable`, and `exit.<code>` in each locale file) and everything that lists
/// them says the same: `--help` in every language, the man pages, the user's guide (docs/user-guide.md).
@Suite struct ExitCodeTableTests {
    @Test func eachRowsKeyNamesItsCode() {
        for (code, meaning) in ExitCodeTable.rows { #expect(meaning.localeKey == "exit.\(code)") }
        #expect(ExitCodeTable.rows.map(\.code) == ExitCodeTable.rows.map(\.code).sorted())
        #expect(Set(ExitCodeTable.rows.map(\.code)).count == ExitCodeTable.rows.count)
    }

    /// The user's guide's "Exit codes" table is the English table, row for row.
    @Test func userGuideListsTheTable() throws {
        let guide = try String(
            contentsOf: BinaryRun.packageRoot.appendingPathComponent("docs/user-guide.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "## Exit codes\n").dropFirst().first)
        let rows = section.split(separator: "\n").drop { !$0.hasPrefix("| 0 ") }.prefix { $0.hasPrefix("| ") }
        let english = Localizer(language: "en")
        let expected = ExitCodeTable.rows.map { "| \($0.code) | \(english.string(Message($0.meaning))) |" }
        #expect(rows.map(String.init) == expected)
    }

    /// `help exit-codes` shows the table in the help's language, once (the pages of the commands point to it).
    @Test(arguments: LocaleFiles.codes)
    func helpShowsTheTableInItsLanguage(code: String) throws {
        let run = try BinaryRun.run(["help", "exit-codes", "--lang", code])
        #expect(run.status == 0)
        let localizer = Localizer(language: code)
        let page = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(page.filter { $0 == localizer.string(Message(.exitHeading)) }.count == 1, "\(run.stdout)")
        #expect(!run.stdout.contains("{exitCodes}"))
        for (code, meaning) in ExitCodeTable.rows {
            // The row's start (a long one wraps at the page's width).
            let words = localizer.string(Message(meaning)).split(separator: " ").prefix(2).joined(separator: " ")
            #expect(page.contains { $0.hasPrefix("\(code) ") && $0.contains(words) }, "\(code) \(words)")
        }
    }

    /// Each man page's EXIT STATUS lists every code of the table (the page as the generator writes it: nothing
    /// generated is committed).
    @Test(arguments: GeneratedFilesTests.manPages)
    func manPagesListEveryCode(language: String, path: String) throws {
        let page = try GeneratedFilesTests.manPage(language: language)
        for (code, _) in ExitCodeTable.rows {
            #expect(page.contains(".TP\n.B \(code)\n"), "\(path) lacks exit \(code)")
        }
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// A pattern saved before a later version shipped a built-in of the same name: the preferences file is still good, the
/// saved pattern keeps playing, and the user is told once how to reach the built-in one.
@Suite struct PatternShadowingTests {
    /// A preferences file that saved "box" as 2-2 (as if "box" were not built in when it was saved).
    static func homeWithSavedBox() throws -> TemporaryHome {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 1, "customPatterns": {"box": "2-2", "calm": "4-6"}}"#.utf8).write(
            to: home.preferencesFile)
        return home
    }

    @Test func theSavedPatternKeepsPlayingAndTheUserIsToldOnce() throws {
        let home = try Self.homeWithSavedBox()
        let before = try Data(contentsOf: home.preferencesFile)
        let first = try home.run(
            ["--pattern", "box", "--cycles", "1", "--plain", "--no-audio"], environment: ["LC_ALL": "C"])
        #expect(first.status == 0, "\(first.stderr)")
        // Yours: 2 seconds in, 2 out, named as a saved pattern, not "Box breathing" (4-4-4-4).
        #expect(first.stdout.contains("Pattern box") && first.stdout.contains("in 2, out 2"), "\(first.stdout)")
        #expect(
            first.stderrLines == [
                "Your saved pattern \"box\" now has the name of a built-in pattern: --pattern box still plays yours. To reach the built-in one, save yours under another name and remove it (breathe-voice patterns remove box)."
            ])
        let second = try home.run(["patterns"], environment: ["LC_ALL": "C"])
        #expect(second.status == 0)
        #expect(second.stderr.isEmpty, "told twice: \(second.stderr)")
        // The record says it was the saved pattern.
        let history = try String(contentsOf: home.historyFile, encoding: .utf8)
        #expect(history.contains(#""patternKind":"saved""#) || history.contains(#""kind":"saved""#), "\(history)")
        // Nothing of the file changed.
        #expect(try Data(contentsOf: home.preferencesFile) == before)
    }

    @Test func removingTheSavedOneReachesTheBuiltIn() throws {
        let home = try Self.homeWithSavedBox()
        let remove = try home.run(["patterns", "remove", "box"], environment: ["LC_ALL": "C"])
        #expect(remove.status == 0, "\(remove.stderr)")
        let run = try home.run(
            ["--pattern", "box", "--cycles", "1", "--plain", "--no-audio"], environment: ["LC_ALL": "C"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Box breathing"), "\(run.stdout)")
        #expect(run.stderr.isEmpty)
    }

    /// A new pattern still may not take a built-in's name.
    @Test func aNewPatternMayNotTakeABuiltInsName() throws {
        let home = try TemporaryHome()
        let add = try home.run(["patterns", "add", "sigh", "2-2"], environment: ["LC_ALL": "C"])
        #expect(add.status == 64)
        #expect(add.stderr.contains("taken by a built-in pattern"))
    }

    /// Told in the user's language, in each.
    @Test(arguments: LocaleFiles.wholeLanguages)
    func theNoticeIsInTheSessionLanguage(language: String) throws {
        let home = try Self.homeWithSavedBox()
        let run = try home.run(["patterns", "--lang", language], environment: ["LC_ALL": "C"])
        #expect(run.status == 0)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("patterns remove box"))
        if language != "en" { #expect(!run.stderr.contains("Your saved pattern")) }
    }
}

import Foundation
import Testing

@testable import BreatheCore

/// Each default, range and language order is written in one place: its row in `PreferenceKey.declaration` for the
/// preferences' defaults and ranges. A second copy in the sources (a literal default or range that can drift from it)
/// fails here.
@Suite struct OneHomeTests {
    /// Every Swift file of Sources/, by path relative to the package, with its lines.
    static let sources: [(path: String, lines: [Substring])] = {
        let root = BinaryRun.packageRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [(String, [Substring])] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = (try? String(contentsOfFile: root.path + "/" + path, encoding: .utf8)) ?? ""
            files.append(("Sources/" + path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files
    }()

    /// The code of a line: what comes before a `//` comment.
    static func code(_ line: Substring) -> Substring {
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }

    /// The numbers whose only home is their row (`PreferenceKey.declaration`): the rate's and the tone volume's defaults as a
    /// fallback or a parameter's default (`?? 175`, `= 70`), and the number ranges as literals (`80...450`).
    @Test func numberDefaultsAndRangesAreWrittenOnce() throws {
        #expect(PreferenceRules.defaultInteger(.rate) == 175 && PreferenceRules.defaultInteger(.toneVolume) == 70)
        let copies = try Regex(#"(\?\?|=)\s*(175|70)\b|\b(80\.\.\.450|0\.\.\.200)\b"#)
        var found: [String] = []
        for (path, lines) in Self.sources where !path.hasSuffix("Preferences/PreferenceKey.swift") {
            for (index, line) in lines.enumerated() where Self.code(line).contains(copies) {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "a second copy of a preference's default or range:\n\(found.joined(separator: "\n"))")
    }

    /// An on/off preference is named where it is declared (its row), where its option is, and where it changes the
    /// session: `terse` in its row, its option, the machine that phrases the lines, and the one place that gives the
    /// machine the preference (above the session's layer); never in a command or a carrier that copies it along.
    @Test func anOnOffPreferenceIsNamedInItsRowItsOptionAndItsUse() throws {
        let word = try Regex(#"\bterse\b"#)
        let naming = Self.sources.filter { $0.lines.contains { $0.contains(word) } }.map(\.path).sorted()
        #expect(
            naming == [
                "Sources/BreatheCore/Preferences/PreferenceKey.swift",
                "Sources/BreatheCore/Preferences/SessionMachine+Preferences.swift",
                "Sources/BreatheCore/Session/SessionMachine.swift",
                "Sources/BreatheVoiceKit/Commands/Options/DisplayOptions.swift",
            ], "terse is named in \(naming.count) files: \(naming)")
    }

    /// The language order (flag, BREATHE_VOICE_LANG, the preference, the locale) is decided in one place: only
    /// `InterfaceLanguage` and the preferences resolve a localizer from the environment's locale variables.
    @Test func theLanguageOrderHasOneHome() {
        var found: [String] = []
        for (path, lines) in Self.sources {
            let allowed = ["InterfaceLanguage.swift", "PreferencesStore.swift", "LanguageChoice.swift"]
            guard !allowed.contains(where: path.hasSuffix) else { continue }
            for (index, line) in lines.enumerated() where Self.code(line).contains("LanguageChoice.fromEnvironment") {
                found.append("\(path):\(index + 1)")
            }
        }
        #expect(found.isEmpty, "the language resolved outside its order: \(found)")
    }
}

import Foundation
import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

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

    /// An on/off preference is named where it is declared (its row) and where it changes the session, never where its
    /// switch is declared (`PreferenceSwitch` takes it from the row): `terse` in its row, the one place that gives the
    /// machine the preference (above the session's layer) and the machine that phrases the lines; never in an options
    /// group, a command or a carrier that copies it along. `terse` names nothing else, so every whole word counts,
    /// comments included.
    @Test func anOnOffPreferenceIsNamedInItsRowAndItsUse() throws {
        let word = try Regex(#"\bterse\b"#)
        let naming = Self.sources.filter { $0.lines.contains { $0.contains(word) } }.map(\.path).sorted()
        #expect(
            naming == [
                "Sources/BreatheCore/Preferences/PreferenceKey.swift",
                "Sources/BreatheCore/Preferences/SessionMachine+Preferences.swift",
                "Sources/BreatheCore/StateMachine/SessionMachine.swift",
            ], "terse is named in \(naming.count) files: \(naming)")
    }

    /// Every on/off preference with a switch (`.onOff(_, switch:)`: `count`, `terse`) is named in at most 3 Swift files:
    /// its row and where it changes the session. Named as a preference, in code (comments left out, string literals
    /// kept): `PreferenceKey.count`, the key as an argument, a subscript or a value (`flag(.count)`, `[.count]`,
    /// `.preference(.count)`, `key: .count`, `== .count`), a row (`case .count:`), its option or its environment
    /// variable written out (`"--count"`, `.customLong("count")`, `"BREATHE_VOICE_COUNT"`). `count` alone or
    /// `lines.count` is another thing's name, so the bare word does not count here (the test above counts it for
    /// `terse`). No options group names it: its switch comes from its row.
    @Test func aSwitchPreferenceIsNamedInAtMostThreeFiles() throws {
        let keys = PreferenceKey.allCases.filter { $0.declaration.isSwitch }
        #expect(keys.contains(.count) && keys.contains(.terse), "the switches: \(keys)")
        for key in keys {
            let name = NSRegularExpression.escapedPattern(for: key.rawValue)
            var shapes = [
                #"\bPreferenceKey\.\#(name)\b"#, #"[(\[]\.\#(name)[)\]:,]"#, #"\bcase \.\#(name):"#,
                #"(=|\w:)\s*\.\#(name)(?![\w(])"#,
                #"customLong\("\#(name)"\)"#,
            ]
            for written in [key.declaration.option, key.environmentVariable].compactMap({ $0 }) {
                shapes.append("\"" + NSRegularExpression.escapedPattern(for: written) + "\"")
            }
            let naming = try Regex(shapes.joined(separator: "|"))
            let files = Self.sources.filter { $0.lines.contains { Self.code($0).contains(naming) } }.map(\.path)
                .sorted()
            // Its row names it, so the count is not vacuous.
            #expect(files.contains("Sources/BreatheCore/Preferences/PreferenceKey.swift"), "\(key): \(files)")
            #expect(files.count <= 3, "\(key) is named in \(files.count) files: \(files)")
            // Its switch comes from its row: no options group declares it or copies it into `preferenceFlags`.
            #expect(!files.contains { $0.contains("/Commands/Options/") }, "\(key): \(files)")
        }
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

import Foundation
import Testing

@testable import BreatheTestSupport

/// `patterns` in every language, as a user reads it in a fresh home: each row says the pattern in words first (its
/// title in the language, never `4-7-8` or an English `box` to lead it), then its phases, and ends with the name to
/// type, which the user then types.
@Suite struct PatternsListingTests {
    /// The built-in patterns, as `--pattern` takes them.
    static let builtIn = ["4-7-8", "box", "diaphragmatic", "resonant", "7-11", "sigh"]

    /// A sentence of a language's file, or of the language it is a variant of.
    static func sentence(_ code: String, _ key: String) -> String? {
        let own = LocaleFiles.metadata(code)
        return own[key] ?? own["_parent"].flatMap { LocaleFiles.metadata($0)[key] }
    }

    @Test(arguments: LocaleFiles.codes)
    func everyRowSaysThePatternInWordsThenTheNameToType(code: String) throws {
        let home = try TemporaryHome()
        #expect(try home.run(["patterns", "add", "calm", "4-2-6", "--lang", code]).status == 0)
        let run = try home.run(["patterns", "--lang", code])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdoutLines
        // A header, the built-in rows, the saved patterns' header, the saved row.
        try #require(lines.count == Self.builtIn.count + 3, "\(lines)")
        var rows = Array(zip(Self.builtIn, lines[1...Self.builtIn.count]))
        rows.append(("calm", lines[lines.count - 1]))
        for (name, row) in rows {
            let key = name == "calm" ? "pattern.saved" : "pattern." + name
            let title = try #require(Self.sentence(code, key)).replacingOccurrences(of: "{name}", with: name)
            #expect(row.hasPrefix(title + ":") || row.hasPrefix(title + "\u{A0}:"), "\(code): \(row)")
            #expect(row.hasSuffix(" " + name + "."), "\(code): \(row)")
            // After the title (which may hold it: "Pattern calm", "Physiological sigh"), said once, at the end.
            #expect(row.dropFirst(title.count).components(separatedBy: name).count == 2, "\(code): \(row)")
            // The name at the end of the row is one `--pattern` takes.
            let typed = String(try #require(row.split(separator: " ").last).dropLast())
            let chosen = try home.run(["prefs", "set", "defaultPattern", typed, "--lang", code])
            #expect(chosen.status == 0, "\(code): \(typed): \(chosen.stderr)")
        }
    }
}

import Testing

@testable import BreatheTestSupport

/// Help is written once, in the locale files (HelpCatalogTests, in the Kit's tests, holds the keys to them).
extension OneHomeTests {
    /// No help sentence is written in the Swift source: a literal `help:`, `abstract:` or `discussion:` would be a
    /// second English copy, beside Locales/en.json.
    @Test func helpIsWrittenOnlyInTheLocaleFiles() throws {
        let literal = try Regex(#"(help:|abstract:|discussion:|ArgumentHelp\()\s*"[^"]"#)
        var found: [String] = []
        for (path, lines) in OneHomeTests.sources {
            let text = lines.map(OneHomeTests.code).joined(separator: "\n")
            if text.contains(literal) { found.append(path) }
        }
        #expect(found.isEmpty, "help text written in Swift (put it in Locales/en.json): \(found)")
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The examples of each language's help sentences and of its man page, as the generator writes it from the binary.
@Suite struct HelpExamplesTests {
    /// Each language's help and man page show its own examples: every `--lang` in them names that language, or English
    /// where an example turns to it on purpose ("en anglais"), never another's (issue 42: the Brazilian help and man
    /// page showed Spain's).
    @Test(arguments: LocaleCatalog.codes.filter { LocaleCatalog.named($0)?.parent == nil && $0 != "en" })
    func examplesAreInTheirOwnLanguage(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        var texts = catalog.ownKeys.filter { $0.hasPrefix("help.") }.compactMap { key -> (String, String)? in
            guard case .text(let text)? = catalog.entries[key] else { return nil }
            return (key, text)
        }
        // The page as the generator writes it (nothing generated is committed).
        texts.append(
            (
                "man/\(code)/breathe-voice.1",
                try GeneratedFilesTests.manPage(language: code).replacing("\\-", with: "-")
            ))
        for (origin, text) in texts {
            var rest = Substring(text)
            while let range = rest.range(of: "--lang ") {
                let value = rest[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                // A code (es, pt-BR), not the prose around the option ("--lang n'est pas donné").
                let isCode =
                    value.count >= 2 && value.prefix(2).allSatisfy(\.isLowercase)
                    && rest[range.upperBound...].dropFirst(value.count).first.map {
                        $0.isWhitespace || ",.)".contains($0)
                    } ?? true
                #expect(
                    !isCode || value == code || value == "en", "\(origin) in \(code): an example says --lang \(value)")
                rest = rest[range.upperBound...]
            }
        }
    }
}

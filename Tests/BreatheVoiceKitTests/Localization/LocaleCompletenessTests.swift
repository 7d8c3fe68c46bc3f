import Testing
import BreatheCore
@testable import BreatheVoiceKit

@Suite struct LocaleCompletenessTests {
    static func placeholders(_ template: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            // Only identifiers are placeholders; literal braces in an example ({"calm": "4-2-6"}) are text.
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) { names.insert(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func bothLanguagesAreBuiltIn() {
        #expect(LocaleCatalog.codes == ["en", "es"])
        #expect(LocaleCatalog.all["en"]?.voice == "en-us")
        #expect(LocaleCatalog.all["es"]?.voice == "es")
    }

    @Test(arguments: LocaleCatalog.codes)
    func everyKeyExistsWithTheSamePlaceholders(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        let english = try #require(LocaleCatalog.all["en"])
        for key in MessageKey.allCases {
            let entry = try #require(catalog.entries[key.rawValue], "\(code) lacks \(key.rawValue)")
            let reference = try #require(english.entries[key.rawValue])
            let expected = reference.templates.map(Self.placeholders).reduce(Set(), { $0.union($1) })
            for template in entry.templates {
                var allowed = [expected]
                // A plural's "one" form may say the number in words ("un ciclo") and leave {n} out.
                if case .plural(let one, _) = entry, template == one { allowed.append(expected.subtracting(["n"])) }
                #expect(allowed.contains(Self.placeholders(template)), "\(code) \(key.rawValue): \(template)")
                #expect(!template.isEmpty)
            }
        }
        // Nothing in the file that the code does not use.
        // The help texts (help.*, helpPage.*) are checked against the commands by HelpCatalogTests.
        let known = Set(MessageKey.allCases.map(\.rawValue))
        let unused = Set(catalog.entries.keys).subtracting(known).filter { !$0.hasPrefix("help.") && !$0.hasPrefix("helpPage.") }
        #expect(unused.isEmpty, "unused keys in \(code): \(unused.sorted())")
    }

    @Test func spanishHasItsAccents() {
        let spanish = Localizer(language: "es")
        #expect(spanish.string(Message(.phaseInhale)) == "Inhala")
        #expect(spanish.string(Message(.phaseHold)) == "Mantén el aire")
        #expect(spanish.string(Message(.phaseExhale)) == "Exhala")
        #expect(spanish.string(Message(.phaseRest)) == "Descansa")
    }
}

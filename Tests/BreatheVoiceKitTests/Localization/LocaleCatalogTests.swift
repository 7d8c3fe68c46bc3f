import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The locale files as the binary holds them: LocaleEmbedder's table (one string literal per file) read back by
/// LocaleCatalog.embeddedMembers gives every member of every Locales/*.json file as written, sentences, plural forms
/// and metadata alike.
@Suite struct LocaleCatalogTests {
    static let locales = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Locales")

    /// The members of a locale file as LocaleEmbedder reads them: `_man.` left out, metadata lists joined with spaces,
    /// metadata objects flattened into one member per key.
    static func members(ofFile code: String) throws -> [String: LocaleCatalog.Entry] {
        let data = try Data(contentsOf: locales.appendingPathComponent("\(code).json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var members: [String: LocaleCatalog.Entry] = [:]
        for (key, value) in object where !key.hasPrefix("_man.") {
            if let text = value as? String {
                members[key] = .text(text)
            } else if key.hasPrefix("_"), let words = value as? [String] {
                members[key] = .text(words.joined(separator: " "))
            } else if key.hasPrefix("_"), let table = value as? [String: String] {
                for (name, text) in table { members[key + "." + name] = .text(text) }
            } else if let forms = value as? [String: String], let one = forms["one"], let other = forms["other"] {
                members[key] = .plural(one: one, other: other, exactlyOne: forms["=1"])
            } else {
                Issue.record("Locales/\(code).json: \(key) is neither a sentence nor plural forms")
            }
        }
        return members
    }

    @Test(arguments: LocaleCatalog.codes)
    func everyMemberIsEmbeddedAsTheFileWritesIt(code: String) throws {
        let expected = try Self.members(ofFile: code)
        var embedded: [String: LocaleCatalog.Entry] = [:]
        var keys: [String] = []
        let found = LocaleCatalog.embeddedMembers(code) { key, entry in
            embedded[key] = entry
            keys.append(key)
        }
        #expect(found)
        #expect(keys.count == embeddedLocaleCount(code))
        #expect(keys == keys.sorted())
        #expect(Set(embedded.keys) == Set(expected.keys))
        for (key, entry) in expected where embedded[key] != entry {
            Issue.record("Locales/\(code).json: \(key) embedded as \(String(describing: embedded[key])), not \(entry)")
        }
    }

    @Test func pluralFormsKeepTheirExactlyOneForm() throws {
        let french = try Self.members(ofFile: "fr")
        let withExactlyOne = french.filter {
            if case .plural(_, _, .some) = $0.value { return true }
            return false
        }
        #expect(!withExactlyOne.isEmpty, "fr.json has sentences with a =1 form (une seconde)")
        var embedded: [String: LocaleCatalog.Entry] = [:]
        _ = LocaleCatalog.embeddedMembers("fr") { key, entry in embedded[key] = entry }
        for (key, entry) in withExactlyOne { #expect(embedded[key] == entry) }
    }

    @Test func aCodeWithoutAFileHasNoMembers() {
        var count = 0
        #expect(!LocaleCatalog.embeddedMembers("xx") { _, _ in count += 1 })
        #expect(count == 0)
        #expect(LocaleCatalog(embedded: "xx") == nil)
    }
}

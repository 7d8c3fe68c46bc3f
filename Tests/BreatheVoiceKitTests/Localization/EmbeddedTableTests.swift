import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// LocaleEmbedder's tables read where they lie: every member found by its key, nothing found that is not there.
@Suite struct EmbeddedTableTests {
    /// Every member of every language, found by a binary search, is the member read in order.
    @Test(arguments: LocaleCatalog.codes)
    func everyMemberIsFoundByItsKey(code: String) throws {
        let table = EmbeddedTable(try #require(embeddedLocaleTable(code)))
        var members: [(String, LocaleCatalog.Entry)] = []
        table.forEach { members.append(($0, $1)) }
        #expect(members.count == embeddedLocaleCount(code))
        #expect(table.count == members.count)
        #expect(table.keys == members.map(\.0))
        for (key, entry) in members { #expect(table.entry(key) == entry, "\(code): \(key)") }
    }

    /// Keys before the first, after the last, between two and a key's own beginning are not found.
    @Test func aKeyTheTableHasNotIsNotFound() {
        let table = EmbeddedTable("b\u{1F}1\u{1F}\u{1E}bb\u{1F}2\u{1F}\u{1E}d\u{1F}one\u{1F}other\u{1F}\u{1E}")
        #expect(table.count == 3)
        #expect(table.entry("b") == .text("1"))
        #expect(table.entry("bb") == .text("2"))
        #expect(table.entry("d") == .plural(one: "one", other: "other"))
        for missing in ["", "a", "ba", "bbb", "c", "e", "dd"] { #expect(table.entry(missing) == nil, "\(missing)") }
        var prefixed: [String] = []
        table.forEach(prefix: "b") { key, _ in prefixed.append(key) }
        #expect(prefixed == ["b", "bb"])
        #expect(EmbeddedTable("").count == 0)
        #expect(EmbeddedTable("").entry("b") == nil)
    }

    /// The `_` metadata, by prefix, is every metadata member and nothing else.
    @Test(arguments: LocaleCatalog.codes)
    func theMetadataIsFoundByItsPrefix(code: String) throws {
        let table = EmbeddedTable(try #require(embeddedLocaleTable(code)))
        var metadata: [String] = []
        table.forEach(prefix: "_") { key, _ in metadata.append(key) }
        #expect(!metadata.isEmpty)
        #expect(metadata == table.keys.filter { $0.hasPrefix("_") })
    }
}

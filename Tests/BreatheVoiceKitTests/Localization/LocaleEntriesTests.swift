import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// A language's sentences looked up in its tables: a variant's own over its parent's, no metadata among them.
@Suite struct LocaleEntriesTests {
    @Test func aVariantsOwnSentenceHidesItsParentsAndTheRestAreTheParents() throws {
        let variant = try #require(LocaleCatalog.named("es-419"))
        let spanish = try #require(LocaleCatalog.named("es"))
        let own = variant.ownKeys
        #expect(!own.isEmpty)
        var differs = 0
        for key in spanish.entries.keys {
            if own.contains(key) {
                if variant.entries[key] != spanish.entries[key] { differs += 1 }
            } else {
                #expect(variant.entries[key] == spanish.entries[key], "\(key)")
            }
        }
        #expect(differs > 0, "es-419 changes some sentence of es")
        #expect(Set(variant.entries.keys) == Set(spanish.entries.keys).union(own))
        #expect(variant.entries.keys == variant.entries.keys.sorted())
        #expect(variant.entries.all.count == variant.entries.keys.count)
    }

    @Test(arguments: LocaleCatalog.codes)
    func theMetadataIsNoSentence(code: String) throws {
        let catalog = try #require(LocaleCatalog.named(code))
        #expect(catalog.entries["_name"] == nil)
        #expect(!catalog.entries.keys.contains { $0.hasPrefix("_") })
        #expect(catalog.entries["phase.inhale"] != nil)
    }
}

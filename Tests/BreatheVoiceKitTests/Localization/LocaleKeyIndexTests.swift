import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// MessageKey's locale keys from LocaleEmbedder's table of the English keys by case name: the same keys the rule
/// (`MessageKey.caseName(localeKey:)`) gives for every sentence of the English file, found by a binary search.
@Suite struct LocaleKeyIndexTests {
    /// Every sentence of the English file is found by the name of its case, whether a case has it or not.
    @Test func everyEnglishKeyIsFoundByItsCaseName() {
        var keys: [String] = []
        _ = LocaleCatalog.embeddedMembers(LocaleCatalog.fallbackCode) { key, _ in
            if !key.hasPrefix("_") { keys.append(key) }
        }
        #expect(keys.count > 500)
        for key in keys {
            #expect(LocaleKeyIndex.shared.localeKey(caseName: MessageKey.caseName(localeKey: key)) == key)
        }
    }

    /// Each case's key names that case again, and is a sentence of the English file.
    @Test func everyCaseHasItsOwnKey() {
        let english = LocaleCatalog.all[LocaleCatalog.fallbackCode]!
        for key in MessageKey.allCases {
            #expect(MessageKey(localeKey: key.localeKey) == key, "\(key) → \(key.localeKey)")
            #expect(english.entries[key.localeKey] != nil, "\(key.localeKey) is not in en.json")
        }
    }

    /// Names that the table has not, before its first, after its last and between two, are not found.
    @Test(arguments: ["", "A", "zzzz", "phaseInhal", "phaseInhalex", "doctor.audio.fix"])
    func aNameTheTableHasNotIsNotFound(name: String) {
        #expect(LocaleKeyIndex.shared.localeKey(caseName: name) == nil)
    }

    /// A table of one pair, and an empty one.
    @Test func smallTables() {
        let one = LocaleKeyIndex("phaseInhale\u{1F}phase.inhale\u{1F}\u{1E}")
        #expect(one.localeKey(caseName: "phaseInhale") == "phase.inhale")
        #expect(one.localeKey(caseName: "phaseExhale") == nil)
        #expect(one.localeKey(caseName: "phaseInhales") == nil)
        #expect(LocaleKeyIndex("").localeKey(caseName: "phaseInhale") == nil)
    }
}

import Testing

@testable import BreatheCore

/// Each preference's rule: a default that its own rule accepts, typed and read back from the file, and a kind that
/// says what it allows. A new preference of a shared kind gets all of this from its row (`PreferenceKey.declaration`)
/// alone.
@Suite struct PreferenceRulesTests {
    static let rules = PreferenceRules(languages: ["en", "es"])

    /// The default, as `prefs get` prints it, is accepted by `prefs set` and stays the same; in the file, it decodes
    /// to itself.
    @Test(arguments: PreferenceKey.allCases.filter { PreferenceRules.defaultValue($0) != nil && $0 != .customPatterns })
    func theDefaultIsAllowedTypedAndInTheFile(key: PreferenceKey) throws {
        let value = try #require(PreferenceRules.defaultValue(key))
        #expect(Self.rules.parse(key, value.displayText) == value, "\(key.rawValue): \(value.displayText)")
        let decoded = Self.rules.decode(key, JSONNode(value.json), customPatterns: [])
        #expect((try? decoded.get()) == value, "\(key.rawValue) in the file: \(decoded)")
    }

    /// A shared kind reads typed text the same for every key of it: in any case for a choice, in words or digits
    /// for on/off, the range's ends and nothing past them for a whole number.
    @Test(arguments: PreferenceKey.allCases)
    func aKindReadsWhatItAllows(key: PreferenceKey) throws {
        switch PreferenceRules.kind(key) {
        case .onOff:
            #expect(Self.rules.parse(key, "YES") == .onOff(true) && Self.rules.parse(key, "0") == .onOff(false))
            #expect(Self.rules.parse(key, "maybe") == nil)
            #expect(Self.rules.allowed(key) == Message(.allowedOnOff))
        case .number(let range):
            #expect(Self.rules.parse(key, String(range.lowerBound)) == .integer(range.lowerBound))
            #expect(Self.rules.parse(key, " \(range.upperBound) ") == .integer(range.upperBound))
            #expect(Self.rules.parse(key, String(range.upperBound + 1)) == nil)
            #expect(Self.rules.parse(key, "-1") == nil && Self.rules.parse(key, "ten") == nil)
        case .choice(let words):
            #expect(!words.isEmpty)
            for word in words { #expect(Self.rules.parse(key, word.uppercased()) == .text(word)) }
            #expect(Self.rules.parse(key, "nonsense") == nil)
            #expect(Self.rules.decode(key, JSONNode(.bool(true)), customPatterns: []).isFailure)
        case .duration(.minutes):
            #expect(Self.rules.parse(key, "7.5") == .minutes(hundredths: 750))
            #expect(Self.rules.parse(key, "0") == nil && Self.rules.parse(key, "1441") == nil)
            #expect(Self.rules.decode(key, JSONNode(.string("5")), customPatterns: []).isFailure)
        case .duration(.wait):
            #expect(Self.rules.parse(key, " 90S ") == .text("1m30s") && Self.rules.parse(key, "5") == nil)
            #expect(Self.rules.decode(key, JSONNode(.number("0")), customPatterns: []).isFailure)
        case .rule:
            // Each rule's own cases are in PreferencesTests; here, only that it refuses what no rule takes.
            #expect(Self.rules.parse(key, "\u{1}") == nil)
        }
    }
}

extension Result {
    fileprivate var isFailure: Bool { if case .failure = self { true } else { false } }
}

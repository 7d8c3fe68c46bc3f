import Testing

@testable import BreatheCore

@Suite struct PluralRuleTests {
    /// (rule, whole part, whole?, singular?): English says "1 second" but "1.5 seconds" and "0 seconds"; French and
    /// Brazilian Portuguese say "1,5 seconde", "0 segundo", and "2 secondes".
    @Test(arguments: [
        (PluralRule.one, 1, true, true), (.one, 1, false, false), (.one, 0, true, false), (.one, 2, true, false),
        (.zeroOne, 1, true, true), (.zeroOne, 1, false, true), (.zeroOne, 0, true, true), (.zeroOne, 0, false, true),
        (.zeroOne, 2, true, false), (.zeroOne, 2, false, false), (.zeroOne, 11, true, false),
    ])
    func singular(rule: PluralRule, whole: Int, isWhole: Bool, expected: Bool) {
        #expect(rule.isOne(whole: whole, isWhole: isWhole) == expected)
    }

    @Test func theLocaleFilesNamesAreTheRulesRawValues() {
        #expect(PluralRule(rawValue: "one") == .one)
        #expect(PluralRule(rawValue: "zero-one") == .zeroOne)
        #expect(PluralRule(rawValue: "few") == nil)
    }
}

import Testing

@testable import BreatheCore

@Suite struct BreathingPatternTests {
    /// A built-in pattern's name is written once: its title is the sentence "pattern.<name>" of the locale files.
    @Test(arguments: BreathingPattern.builtIn)
    func aBuiltInIsTitledByItsName(pattern: BreathingPattern) throws {
        let name = try #require(pattern.name)
        let title = try #require(pattern.title, "no MessageKey case for pattern.\(name)")
        #expect(title == MessageKey(localeKey: "pattern." + name))
        #expect(Message.patternName(pattern) == Message(title))
    }

    @Test func everyBuiltInHasItsOwnTitle() {
        let titles = BreathingPattern.builtIn.compactMap(\.title)
        #expect(titles.count == BreathingPattern.builtIn.count)
        #expect(Set(titles).count == titles.count)
        #expect(BreathingPattern.builtIn(named: "resonant")?.title == .patternResonant)
        #expect(BreathingPattern.builtIn(named: "4-7-8")?.title == .pattern478)
    }
}

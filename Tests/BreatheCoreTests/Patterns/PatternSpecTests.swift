import Testing

@testable import BreatheCore

@Suite struct PatternSpecTests {
    @Test(arguments: [
        ("4-7-8", [Phase(.inhale, seconds: 4), Phase(.hold, seconds: 7), Phase(.exhale, seconds: 8)]),
        ("4-7-8-0", [Phase(.inhale, seconds: 4), Phase(.hold, seconds: 7), Phase(.exhale, seconds: 8)]),
        ("4-6", [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 6)]),
        ("5.5-0-5.5", [Phase(.inhale, tenths: 55), Phase(.exhale, tenths: 55)]),
        ("5,5-5,5", [Phase(.inhale, tenths: 55), Phase(.exhale, tenths: 55)]),
        (
            "4-4-4-4",
            [
                Phase(.inhale, seconds: 4), Phase(.hold, seconds: 4), Phase(.exhale, seconds: 4),
                Phase(.rest, seconds: 4),
            ]
        ),
        ("1-0-60-60", [Phase(.inhale, seconds: 1), Phase(.exhale, seconds: 60), Phase(.rest, seconds: 60)]),
        ("4.50-6", [Phase(.inhale, tenths: 45), Phase(.exhale, seconds: 6)]),
    ])
    func goodTimings(text: String, phases: [Phase]) throws {
        #expect(try PatternSpec.resolve(text).get().phases == phases)
    }

    @Test(arguments: [
        ("4", MessageKey.errorPatternFields),
        ("4-7-8-0-1", .errorPatternFields),
        ("4--8", .errorEmpty),
        ("4-7-", .errorEmpty),
        ("0-4", .errorOutOfRange),
        ("61-4", .errorOutOfRange),
        ("4-61-4", .errorOutOfRange),
        ("4.55-4", .errorTooPrecise),
        ("4-x-4", .errorNotANumber),
        ("4-nan-4", .errorNotANumber),
        ("4-inf-4", .errorNotANumber),
        ("4-1e1-4", .errorNotANumber),
        ("4-+1-4", .errorNotANumber),
        ("4-7-8-99999999999999999999", .errorOutOfRange),
        ("unknown", .errorPatternUnknown),
        ("", .errorPatternUnknown),
    ])
    func badTimings(text: String, key: MessageKey) {
        guard case .failure(let error) = PatternSpec.resolve(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.message.key == key)
    }

    @Test func namesResolveToBuiltInsAndSavedPatterns() throws {
        #expect(try PatternSpec.resolve("Box").get().name == "box")
        let saved = BreathingPattern(name: "evening", phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 8)])
        #expect(try PatternSpec.resolve("evening", saved: [saved]).get() == saved)
    }

    @Test func overridesChangeAddAndRemovePhases() {
        let box = BreathingPattern.builtIn(named: "box")!
        #expect(box.overriding(.inhale, tenths: 50).timingsText == "5-4-4-4")
        #expect(box.overriding(.rest, tenths: 0).timingsText == "4-4-4")
        let diaphragmatic = BreathingPattern.builtIn(named: "diaphragmatic")!
        #expect(diaphragmatic.overriding(.hold, tenths: 20).phases.map(\.kind) == [.inhale, .hold, .exhale])
        #expect(diaphragmatic.overriding(.rest, tenths: 20).phases.map(\.kind) == [.inhale, .exhale, .rest])
        let sigh = BreathingPattern.builtIn(named: "sigh")!
        #expect(sigh.overriding(.hold, tenths: 10).timingsText == "2-1-1-6")
        #expect(sigh.overriding(.inhale, tenths: 30).name == nil)
    }

    @Test func builtInsMatchTheirDocumentedTimings() {
        let table = Dictionary(uniqueKeysWithValues: BreathingPattern.builtIn.map { ($0.name!, $0.timingsText) })
        #expect(
            table == [
                "4-7-8": "4-7-8", "box": "4-4-4-4", "diaphragmatic": "4-6", "resonant": "5.5-5.5", "7-11": "7-11",
                "sigh": "2-1-6",
            ])
        #expect(abs(BreathingPattern.builtIn(named: "resonant")!.breathsPerMinute - 5.4545) < 0.001)
    }
}

import Testing

@testable import BreatheCore

@Suite struct SessionRequestTests {
    @Test func defaultsAreFiveMinutesOfBox() throws {
        let resolved = try SessionRequest().resolve().get()
        #expect(resolved.pattern.name == "box")
        #expect(resolved.length == .minutes(hundredths: 500))
        #expect(resolved.ramps.isEmpty)
    }

    @Test func overridesApplyToANamedPattern() throws {
        let resolved = try SessionRequest(pattern: "4-7-8", overrides: [.hold: "3.5", .rest: "2"]).resolve().get()
        #expect(resolved.pattern.timingsText == "4-3.5-8-2")
    }

    @Test(arguments: [
        (SessionRequest(overrides: [.inhale: "0.5"]), MessageKey.errorOutOfRange),
        (SessionRequest(overrides: [.hold: "-1"]), .errorOutOfRange),
        (SessionRequest(overrides: [.exhale: "NaN"]), .errorNotANumber),
        (SessionRequest(overrides: [.rest: ""]), .errorEmpty),
        (SessionRequest(ramps: ["exhale"]), .errorRampSyntax),
        (SessionRequest(ramps: ["breath=4"]), .errorRampPhase),
        (SessionRequest(ramps: ["exhale=61"]), .errorOutOfRange),
        (SessionRequest(minutes: "0"), .errorOutOfRange),
        (SessionRequest(minutes: "1441"), .errorOutOfRange),
        (SessionRequest(minutes: "1.005"), .errorTooPrecise),
        (SessionRequest(cycles: "1.5"), .errorNotANumber),
        (SessionRequest(cycles: "0"), .errorOutOfRange),
        (SessionRequest(minutes: "1", cycles: "2"), .errorLengthBoth),
    ])
    func refusals(request: SessionRequest, key: MessageKey) {
        guard case .failure(let error) = request.resolve() else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.key == key)
    }
}

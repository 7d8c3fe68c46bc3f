import Testing

@testable import BreatheCore

@Suite struct CountScheduleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var phaseSeconds: Double
        var nameSeconds: Double
        var countSeconds: Double
        var expected: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "four seconds: two, three, four", phaseSeconds: 4, nameSeconds: 0.6, countSeconds: 0.4,
            expected: [2, 3, 4]),
        Case(name: "a long name hides two", phaseSeconds: 4, nameSeconds: 1.2, countSeconds: 0.4, expected: [3, 4]),
        Case(
            name: "a number too long for its second is skipped", phaseSeconds: 3, nameSeconds: 0.5, countSeconds: 1.1,
            expected: []),
        Case(
            name: "the last number must end before the phase does", phaseSeconds: 3.3, nameSeconds: 0.5,
            countSeconds: 0.4, expected: [2, 3]),
        Case(
            name: "a partial last second still counts when it fits", phaseSeconds: 3.5, nameSeconds: 0.5,
            countSeconds: 0.4, expected: [2, 3, 4]),
        Case(name: "one second: nothing", phaseSeconds: 1, nameSeconds: 0.5, countSeconds: 0.4, expected: []),
    ]

    @Test(arguments: cases)
    func countsFitTheirSeconds(_ row: Case) {
        let rate = 22_050
        let counts = CountSchedule.counts(
            phaseSamples: Int64(row.phaseSeconds * Double(rate)), sampleRate: rate,
            nameSamples: Int64(row.nameSeconds * Double(rate)),
            countSamples: { _ in Int64(row.countSeconds * Double(rate)) }
        )
        #expect(counts.map(\.number) == row.expected)
        for count in counts { #expect(count.offset == Int64(count.number - 1) * Int64(rate)) }
    }

    @Test func highestNumberCoversTheLongestRampedPhase() throws {
        let plan = try SessionPlan.make(
            pattern: BreathingPattern(name: nil, phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 6)]),
            ramps: [Ramp(kind: .exhale, targetTenths: 95)], length: .cycles(3), sampleRate: 22_050
        ).get()
        #expect(CountSchedule.highestNumber(in: plan) == 10)
    }
}

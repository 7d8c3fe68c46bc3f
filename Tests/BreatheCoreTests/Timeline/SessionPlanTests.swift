import Testing

@testable import BreatheCore

@Suite struct SessionPlanTests {
    static let resonant = BreathingPattern.builtIn(named: "resonant")!

    @Test func twentyFourHoursOfResonantAtEngineRateIsExact() throws {
        // 5.5 s phases: boundary k is exactly k × 121 275 samples after the lead-in, for every k, with no drift.
        let plan = try SessionPlan.make(
            pattern: Self.resonant, length: .minutes(hundredths: 144_000), sampleRate: 22_050
        ).get()
        #expect(plan.cycles == 7855) // 7855 × 11 s = 86 405 s: the first whole cycle count reaching 24 h
        let lead = plan.leadInSamples
        #expect(lead == 66_150)
        for cycle in [1, 2, 3, 1000, 5000, 7854, 7855] {
            for index in 0..<2 {
                let k = Int64((cycle - 1) * 2 + index)
                #expect(plan.start(of: .phase(cycle: cycle, index: index)) == lead + k * 121_275)
            }
        }
        #expect(plan.breathingEnd == lead + Int64(7855 * 2) * 121_275)
        #expect(plan.totalSamples == plan.breathingEnd + 66_150)
    }

    @Test func offsetsRoundFromTheStartNotStepByStep() throws {
        // At 44 100 Hz a 0.1 s phase is 4 410 samples, but at 22 050 × 1.1 s a rounding would creep in if steps were
        // rounded and added. Use an odd rate where steps are fractional: 11 025 Hz × 0.1 s = 1102.5 samples.
        let pattern = try PatternSpec.parseTimings("1.1-1.3").get()
        let plan = try SessionPlan.make(pattern: pattern, length: .cycles(1000), sampleRate: 11_025, leadInTenths: 0)
            .get()
        for cycle in [1, 2, 17, 500, 999, 1000] {
            let cumulativeTenths = Int64((cycle - 1) * 24 + 11) // start of the exhale
            let exact = (cumulativeTenths * 11_025 * 2 + 10) / 20 // round half up of tenths × rate / 10
            #expect(plan.start(of: .phase(cycle: cycle, index: 1)) == exact)
        }
    }

    @Test(arguments: [
        // (pattern, minutes in hundredths, expected cycles)
        ("box", 500, 19), // 16 s cycles: 18 × 16 = 288 < 300 ≤ 304
        ("box", 16 * 100 / 60, 1), // 0.26 min = 15.6 s < 16 s → 1 cycle
        ("4-7-8", 100, 4), // 19 s cycles: 3 × 19 = 57 < 60 ≤ 76
        ("resonant", 110, 6), // 66 s exactly: 6 × 11
        ("7-11", 10, 1),
    ])
    func minutesBecomeTheSmallestWholeNumberOfCyclesThatIsLongEnough(name: String, hundredths: Int, cycles: Int) throws
    {
        let plan = try SessionPlan.make(
            pattern: BreathingPattern.builtIn(named: name)!, length: .minutes(hundredths: hundredths),
            sampleRate: 22_050
        ).get()
        #expect(plan.cycles == cycles)
        let target = hundredths * 6
        #expect(plan.breathingTenths >= target)
        #expect(plan.breathingTenths - plan.pattern.cycleTenths < target)
    }

    @Test func rampGoesLinearlyFromPatternValueToTarget() throws {
        let pattern = BreathingPattern.builtIn(named: "diaphragmatic")! // 4 in, 6 out
        let plan = try SessionPlan.make(
            pattern: pattern, ramps: [Ramp(kind: .exhale, targetTenths: 100)], length: .cycles(5), sampleRate: 22_050
        ).get()
        #expect((1...5).map { plan.phaseTenths(cycle: $0, index: 1) } == [60, 70, 80, 90, 100])
        #expect((1...5).map { plan.phaseTenths(cycle: $0, index: 0) } == [40, 40, 40, 40, 40])
        // 5 × 4 + (6 + 7 + 8 + 9 + 10) = 60 s of breathing.
        #expect(plan.breathingTenths == 600)
        #expect(plan.breathingEnd - plan.breathingStart == 60 * 22_050)
        // Each boundary is the exact cumulative time: cycle 3 starts after 4+6 + 4+7 = 21 s.
        #expect(plan.start(of: .phase(cycle: 3, index: 0)) == plan.breathingStart + 21 * 22_050)
    }

    @Test func rampWithMinutesCountsTheGrowingCycles() throws {
        let pattern = BreathingPattern.builtIn(named: "diaphragmatic")!
        let plan = try SessionPlan.make(
            pattern: pattern, ramps: [Ramp(kind: .exhale, targetTenths: 100)], length: .minutes(hundredths: 100),
            sampleRate: 22_050
        ).get()
        // total(n) = 10n + 2n = 12n s ≥ 60 → n = 5.
        #expect(plan.cycles == 5)
        #expect(plan.breathingTenths == 600)
    }

    @Test func rampOnAMissingPhaseOrTwiceIsRefused() {
        let pattern = BreathingPattern.builtIn(named: "diaphragmatic")!
        let missing = SessionPlan.make(
            pattern: pattern, ramps: [Ramp(kind: .hold, targetTenths: 50)], sampleRate: 22_050)
        #expect(throws: InputError.self) { try missing.get() }
        let twice = SessionPlan.make(
            pattern: pattern, ramps: [Ramp(kind: .exhale, targetTenths: 50), Ramp(kind: .exhale, targetTenths: 70)],
            sampleRate: 22_050)
        #expect(throws: InputError.self) { try twice.get() }
    }

    @Test func sessionsLongerThanADayAreRefused() {
        let pattern = BreathingPattern.builtIn(named: "4-7-8")!
        let result = SessionPlan.make(pattern: pattern, length: .cycles(100_000), sampleRate: 22_050)
        guard case .failure(let error) = result else {
            Issue.record("a 22-day session was accepted")
            return
        }
        #expect(error.message.key == .errorLengthTooLong)
    }

    @Test func segmentsFollowEachOtherToTheClosing() throws {
        let plan = try SessionPlan.make(
            pattern: BreathingPattern.builtIn(named: "sigh")!, length: .cycles(2), sampleRate: 22_050
        ).get()
        var segment: Segment? = .leadIn
        var seen: [Segment] = []
        while let current = segment {
            seen.append(current)
            if let next = plan.segment(after: current) { #expect(plan.end(of: current) == plan.start(of: next)) }
            segment = plan.segment(after: current)
        }
        #expect(seen.count == 1 + 2 * 3 + 1)
        #expect(seen.last == .closing)
    }

    @Test func aLeadInForReadingIsAtLeastItsOwnAndMovesEveryBoundary() throws {
        let pattern = try PatternSpec.parseTimings("4-4").get()
        let plan = try SessionPlan.make(pattern: pattern, length: .cycles(2), sampleRate: 22_050, leadInTenths: 30)
            .get()
        #expect(plan.leadIn(reading: 22_050) == plan, "shorter than the lead-in's own 3 s: unchanged")
        let read = plan.leadIn(reading: 9 * 22_050)
        #expect(read.leadInSamples == 9 * 22_050)
        #expect(read.start(of: .phase(cycle: 2, index: 1)) == plan.start(of: .phase(cycle: 2, index: 1)) + 6 * 22_050)
        #expect(read.totalSamples == plan.totalSamples + 6 * 22_050)
    }
}

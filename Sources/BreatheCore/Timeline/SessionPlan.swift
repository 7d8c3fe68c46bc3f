/// The whole session laid out on the sample clock: every phase boundary as an exact sample offset from the start.
///
/// Offsets are computed from the start each time, as `round(cumulativeSeconds × rate)`, never by adding rounded steps, so
/// a 24-hour session ends on exactly the sample it should. Phase lengths are whole tenths of a second; a ramp makes them
/// rational, so cumulative time is kept as an integer numerator over `denominator` tenths.
package struct SessionPlan: Hashable, Sendable {
    package let pattern: BreathingPattern
    package let ramps: [Ramp]
    package let cycles: Int
    package let sampleRate: Int
    /// Length of the lead-in, in samples (0 when it is off).
    let leadInSamples: Int64
    /// Length of the closing words, in samples.
    let closingSamples: Int64

    /// Lengths are numerators over `denominator` tenths of a second: `cycles - 1`, or 1 without a ramp.
    let denominator: Int64
    /// Per phase: the first cycle's length, as a numerator.
    let baseNumerators: [Int64]
    /// Per phase: how much the numerator grows each cycle (0 unless ramped).
    let stepNumerators: [Int64]

    /// Lays out a session. Fails when a ramp names a phase the pattern lacks, or the session would pass 24 hours.
    package static func make(
        pattern: BreathingPattern,
        ramps: [Ramp] = [],
        length: SessionLength = .default,
        sampleRate: Int,
        leadInTenths: Int = 30,
        closingTenths: Int = 30
    ) -> Result<SessionPlan, InputError> {
        var seen = Set<PhaseKind>()
        for ramp in ramps {
            guard seen.insert(ramp.kind).inserted else {
                return .failure(
                    InputError(Message(.errorRampTwice, ["field": .message(Message(NumberField.fieldKey(ramp.kind)))])))
            }
            guard pattern.firstIndex(of: ramp.kind) != nil else {
                return .failure(
                    InputError(
                        Message(.errorRampMissingPhase, ["field": .message(Message(NumberField.fieldKey(ramp.kind)))])))
            }
        }
        let base = Int64(pattern.cycleTenths)
        let growth = Int64(rampDeltas(pattern: pattern, ramps: ramps).reduce(0, +))
        let cycles: Int
        switch length {
        case .cycles(let count):
            cycles = count
        case .minutes(let hundredths):
            let target = Int64(hundredths) * 6 // a hundredth of a minute is six tenths of a second
            if base >= target {
                cycles = 1
            } else {
                // total(n) = n·B + n·D/2 tenths for n ≥ 2; take the smallest n with total(n) ≥ target.
                let perCycleTwice = 2 * base + growth
                cycles = Int(max(2, (2 * target + perCycleTwice - 1) / perCycleTwice))
            }
        }
        let plan = SessionPlan(
            pattern: pattern, ramps: ramps, cycles: cycles, sampleRate: sampleRate,
            leadInSamples: Int64(leadInTenths) * Int64(sampleRate) / 10,
            closingSamples: Int64(closingTenths) * Int64(sampleRate) / 10
        )
        // A length in minutes is capped at 24 hours by its own range (and may overrun it by less than one cycle).
        guard case .cycles = length, plan.breathingTenths > SessionLength.longestTenths else { return .success(plan) }
        return .failure(
            InputError(Message(.errorLengthTooLong, ["duration": .message(.duration(tenths: plan.breathingTenths))])))
    }

    init(
        pattern: BreathingPattern, ramps: [Ramp], cycles: Int, sampleRate: Int, leadInSamples: Int64,
        closingSamples: Int64
    ) {
        self.pattern = pattern
        self.ramps = ramps
        self.cycles = cycles
        self.sampleRate = sampleRate
        self.leadInSamples = leadInSamples
        self.closingSamples = closingSamples
        let rampsApply = cycles > 1 && !ramps.isEmpty
        let denominator = Int64(rampsApply ? cycles - 1 : 1)
        self.denominator = denominator
        baseNumerators = pattern.phases.map { Int64($0.tenths) * denominator }
        stepNumerators =
            rampsApply
            ? SessionPlan.rampDeltas(pattern: pattern, ramps: ramps).map(Int64.init) : pattern.phases.map { _ in 0 }
    }

    /// Per phase, target minus pattern value in tenths (0 for phases without a ramp). Only the first phase of a kind ramps.
    static func rampDeltas(pattern: BreathingPattern, ramps: [Ramp]) -> [Int] {
        var deltas = pattern.phases.map { _ in 0 }
        for ramp in ramps {
            if let index = pattern.firstIndex(of: ramp.kind) {
                deltas[index] = ramp.targetTenths - pattern.phases[index].tenths
            }
        }
        return deltas
    }

    /// The same session with a lead-in that lets the opening be heard whole before the first phase: `before` samples
    /// for what is said ahead of "Get ready" (a reminder's first sentence, the introduction a screen reader reads, the
    /// key hint), then "Get ready" (`getReady` samples) and the lead-in's own seconds, at least as long as "Get ready"
    /// and the gap after it. Without a lead-in and with nothing said before the first phase, the plan is unchanged.
    package func leadIn(covering before: Int64, getReady: Int64) -> SessionPlan {
        guard before > 0 || leadInSamples > 0 else { return self }
        let own = max(leadInSamples, getReady + CueLayout.gapSamples(sampleRate: sampleRate))
        return SessionPlan(
            pattern: pattern, ramps: ramps, cycles: cycles, sampleRate: sampleRate,
            leadInSamples: max(leadInSamples, max(0, before) + own), closingSamples: closingSamples)
    }

    /// The same session with a lead-in at least `samples` long: a screen reader reads the whole opening printed at once
    /// ("Get ready" too) in about that time, and the first phase follows it instead of the lead-in's own seconds.
    package func leadIn(reading samples: Int64) -> SessionPlan {
        guard samples > leadInSamples else { return self }
        return SessionPlan(
            pattern: pattern, ramps: ramps, cycles: cycles, sampleRate: sampleRate, leadInSamples: samples,
            closingSamples: closingSamples)
    }

    // MARK: Time on the plan

    /// Numerator of the time from the first breath to the start of a cycle (0-based).
    func cycleStartNumerator(_ cycleIndex: Int64) -> Int64 {
        let base = baseNumerators.reduce(0, +)
        let step = stepNumerators.reduce(0, +)
        return cycleIndex * base + step * (cycleIndex * (cycleIndex - 1) / 2)
    }

    /// Numerator of the time from the first breath to the start of a phase.
    func phaseStartNumerator(cycle: Int, index: Int) -> Int64 {
        let cycleIndex = Int64(cycle - 1)
        var numerator = cycleStartNumerator(cycleIndex)
        for earlier in 0..<index {
            numerator += baseNumerators[earlier] + stepNumerators[earlier] * cycleIndex
        }
        return numerator
    }

    /// Converts a numerator to samples, rounding half up: `round(numerator / denominator / 10 × rate)`.
    func samples(numerator: Int64) -> Int64 {
        let rate = Int64(sampleRate)
        return (2 * numerator * rate + 10 * denominator) / (20 * denominator)
    }

    /// Sample offset of the first breath.
    package var breathingStart: Int64 { leadInSamples }

    /// Sample offset where the last phase ends and the closing words begin.
    package var breathingEnd: Int64 {
        leadInSamples + samples(numerator: cycleStartNumerator(Int64(cycles)))
    }

    /// Sample offset where the session ends, after the closing words.
    package var totalSamples: Int64 { breathingEnd + closingSamples }

    /// Length of the breathing part (lead-in and closing excluded), in tenths of a second, rounded.
    package var breathingTenths: Int {
        let numerator = cycleStartNumerator(Int64(cycles))
        return Int((2 * numerator + denominator) / (2 * denominator))
    }

    /// The sample where a segment starts.
    package func start(of segment: Segment) -> Int64 {
        switch segment {
        case .leadIn: 0
        case .phase(let cycle, let index):
            leadInSamples + samples(numerator: phaseStartNumerator(cycle: cycle, index: index))
        case .closing: breathingEnd
        }
    }

    /// The sample where a segment ends (the start of the one after it).
    package func end(of segment: Segment) -> Int64 {
        switch segment {
        case .leadIn: leadInSamples
        case .phase(let cycle, let index):
            index + 1 < pattern.phases.count
                ? start(of: .phase(cycle: cycle, index: index + 1))
                : leadInSamples + samples(numerator: cycleStartNumerator(Int64(cycle)))
        case .closing: totalSamples
        }
    }

    /// The segment that follows, or nil after the closing words.
    func segment(after segment: Segment) -> Segment? {
        switch segment {
        case .leadIn: .phase(cycle: 1, index: 0)
        case .phase(let cycle, let index):
            if index + 1 < pattern.phases.count {
                .phase(cycle: cycle, index: index + 1)
            } else if cycle < cycles {
                .phase(cycle: cycle + 1, index: 0)
            } else {
                .closing
            }
        case .closing: nil
        }
    }

    /// The length of a phase in a given cycle, in tenths of a second, rounded (ramped phases change from cycle to cycle).
    func phaseTenths(cycle: Int, index: Int) -> Int {
        let numerator = baseNumerators[index] + stepNumerators[index] * Int64(cycle - 1)
        return Int((2 * numerator + denominator) / (2 * denominator))
    }

    /// The kind of a phase.
    package func kind(ofPhase index: Int) -> PhaseKind { pattern.phases[index].kind }
}

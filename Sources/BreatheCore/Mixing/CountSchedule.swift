/// When the seconds inside a phase are spoken ("two, three, four" in a four-second inhale).
///
/// Second k (from 2) is spoken at the phase's start plus k − 1 seconds. A number is skipped when its phrase would not end
/// before the next second (or the end of the phase), or when the phase name is still being spoken then: a count must
/// never blur into the next cue.
package enum CountSchedule {
    /// One spoken count: the number and its offset from the phase start, in samples.
    package struct Count: Hashable, Sendable {
        package var number: Int
        package var offset: Int64
    }

    /// - Parameters:
    ///   - phaseSamples: the phase's length in samples.
    ///   - nameSamples: from the phase start to the end of its spoken name (the tone and the gap before it included,
    ///     see `CueLayout`), in samples (0 when speech is off).
    ///   - countSamples: how long each number takes to say, in samples; nil for a number with no phrase.
    package static func counts(
        phaseSamples: Int64, sampleRate: Int, nameSamples: Int64, countSamples: (Int) -> Int64?
    ) -> [Count] {
        let rate = Int64(sampleRate)
        var result: [Count] = []
        var busyUntil = nameSamples
        var number = 2
        while Int64(number - 1) * rate < phaseSamples {
            let offset = Int64(number - 1) * rate
            let limit = min(offset + rate, phaseSamples)
            if let length = countSamples(number), offset >= busyUntil, offset + length <= limit {
                result.append(Count(number: number, offset: offset))
                busyUntil = offset + length
            }
            number += 1
        }
        return result
    }

    /// The largest number a plan can count to: the longest phase, in whole seconds rounded up.
    static func highestNumber(in plan: SessionPlan) -> Int {
        var longest = 0
        for cycle in [1, plan.cycles] {
            for index in plan.pattern.phases.indices {
                longest = max(longest, plan.phaseTenths(cycle: cycle, index: index))
            }
        }
        return (longest + 9) / 10
    }
}

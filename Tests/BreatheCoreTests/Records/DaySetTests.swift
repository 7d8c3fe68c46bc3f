import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// The practice days of `stats`: one bit a day, so that stats over any history take the same memory.
@Suite struct DaySetTests {
    @Test(arguments: [1 as UInt64, 2, 3])
    func holdsWhatASetHolds(seed: UInt64) {
        var random = SplitMix(state: seed)
        var days = DaySet()
        var expected: Set<Int> = []
        for _ in 0..<2_000 {
            // Mostly near each other, now and then far before or after (and before 1970).
            let day =
                Int.random(in: 0..<10, using: &random) == 0
                ? Int.random(in: -40_000...40_000, using: &random) : Int.random(in: 19_000..<19_400, using: &random)
            days.insert(day)
            expected.insert(day)
        }
        #expect(days.count == expected.count)
        var listed: [Int] = []
        days.forEach { listed.append($0) }
        #expect(listed == expected.sorted())
        for day in -40_100...40_100 where day % 7 == 0 || (19_000..<19_400).contains(day) {
            #expect(days.contains(day) == expected.contains(day), "\(day)")
        }
    }

    /// The same days, inserted in any order, make equal sets.
    @Test func theSameDaysAreEqualInAnyOrder() {
        var forward = DaySet()
        var backward = DaySet()
        let days = [-65, -64, -1, 0, 63, 64, 200]
        for day in days { forward.insert(day) }
        for day in days.reversed() { backward.insert(day) }
        backward.insert(0)
        #expect(forward == backward)
        #expect(forward.count == days.count)
        #expect(!forward.contains(1) && !forward.contains(-2) && !DaySet().contains(0))
    }
}

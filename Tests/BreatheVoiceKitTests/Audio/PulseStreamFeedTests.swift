import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The samples handed to the stream: whole and in order, the first write at once and the rest gathered into blocks as
/// large as libpulse takes, converted the same whatever the pieces they come in.
@Suite struct PulseStreamFeedTests {
    static func tone(_ count: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000) }
    }

    /// A block: the most handed over at once, at the stream's rate.
    static let block = PulseStreamFeed.blockBytes / 2

    @Test func theFirstWriteGoesAtOnceAndTheRestInWholeBlocks() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        let samples = Self.tone(10_000 + 3 * 20_000)
        var out: [[Int16]] = []
        try feed.feed(samples[..<10_000]) { out.append(Array($0)) }
        #expect(out.map(\.count) == [10_000] && feed.waiting == 0 && feed.sent == 10_000)
        for start in stride(from: 10_000, to: samples.count, by: 20_000) {
            try feed.feed(samples[start..<start + 20_000]) { out.append(Array($0)) }
        }
        // The runner's writes gathered: a block as it fills, the rest waiting (not sent) until the session sleeps.
        #expect(out.map(\.count) == [10_000, Self.block], "\(out.map(\.count))")
        #expect(feed.waiting == 60_000 - Self.block && feed.sent == feed.written - Int64(feed.waiting))
        // The room offered counts what waits.
        #expect(feed.samples(forBytes: 2 * feed.waiting + 1000) == 500)
        #expect(feed.samples(forBytes: 2 * feed.waiting) == 0)
        try feed.handOver { out.append(Array($0)) }
        try feed.handOver { out.append(Array($0)) }
        #expect(out.flatMap { $0 } == samples)
        #expect(out.map(\.count) == [10_000, Self.block, 60_000 - Self.block])
        #expect(feed.written == 70_000 && feed.sent == 70_000 && feed.waiting == 0)
    }

    @Test func convertedSamplesAreTheConvertersOutputInWholeBlocks() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        let samples = Self.tone(88_200) // 4 s, in the runner's quarters of a second
        var out: [[Int16]] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + 5_512)
            try feed.feed(samples[start..<end]) { out.append(Array($0)) }
            #expect(feed.sent <= feed.written)
            start = end
        }
        try feed.finish { out.append(Array($0)) }
        #expect(feed.sent == feed.written && feed.waiting == 0)
        var converter = RateConverter(from: 22_050, to: 48_000)
        var expected: [Int16] = []
        samples.withUnsafeBufferPointer { converter.convert($0, into: &expected) }
        converter.finish(into: &expected)
        #expect(out.flatMap { $0 } == expected)
        // The first quarter of a second at once, then whole blocks, then the rest: 7 blocks for 4 s at 48 kHz where
        // pieces of 4 096 of ours were 23.
        #expect(out.dropFirst().dropLast().allSatisfy { $0.count == Self.block }, "\(out.map(\.count))")
        #expect(out.count == 2 + (expected.count - out[0].count) / Self.block, "\(out.map(\.count))")
        #expect(out.count == 7)
        // Room in the stream's samples is asked in ours, rounded up.
        #expect(feed.samples(forBytes: 2) == 1)
        #expect(feed.samples(forBytes: 96_000) == 22_050)
    }

    @Test func aRestartDropsWhatWaitsAndWhatTheConverterHeld() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        var out: [[Int16]] = []
        try feed.feed(Self.tone(1_000)[...]) { out.append(Array($0)) }
        try feed.feed(Self.tone(1_000)[...]) { out.append(Array($0)) }
        #expect(feed.sent < feed.written && feed.waiting > 0 && out.count == 1)
        feed.restart()
        #expect(feed.sent == feed.written && feed.waiting == 0)
        // The first write after a flush goes at once (a key is heard at once); nothing from before it follows.
        var after: [[Int16]] = []
        try feed.feed(Self.tone(500)[...]) { after.append(Array($0)) }
        #expect(feed.waiting == 0 && after.count == 1)
        var converter = RateConverter(from: 22_050, to: 48_000)
        var expected: [Int16] = []
        Self.tone(500).withUnsafeBufferPointer { converter.convert($0, into: &expected) }
        #expect(after[0] == expected)
    }
}

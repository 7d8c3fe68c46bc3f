import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The samples handed to the stream: whole, in blocks under the pool's largest, converted the same whatever the
/// pieces they come in.
@Suite struct PulseStreamFeedTests {
    static func tone(_ count: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000) }
    }

    @Test func atTheSessionsRateSamplesGoOutAsTheyAreInBlocksUnderTheLimit() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        let samples = Self.tone(100_000)
        var out: [[Int16]] = []
        try feed.feed(samples[...]) { out.append(Array($0)) }
        #expect(out.flatMap { $0 } == samples)
        #expect(out.allSatisfy { $0.count <= PulseStreamFeed.blockSamples })
        #expect(out.count == (100_000 + PulseStreamFeed.blockSamples - 1) / PulseStreamFeed.blockSamples)
        #expect(feed.written == 100_000 && feed.sent == 100_000)
        #expect(feed.samples(forBytes: 1000) == 500)
    }

    @Test func convertedSamplesAreTheConvertersInFewBlocks() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        let samples = Self.tone(88_200) // 4 s
        var out: [[Int16]] = []
        try feed.feed(samples[...]) { out.append(Array($0)) }
        try feed.finish { out.append(Array($0)) }
        var converter = RateConverter(from: 22_050, to: 48_000)
        var expected: [Int16] = []
        samples.withUnsafeBufferPointer { converter.convert($0, into: &expected) }
        converter.finish(into: &expected)
        #expect(out.flatMap { $0 } == expected)
        #expect(out.allSatisfy { $0.count <= PulseStreamFeed.blockSamples })
        // 192 000 samples at 48 kHz: six full blocks and the rest, then what the converter held.
        #expect(out.count <= 8, "\(out.count) blocks")
        // Room in the stream's samples is asked in ours, rounded up.
        #expect(feed.samples(forBytes: 2) == 1)
        #expect(feed.samples(forBytes: 96_000) == 22_050)
    }

    @Test func aRestartDropsWhatTheConverterHeld() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        try feed.feed(Self.tone(1_000)[...]) { _ in }
        #expect(feed.sent < feed.written)
        feed.restart()
        #expect(feed.sent == feed.written)
    }
}

import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The samples handed to the stream: whole, a piece at a time, converted the same whatever the pieces they come in.
@Suite struct PulseStreamFeedTests {
    static func tone(_ count: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000) }
    }

    @Test func atTheSessionsRateSamplesGoOutAsTheyAreAPieceAtATime() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        let samples = Self.tone(10_000)
        var out: [[Int16]] = []
        try feed.feed(samples[...]) { out.append(Array($0)) }
        #expect(out.flatMap { $0 } == samples)
        #expect(out.map(\.count) == [4096, 4096, 1808])
        #expect(feed.written == 10_000 && feed.sent == 10_000)
        #expect(feed.samples(forBytes: 1000) == 500)
    }

    @Test func convertedSamplesAreTheConvertersOutput() throws {
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
        // One piece for every 4 096 of ours, then what the converter held.
        #expect(out.count == (88_200 + 4095) / 4096 + 1, "\(out.count) pieces")
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

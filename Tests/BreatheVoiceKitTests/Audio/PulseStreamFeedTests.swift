import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
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
        try feed.feed(samples[..<10_000]) { piece, _ in out.append(Array(piece)) }
        #expect(out.map(\.count) == [10_000] && feed.waiting == 0 && feed.sent == 10_000)
        for start in stride(from: 10_000, to: samples.count, by: 20_000) {
            try feed.feed(samples[start..<start + 20_000]) { piece, _ in out.append(Array(piece)) }
        }
        // The runner's writes gathered: a block as it fills, the rest waiting (not sent) until the session sleeps.
        #expect(out.map(\.count) == [10_000, Self.block], "\(out.map(\.count))")
        #expect(feed.waiting == 60_000 - Self.block && feed.sent == feed.written - Int64(feed.waiting))
        // The room offered counts what waits.
        #expect(feed.samples(forBytes: 2 * feed.waiting + 1000) == 500)
        #expect(feed.samples(forBytes: 2 * feed.waiting) == 0)
        try feed.handOver { piece, _ in out.append(Array(piece)) }
        try feed.handOver { piece, _ in out.append(Array(piece)) }
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
            try feed.feed(samples[start..<end]) { piece, _ in out.append(Array(piece)) }
            #expect(feed.sent <= feed.written)
            start = end
        }
        try feed.finish { piece, _ in out.append(Array(piece)) }
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
        try feed.feed(Self.tone(1_000)[...]) { piece, _ in out.append(Array(piece)) }
        try feed.feed(Self.tone(1_000)[...]) { piece, _ in out.append(Array(piece)) }
        #expect(feed.sent < feed.written && feed.waiting > 0 && out.count == 1)
        feed.restart()
        #expect(feed.sent == feed.written && feed.waiting == 0)
        // The first write after a flush goes at once (a key is heard at once); nothing from before it follows.
        var after: [[Int16]] = []
        try feed.feed(Self.tone(500)[...]) { piece, _ in after.append(Array(piece)) }
        #expect(feed.waiting == 0 && after.count == 1)
        var converter = RateConverter(from: 22_050, to: 48_000)
        var expected: [Int16] = []
        Self.tone(500).withUnsafeBufferPointer { converter.convert($0, into: &expected) }
        #expect(after[0] == expected)
    }

    // MARK: Silence as jumps

    /// What the stream plays from what was handed over: each jump as that much silence, then the block.
    struct Played {
        var samples: [Int16] = []
        var blocks: [Int] = []
        var jumps: [Int] = []

        mutating func take(_ block: ArraySlice<Int16>, _ jump: Int) {
            #expect(!block.isEmpty, "a write of nothing carries no jump")
            samples += repeatElement(0, count: jump)
            samples += block
            blocks.append(block.count)
            jumps.append(jump)
        }
    }

    /// A feed that skips silence, its first write (which goes at once) made: `played` holds it.
    static func primed(_ rate: Int = 22_050) throws -> (PulseStreamFeed, Played, [Int16]) {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: rate)
        feed.jumps = .anywhere
        var played = Played()
        let first = Self.tone(10)
        try feed.feed(first[...]) { played.take($0, $1) }
        return (feed, played, first)
    }

    @Test func aLongSilenceIsAJumpCarriedByTheSoundAfterIt() throws {
        var (feed, played, first) = try Self.primed()
        let samples = Self.tone(1_000) + Array(repeating: 0, count: 40_000) + Self.tone(40_000)
        try feed.feed(samples[...]) { played.take($0, $1) }
        // The sound short of a block waits, and counts as not sent.
        let waiting = 40_000 - Self.block
        #expect(feed.waiting == waiting && feed.sent == feed.written - Int64(waiting))
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == first + samples)
        #expect(played.jumps == [0, 0, 40_000, 0] && played.blocks == [10, 1_000, Self.block, waiting])
        #expect(feed.sent == feed.written && feed.waiting == 0)
    }

    @Test func aShortSilenceWithinSoundGoesAsSamples() throws {
        var (feed, played, first) = try Self.primed()
        let samples =
            Self.tone(1_000) + Array(repeating: 0, count: Self.block - 1) + Self.tone(3_000)
            + Array(repeating: 0, count: 300) + Self.tone(10)
        try feed.feed(samples[...]) { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == first + samples)
        #expect(played.jumps.allSatisfy { $0 == 0 } && played.blocks == [10, Self.block, samples.count - Self.block])
    }

    /// The runner writes a quarter of a second at a time: a silence across its writes is one jump, handed over with
    /// its last sample when the session is about to sleep (so that the server's queue holds all the time written);
    /// the room offered counts what waits.
    @Test func aSilenceAcrossWritesIsOneJumpCarriedByItsLastSample() throws {
        var (feed, played, first) = try Self.primed()
        var samples = first + Self.tone(2_000)
        try feed.feed(samples[first.count...]) { played.take($0, $1) }
        for _ in 0..<8 {
            let quarter = [Int16](repeating: 0, count: 5_512)
            try feed.feed(quarter[...]) { played.take($0, $1) }
            samples += quarter
        }
        #expect(played.blocks == [10])
        #expect(feed.waiting == 2_000 + 8 * 5_512)
        #expect(feed.samples(forBytes: 2 * (feed.waiting + 100)) == 100)
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == samples)
        #expect(played.jumps == [0, 0, 8 * 5_512 - 1] && played.blocks == [10, 2_000, 1])
        // A short silence after everything was sent is a jump too, carried by its last sample (a block of one, not
        // one of silence); then nothing waits, and nothing more is sent.
        let short = [Int16](repeating: 0, count: 20)
        try feed.feed(short[...]) { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == samples + short && played.blocks.last == 1 && played.jumps.last == 19)
        #expect(played.blocks.count == 4)
    }

    /// A phase rendered ahead: the silence before its sound, however short, is a jump when nothing waits before it
    /// (the block begins there, so no block is split), and the sound goes in as few blocks as it fills. Within
    /// sound, a short silence stays samples (`aShortSilenceWithinSoundGoesAsSamples`).
    @Test func aSilenceBeforeSoundWithNothingWaitingIsAJumpHoweverShort() throws {
        var (feed, played, first) = try Self.primed()
        // 300 samples of silence, then sound and a short silence within it: one block after a jump.
        let samples = Array(repeating: 0, count: 300) + Self.tone(10_000) + Array(repeating: 0, count: 2_000)
        try feed.feed(samples[...]) { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == first + samples)
        #expect(played.blocks == [10, 12_000] && played.jumps == [0, 300], "\(played.blocks) \(played.jumps)")
        // Everything sent: 20 samples of silence before the next sound are a jump too.
        let next = Array(repeating: 0, count: 20) + Self.tone(5)
        try feed.feed(next[...]) { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == first + samples + next)
        #expect(played.blocks.last == 5 && played.jumps.last == 20 && feed.sent == feed.written)
    }

    /// A session's shape at 48 kHz: what the stream plays is the converter's output, silence included, in a few blocks.
    @Test func aConvertedSessionPlaysTheConvertersOutputInAFewBlocks() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        feed.jumps = .anywhere
        // A cue, 3 s of silence, a cue, 2 s of silence, in the runner's quarters of a second.
        let samples =
            Self.tone(8_000) + Array(repeating: 0, count: 66_150) + Self.tone(8_000)
            + Array(repeating: 0, count: 44_100)
        var played = Played()
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + 5_512)
            try feed.feed(samples[start..<end]) { played.take($0, $1) }
            #expect(feed.sent <= feed.written)
            start = end
        }
        try feed.finish { played.take($0, $1) }
        #expect(feed.sent == feed.written && feed.waiting == 0)
        var converter = RateConverter(from: 22_050, to: 48_000)
        var expected: [Int16] = []
        samples.withUnsafeBufferPointer { converter.convert($0, into: &expected) }
        converter.finish(into: &expected)
        #expect(played.samples == expected)
        // The first quarter of a second at once, the rest of the first cue, the second cue and the last silence's
        // sample: where its samples would have been 8 blocks.
        #expect(played.blocks.count == 4, "\(played.blocks)")
        #expect(played.blocks.reduce(0, +) * 4 < expected.count)
    }

    @Test func aFlushDropsTheJumpThatWaits() throws {
        var (feed, played, _) = try Self.primed(48_000)
        try feed.feed((Self.tone(500) + Array(repeating: 0, count: 40_000))[...]) { played.take($0, $1) }
        #expect(feed.waiting > 0)
        feed.restart()
        #expect(feed.sent == feed.written && feed.waiting == 0)
        var after = Played()
        try feed.feed(Self.tone(500)[...]) { after.take($0, $1) }
        try feed.handOver { after.take($0, $1) }
        #expect(!after.blocks.isEmpty && after.jumps.allSatisfy { $0 == 0 }, "\(after.jumps)")
    }
}

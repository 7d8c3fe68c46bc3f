import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The samples handed to the stream: whole, a piece at a time, converted the same whatever the pieces they come in;
/// silence as jumps where the server plays them as silence, and what the stream plays the same either way.
@Suite struct PulseStreamFeedTests {
    static func tone(_ count: Int) -> [Int16] {
        (0..<count).map { Int16(truncatingIfNeeded: ($0 * 37) % 2000 - 1000) }
    }

    @Test func atTheSessionsRateSamplesGoOutAsTheyAreAPieceAtATime() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        let samples = Self.tone(10_000)
        var out: [[Int16]] = []
        try feed.feed(samples[...]) { piece, _ in out.append(Array(piece)) }
        #expect(out.flatMap { $0 } == samples)
        #expect(out.map(\.count) == [4096, 4096, 1808])
        #expect(feed.written == 10_000 && feed.sent == 10_000)
        #expect(feed.samples(forBytes: 1000) == 500)
    }

    @Test func convertedSamplesAreTheConvertersOutput() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        let samples = Self.tone(88_200) // 4 s
        var out: [[Int16]] = []
        try feed.feed(samples[...]) { piece, _ in out.append(Array(piece)) }
        try feed.finish { piece, _ in out.append(Array(piece)) }
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
        try feed.feed(Self.tone(1_000)[...]) { _, _ in }
        #expect(feed.sent < feed.written)
        feed.restart()
        #expect(feed.sent == feed.written)
    }

    /// What the stream plays from what was handed over: each jump as that much silence, then the piece.
    struct Played {
        var samples: [Int16] = []
        var pieces: [Int] = []
        var jumps: [Int] = []

        mutating func take(_ piece: ArraySlice<Int16>, _ jump: Int) {
            #expect(!piece.isEmpty, "a write of nothing carries no jump")
            samples += repeatElement(0, count: jump)
            samples += piece
            pieces.append(piece.count)
            jumps.append(jump)
        }
    }

    @Test func aLongSilenceIsAJumpCarriedByTheSoundAfterIt() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.skipsSilence = true
        let samples = Self.tone(1_000) + Array(repeating: 0, count: 10_000) + Self.tone(5_000)
        var played = Played()
        try feed.feed(samples[...]) { played.take($0, $1) }
        // The last sound short of a piece waits for more, and counts as not sent.
        #expect(feed.waiting == 904 && feed.sent == 16_000 - 904)
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == samples)
        #expect(played.jumps == [0, 10_000, 0], "\(played.jumps)")
        #expect(played.pieces == [1_000, 4_096, 904], "\(played.pieces)")
        #expect(feed.written == 16_000 && feed.sent == 16_000 && feed.waiting == 0)
    }

    @Test func aShortSilenceWithinSoundGoesAsSamples() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.skipsSilence = true
        // Silences shorter than a piece, one across the boundary of the pieces the input comes in.
        let samples =
            Self.tone(1_000) + Array(repeating: 0, count: 4_095) + Self.tone(3_000) + Array(repeating: 0, count: 300)
            + Self.tone(10)
        var played = Played()
        try feed.feed(samples[...]) { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == samples)
        #expect(played.jumps.allSatisfy { $0 == 0 }, "\(played.jumps)")
        #expect(played.pieces.allSatisfy { $0 <= PulseStreamFeed.pieceSamples }, "\(played.pieces)")
    }

    /// The runner writes a quarter of a second at a time: a silence across many writes is one jump, handed over with
    /// its last sample when the session is about to sleep; the room offered counts what waits.
    @Test func aSilenceAcrossWritesIsOneJumpHandedOverBeforeASleep() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.skipsSilence = true
        var played = Played()
        var samples = Self.tone(2_000)
        try feed.feed(samples[...]) { played.take($0, $1) }
        for _ in 0..<8 {
            let quarter = [Int16](repeating: 0, count: 5_512)
            try feed.feed(quarter[...]) { played.take($0, $1) }
            samples += quarter
        }
        #expect(played.pieces.isEmpty, "\(played.pieces)")
        #expect(feed.waiting == 2_000 + 8 * 5_512)
        #expect(feed.samples(forBytes: 2 * (feed.waiting + 100)) == 100)
        #expect(feed.samples(forBytes: 2 * feed.waiting) == 0)
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == samples)
        #expect(played.jumps == [0, 8 * 5_512 - 1] && played.pieces == [2_000, 1], "\(played.jumps) \(played.pieces)")
        // A silence short enough goes as samples; nothing waits, nothing is sent.
        let short = [Int16](repeating: 0, count: 20)
        try feed.feed(short[...]) { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        try feed.handOver { played.take($0, $1) }
        #expect(played.samples == samples + short)
        #expect(played.jumps.last == 0 && played.pieces.last == 20)
    }

    @Test func convertedSilenceIsAJumpAndTheRestTheConvertersOutput() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        feed.skipsSilence = true
        // A session's shape: a cue, 3 s of silence, a cue, 2 s of silence, in quarters of a second.
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
        let sent = played.pieces.reduce(0, +)
        #expect(sent * 3 < expected.count, "\(sent) of \(expected.count) samples sent")
        #expect(played.pieces.allSatisfy { $0 <= feed.shortestJump }, "\(played.pieces)")
        #expect(played.jumps.filter { $0 > 0 }.allSatisfy { $0 >= feed.shortestJump - 1 }, "\(played.jumps)")
        // Two cues of 8 000 (17 415 at 48 kHz: two pieces each) and the last silence's sample: five blocks.
        #expect(played.pieces.count <= 6, "\(played.pieces)")
    }

    @Test func withoutSkippingSilenceGoesAsSamples() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        let samples = Self.tone(100) + Array(repeating: 0, count: 10_000)
        var played = Played()
        try feed.feed(samples[...]) { played.take($0, $1) }
        #expect(feed.waiting == 0)
        #expect(played.samples == samples && played.jumps.allSatisfy { $0 == 0 })
        #expect(played.pieces == [4_096, 4_096, 1_908])
    }

    @Test func aFlushDropsWhatWaits() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 48_000)
        feed.skipsSilence = true
        var played = Played()
        try feed.feed((Self.tone(500) + Array(repeating: 0, count: 20_000))[...]) { played.take($0, $1) }
        #expect(feed.waiting > 0)
        feed.restart()
        #expect(feed.sent == feed.written && feed.waiting == 0)
        var after = Played()
        try feed.feed(Self.tone(500)[...]) { after.take($0, $1) }
        try feed.handOver { after.take($0, $1) }
        #expect(after.jumps.allSatisfy { $0 == 0 }, "a jump from before the flush carried on: \(after.jumps)")
    }
}

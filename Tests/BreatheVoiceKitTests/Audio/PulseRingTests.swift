import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The map of what PipeWire's ring (before 1.2.8) may hold sound at, and the feed that jumps only over its silence:
/// against a model of that ring, what is heard is what was meant, however often the ring wraps or a flush drops sound
/// written ahead.
@Suite struct PulseRingTests {
    static let ring = PulseRing.bytes

    @Test func soundMarksItsPositionsAndSilenceClearsThem() {
        var map = PulseRing()
        map.wrote(at: 100, count: 50, sound: true)
        map.wrote(at: 150, count: 10, sound: true)
        map.wrote(at: 400, count: 100, sound: true)
        #expect(map.dirty == [100..<160, 400..<500])
        map.wrote(at: 120, count: 300, sound: false)
        #expect(map.dirty == [100..<120, 420..<500])
        // A position a lap or more later is the same place in the ring.
        map.wrote(at: 3 * Self.ring + 90, count: 40, sound: false)
        #expect(map.dirty == [420..<500])
        // A write across the ring's end marks both ends.
        map.wrote(at: Self.ring - 10, count: 30, sound: true)
        #expect(map.dirty == [0..<20, 420..<500, Self.ring - 10..<Self.ring])
        map.wrote(at: 0, count: Self.ring, sound: false)
        #expect(map.dirty.isEmpty)
    }

    @Test func aFlushWidensWhatMayHoldSoundOnBothSidesAcrossTheRingsEnd() {
        var map = PulseRing()
        map.wrote(at: 200_000, count: 100, sound: true)
        map.wrote(at: 10, count: 20, sound: true)
        map.widen(by: 1_000)
        #expect(map.dirty == [0..<1_030, 199_000..<201_100, Self.ring - 990..<Self.ring])
        var clean = PulseRing()
        clean.widen()
        #expect(clean.dirty.isEmpty)
    }

    @Test func theDirtyPartsOfARangeAreInTheStreamsPositionsOnEveryLap() {
        var map = PulseRing()
        map.wrote(at: 1_000, count: 100, sound: true)
        #expect(map.dirtyParts(from: 0, count: 1_000).isEmpty)
        #expect(map.dirtyParts(from: 1_050, count: 1_000) == [1_050..<1_100])
        let lap = Self.ring
        #expect(
            map.dirtyParts(from: 500, count: 2 * lap)
                == [1_000..<1_100, lap + 1_000..<lap + 1_100])
        #expect(map.dirtyParts(from: 5 * lap + 1_020, count: 10) == [5 * lap + 1_020..<5 * lap + 1_030])
    }

    // MARK: The feed against the ring

    /// PipeWire's pulse server before 1.2.8, as far as what is heard goes: a ring of `PulseRing.bytes`, written at the
    /// write index (a jump moves it and writes nothing), read in order up to it, right after each write unless told
    /// to lag (`follows`); a flush moves the write index back to the read index, dropping nothing from the ring itself.
    struct StaleRing {
        var ring = [Int16](repeating: 0, count: Int(PulseRing.bytes / 2))
        var writeIndex = 0
        var readIndex = 0
        var follows = true
        var heard: [Int16] = []
        var sent = 0

        mutating func take(_ block: ArraySlice<Int16>, _ jump: Int) {
            writeIndex += jump
            for sample in block {
                ring[writeIndex % ring.count] = sample
                writeIndex += 1
            }
            sent += block.count
            if follows { playAll() }
        }

        /// Plays everything written: what the ring holds, jumps included.
        mutating func playAll() { play(upTo: writeIndex) }

        mutating func play(upTo index: Int) {
            while readIndex < index {
                heard.append(ring[readIndex % ring.count])
                readIndex += 1
            }
        }

        mutating func flush() { writeIndex = readIndex }
    }

    static func tone(_ count: Int) -> [Int16] { PulseStreamFeedTests.tone(count) }

    /// Feeds `samples` as the runner does: a quarter of a second at a time, what waits handed over before each sleep
    /// (every 4 s, a phase) and at the end.
    static func feed(_ samples: [Int16], to feed: inout PulseStreamFeed, server: inout StaleRing) throws {
        var start = 0
        var writes = 0
        while start < samples.count {
            let end = min(samples.count, start + 5_512)
            try feed.feed(samples[start..<end]) { server.take($0, $1) }
            writes += 1
            if writes % 16 == 0 || end == samples.count { try feed.handOver { server.take($0, $1) } }
            start = end
        }
    }

    /// Where `heard` first differs from `meant` (nil when they are the same), without printing either.
    static func firstDifference(_ heard: [Int16], _ meant: [Int16]) -> String? {
        guard heard != meant else { return nil }
        let index =
            (0..<min(heard.count, meant.count)).first { heard[$0] != meant[$0] } ?? min(heard.count, meant.count)
        return "heard \(heard.count) samples, meant \(meant.count); first difference at \(index)"
    }

    /// A session longer than the ring: the tone written first would come back where the ring wraps, had the silence
    /// there been jumped over; it is sent as samples there, and every other silence is jumped.
    @Test(arguments: [PulseJumps.Mode.overSilence, .anywhere])
    func aJumpNeverPlaysWhatTheRingHeldALapAgo(mode: PulseJumps.Mode) throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.jumps = mode
        var server = StaleRing()
        let lap = Int(PulseRing.bytes / 2)
        let meant =
            Self.tone(4_000) + [Int16](repeating: 0, count: 30_000) + Self.tone(2_000)
            + [Int16](repeating: 0, count: 2 * lap) + Self.tone(1_000)
        try Self.feed(meant, to: &feed, server: &server)
        server.playAll()
        if mode == .anywhere {
            // The ring's stale sound is heard: the model tells the two apart.
            #expect(Self.firstDifference(server.heard, meant) != nil)
        } else {
            #expect(
                Self.firstDifference(server.heard, meant) == nil, "\(Self.firstDifference(server.heard, meant) ?? "")")
            // The silence went as jumps but for the laps' returns to the tones (and a sample carrying each jump).
            #expect(server.sent < meant.count / 100, "\(server.sent) samples sent")
            #expect(feed.jumps == .overSilence)
        }
    }

    /// A tone written ahead and flushed before it was heard stays in the ring: after the flush, the write index is the
    /// read index, and the silence written on over the tone's place must not be a jump there.
    @Test func aSoundFlushedUnheardIsNeverHeardLater() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.jumps = .overSilence
        var server = StaleRing()
        server.follows = false
        try Self.feed(
            Self.tone(1_000) + [Int16](repeating: 0, count: 20_000) + Self.tone(3_000), to: &feed, server: &server)
        // Heard up to the silence's middle; the second tone, queued, is dropped.
        server.play(upTo: 11_000)
        server.flush()
        feed.restart()
        #expect(feed.position == nil)
        feed.learnPosition(Int64(server.writeIndex * 2))
        server.follows = true
        let after = [Int16](repeating: 0, count: 60_000) + Self.tone(500)
        try Self.feed(after, to: &feed, server: &server)
        server.playAll()
        let meant = Self.tone(1_000) + [Int16](repeating: 0, count: 10_000) + after
        #expect(Self.firstDifference(server.heard, meant) == nil, "\(Self.firstDifference(server.heard, meant) ?? "")")
        #expect(feed.jumps == .overSilence)
    }

    /// PipeWire's pulse server reports, after a flush, the write index its main thread last knew, which may lag the
    /// ring's own by a cycle or more under load: the feed counts from the report, the bytes land further on. The
    /// sound flushed unheard, and the tone before it, are still never heard from the ring.
    @Test(arguments: [0, 256, 2_048, 32_000])
    func aFlushReportedBehindWhereTheServerWritesNeverPlaysWhatTheRingHeld(lagSamples: Int) throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.jumps = .overSilence
        var server = StaleRing()
        server.follows = false
        let lap = Int(PulseRing.bytes / 2)
        try Self.feed(
            Self.tone(1_000) + [Int16](repeating: 0, count: 80_000) + Self.tone(3_000), to: &feed, server: &server)
        server.play(upTo: 70_000)
        server.flush()
        feed.restart()
        feed.learnPosition(Int64((server.writeIndex - lagSamples) * 2))
        server.follows = true
        // On past the flushed tone, and a lap later past the first one.
        let after = [Int16](repeating: 0, count: lap + 20_000) + Self.tone(500)
        try Self.feed(after, to: &feed, server: &server)
        server.playAll()
        let meant = Self.tone(1_000) + [Int16](repeating: 0, count: 69_000) + after
        #expect(Self.firstDifference(server.heard, meant) == nil, "\(Self.firstDifference(server.heard, meant) ?? "")")
        #expect(feed.jumps == .overSilence)
        #expect(server.sent < meant.count / 10, "\(server.sent) samples sent")
    }

    /// Where the stream's bytes go is lost (a flush whose write index the server never said, or said otherwise than
    /// counted): jumps stop for the stream, and its silence goes as samples.
    @Test func aPositionNotKnownStopsTheJumps() throws {
        var feed = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        feed.jumps = .overSilence
        var server = StaleRing()
        try Self.feed(Self.tone(1_000), to: &feed, server: &server)
        feed.learnPosition(Int64(server.writeIndex * 2))
        #expect(feed.jumps == .overSilence)
        feed.restart()
        try Self.feed(
            Self.tone(100) + [Int16](repeating: 0, count: 40_000) + Self.tone(100), to: &feed, server: &server)
        #expect(feed.jumps == .never)
        server.playAll()
        let meant = Self.tone(1_000) + Self.tone(100) + [Int16](repeating: 0, count: 40_000) + Self.tone(100)
        #expect(Self.firstDifference(server.heard, meant) == nil, "\(Self.firstDifference(server.heard, meant) ?? "")")

        var other = PulseStreamFeed(inputRate: 22_050, streamRate: 22_050)
        other.jumps = .overSilence
        other.learnPosition(2)
        #expect(other.jumps == .never, "a write index other than the one counted")
    }
}

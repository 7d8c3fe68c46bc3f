import Testing

@testable import BreatheCore
@testable import BreatheTestSupport

/// A session met twice in a history read in time order (the same id, the same start) is handed over once, the first
/// time (`SameSecondRun`); `--last N` counts each session once and starts at the first copy (`NewestSessions`).
@Suite struct SameSecondRunTests {
    /// One record read: its start second and its id (plain when it is plain ASCII without escapes, as a line holds it).
    struct Read: CustomStringConvertible {
        var second: Int
        var id: String
        var plain = true

        var description: String { "\(second)/\(id)\(plain ? "" : " (escaped)")" }
    }

    static func repeats(_ run: inout SameSecondRun, _ read: Read) -> Bool {
        var bytes = Array(read.id.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            run.repeats(second: read.second, plain: read.plain ? UnsafeBufferPointer(buffer) : nil) { read.id }
        }
    }

    static let cases: [(name: String, reads: [Read], repeats: [Bool])] = [
        ("one session", [Read(second: 10, id: "a")], [false]),
        ("one session twice", [Read(second: 10, id: "a"), Read(second: 10, id: "a")], [false, true]),
        (
            "two sessions in one second, each twice",
            [
                Read(second: 10, id: "a"), Read(second: 10, id: "b"), Read(second: 10, id: "b"),
                Read(second: 10, id: "a"),
            ], [false, false, true, true]
        ),
        (
            "the same id in another second is another session",
            [Read(second: 10, id: "a"), Read(second: 11, id: "a"), Read(second: 11, id: "a")], [false, false, true]
        ),
        (
            "a run ends at a new second",
            [Read(second: 10, id: "a"), Read(second: 11, id: "b"), Read(second: 10, id: "a")], [false, false, false]
        ),
        (
            "an escaped id is the id it reads as",
            [Read(second: 10, id: "ab"), Read(second: 10, id: "ab", plain: false)], [false, true]
        ),
        (
            "a plain id after an escaped one",
            [Read(second: 10, id: "ab", plain: false), Read(second: 10, id: "ab")], [false, true]
        ),
        (
            "canonically equal ids are one",
            [Read(second: 10, id: "caf\u{E9}", plain: false), Read(second: 10, id: "cafe\u{301}", plain: false)],
            [false, true]
        ),
        (
            "ids of different lengths, and the empty id",
            [
                Read(second: 10, id: "abc"), Read(second: 10, id: "ab"), Read(second: 10, id: ""),
                Read(second: 10, id: ""),
            ],
            [false, false, false, true]
        ),
    ]

    @Test(arguments: cases)
    func aSessionMetAgainInItsSecondRepeats(name: String, reads: [Read], repeats: [Bool]) {
        var run = SameSecondRun()
        #expect(reads.map { Self.repeats(&run, $0) } == repeats, "\(name)")
    }

    /// Reads `reads` (oldest first) back from the newest as `history --last count` does, then forward from where that
    /// stopped, leaving out the surplus and the repeats: the ids handed over.
    static func newest(_ count: Int, of reads: [Read]) -> [String] {
        var finder = NewestSessions(count: count)
        var first = reads.count
        for index in reads.indices.reversed() {
            var bytes = Array(reads[index].id.utf8)
            let more = bytes.withUnsafeMutableBufferPointer { buffer in
                finder.reads(second: reads[index].second, plain: UnsafeBufferPointer(buffer)) { reads[index].id }
            }
            guard more else { break }
            first = index
        }
        var surplus = finder.surplus
        var run = SameSecondRun()
        var handed: [String] = []
        for read in reads[first...] where !repeats(&run, read) {
            if surplus > 0 {
                surplus -= 1
            } else {
                handed.append(read.id)
            }
        }
        return handed
    }

    /// Every session once, in time order, the first copy kept: what `history` lists.
    static func listed(_ reads: [Read]) -> [String] {
        var run = SameSecondRun()
        return reads.filter { !repeats(&run, $0) }.map(\.id)
    }

    @Test func theNewestAreCountedOnceAndTheirSecondIsReadWhole() {
        let reads = [
            Read(second: 1, id: "a"), Read(second: 2, id: "b"), Read(second: 2, id: "c"), Read(second: 2, id: "b"),
            Read(second: 3, id: "d"), Read(second: 3, id: "d"), Read(second: 4, id: "e"),
        ]
        #expect(Self.listed(reads) == ["a", "b", "c", "d", "e"])
        for count in 0...7 {
            #expect(Self.newest(count, of: reads) == Array(Self.listed(reads).suffix(count)), "\(count)")
        }
    }

    /// Random histories in time order, many sessions sharing seconds and met twice: `--last N` hands over the last N
    /// sessions `history` lists, for every N.
    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func theNewestAreTheLastOfTheList(seed: UInt64) {
        var random = SplitMix(state: seed)
        var reads: [Read] = []
        var second = 0
        for _ in 0..<300 {
            second += Int.random(in: 0..<3, using: &random)
            let id = "s\(Int.random(in: 0..<6, using: &random))"
            reads.append(Read(second: second, id: id))
        }
        let listed = Self.listed(reads)
        #expect(listed.count < 300 && listed.count > 100)
        for count in [1, 2, 3, 7, 50, listed.count - 1, listed.count, listed.count + 5] {
            #expect(Self.newest(count, of: reads) == Array(listed.suffix(count)), "\(count)")
        }
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The backward line reader over bytes in memory: every line, newest first, exactly as a forward split by newlines
/// gives them (a final newline ends the last line; bytes after the last newline are one more line).
@Suite struct BackwardLineReaderTests {
    struct ShortRead: Error, Equatable {
        var offset: Int
    }

    /// Every line the reader hands out, from the last to the first, with where each starts; `reads` hears each read.
    static func lines(
        _ bytes: [UInt8], capacity: Int = 1 << 16, reads: @escaping ((count: Int, offset: Int)) -> Void = { _ in }
    ) throws(ShortRead) -> [(text: [UInt8], start: Int)] {
        var reader = BackwardLineReader<ShortRead>(size: bytes.count, capacity: capacity) {
            target, count, offset throws(ShortRead) in
            guard offset >= 0, offset + count <= bytes.count else { throw ShortRead(offset: offset) }
            reads((count, offset))
            for index in 0..<count { target[index] = bytes[offset + index] }
        }
        var found: [(text: [UInt8], start: Int)] = []
        while let line = try reader.next() {
            found.append((Array(line), reader.lineStart))
        }
        return found
    }

    static func texts(_ text: String, capacity: Int = 1 << 16) throws -> [String] {
        try lines(Array(text.utf8), capacity: capacity).map { String(decoding: $0.text, as: UTF8.self) }
    }

    /// The lines of a forward split, oldest first.
    static func forwardSplit(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if pieces.last == [] { pieces.removeLast() }
        return pieces
    }

    @Test func anEmptyFileHasNoLinesAndIsNotRead() throws {
        var reads = 0
        #expect(try Self.lines([], reads: { _ in reads += 1 }).isEmpty)
        #expect(reads == 0)
    }

    @Test func linesComeNewestFirst() throws {
        #expect(try Self.texts("one\ntwo\nthree\n") == ["three", "two", "one"])
    }

    @Test func bytesAfterTheLastNewlineAreOneMoreLine() throws {
        #expect(try Self.texts("one\ntwo") == ["two", "one"])
        #expect(try Self.texts("alone") == ["alone"])
    }

    @Test func emptyLinesAreLinesToo() throws {
        #expect(try Self.texts("\n") == [""])
        #expect(try Self.texts("\n\n") == ["", ""])
        #expect(try Self.texts("a\n\nb\n\n") == ["", "b", "", "a"])
    }

    /// A carriage return is part of its line: the reader splits at newlines only (blank-line checks are the store's).
    @Test func carriageReturnsStayInTheirLines() throws {
        #expect(try Self.texts("one\r\ntwo\r\n") == ["two\r", "one\r"])
    }

    @Test func eachLineKnowsWhereItStarts() throws {
        let found = try Self.lines(Array("ab\ncde\n\nf".utf8))
        #expect(found.map(\.start) == [8, 7, 3, 0])
    }

    /// Lines that cross the buffer's edge, and a line longer than the whole buffer, which grows it.
    @Test func linesAcrossBufferEdgesAndLongerThanTheBuffer() throws {
        let text = "0123456789\nab\n" + String(repeating: "x", count: 37) + "\nlast"
        for capacity in 1...16 {
            let expected = ["last", String(repeating: "x", count: 37), "ab", "0123456789"]
            #expect(try Self.texts(text, capacity: capacity) == expected)
        }
    }

    /// A file larger than the buffer is read in pieces from its end, and each byte only once while the lines fit.
    @Test func aLargeFileIsReadBackwardsInPieces() throws {
        let lines = (0..<1000).map { "line \($0)" }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var reads: [(count: Int, offset: Int)] = []
        let found = try Self.lines(bytes, capacity: 256, reads: { reads.append($0) })
        #expect(found.map { String(decoding: $0.text, as: UTF8.self) } == lines.reversed())
        #expect(reads.first?.offset == bytes.count - 256)
        #expect(reads.map(\.count).reduce(0, +) == bytes.count)
        #expect(zip(reads, reads.dropFirst()).allSatisfy { $0.offset == $1.offset + $1.count })
    }

    /// Stopping early reads only the file's tail.
    @Test func stoppingEarlyReadsOnlyTheTail() throws {
        let bytes = Array((0..<1000).map { "line \($0)\n" }.joined().utf8)
        var total = 0
        var reader = BackwardLineReader<ShortRead>(size: bytes.count, capacity: 64) {
            target, count, offset throws(ShortRead) in
            total += count
            for index in 0..<count { target[index] = bytes[offset + index] }
        }
        let line = try reader.next()
        #expect(line.map { String(decoding: $0, as: UTF8.self) } == "line 999")
        #expect(total == 64)
    }

    @Test func aFailedReadIsThrown() throws {
        var reader = BackwardLineReader<ShortRead>(size: 10, capacity: 4) { _, _, offset throws(ShortRead) in
            throw ShortRead(offset: offset)
        }
        #expect(throws: ShortRead(offset: 6)) { try reader.next() }
    }

    /// Random files (newlines, carriage returns, long and empty lines) against a forward split, at random capacities.
    @Test(arguments: 0..<200) func randomFilesMatchAForwardSplit(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed))
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0A, 0x0D, 0x20, 0x61, 0x62, 0x7B, 0x7D, 0xC3, 0xA9]
        let length = Int.random(in: 0..<300, using: &random)
        let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
        let capacity = Int.random(in: 1...64, using: &random)
        let found = try Self.lines(bytes, capacity: capacity)
        let expected = Self.forwardSplit(bytes)
        #expect(found.map(\.text) == Array(expected.reversed()), "seed \(seed), capacity \(capacity)")
        // Each line starts one past the newline that ends the line before it.
        var start = 0
        let starts = expected.map { line in
            defer { start += line.count + 1 }
            return start
        }
        #expect(found.map(\.start) == Array(starts.reversed()), "seed \(seed)")
    }
}

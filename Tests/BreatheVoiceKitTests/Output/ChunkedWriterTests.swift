import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Text gathered into chunks: nothing is written until a chunk is full or flushed, then all of it, in order; after a
/// failed write nothing more.
@Suite struct ChunkedWriterTests {
    @Test func aChunkIsWrittenWhenFullAndTheRestAtFlush() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        func pending() -> String {
            var bytes = [UInt8](repeating: 0, count: 1024)
            let count = read(ends[0], &bytes, bytes.count)
            return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
        }
        let output = ChunkedWriter(fileDescriptor: ends[1], chunkSize: 10)
        #expect(output.write("abcd"))
        #expect(output.write("efgh"))
        #expect(pending() == "", "written before the chunk was full")
        #expect(output.write("ijkl"))
        #expect(pending() == "abcdefghijkl")
        #expect(output.write("mn"))
        #expect(pending() == "")
        #expect(output.flush())
        #expect(pending() == "mn")
        close(ends[1])
    }

    @Test func nothingIsWrittenAfterAFailure() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = ChunkedWriter(fileDescriptor: descriptor, chunkSize: 4)
        #expect(output.write("ab"))
        #expect(!output.write("cdef"))
        #expect(output.failure == ENOSPC)
        #expect(!output.write("g"))
        #expect(!output.flush())
    }
}

#if canImport(Glibc)
import BreatheSystem
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Text for a descriptor, gathered into chunks of 64 KiB, each written with write(2) when it is full and at `flush`:
/// a listing of two million records costs a few thousand writes instead of two million, and holds one chunk, whatever
/// the length of the history. The first line of a long listing still leaves at once: one chunk is a few hundred lines.
///
/// The first write that fails (a reader that went away, a full disk) is kept in `failure`, and nothing more is written
/// after it: `write` returns false from then on, so that the caller stops its work at once.
package final class ChunkedWriter {
    let fileDescriptor: Int32
    /// errno of the first write that failed, or 0.
    private(set) var failure: Int32 = 0
    private var chunk: [UInt8] = []
    private let chunkSize: Int

    package init(fileDescriptor: Int32, chunkSize: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.chunkSize = chunkSize
        chunk.reserveCapacity(chunkSize)
    }

    /// Adds `text`, writing the chunk once it is full; false once a write has failed.
    @discardableResult
    package func write(_ text: String) -> Bool {
        guard failure == 0 else { return false }
        chunk.append(contentsOf: text.utf8)
        return chunk.count < chunkSize || flush()
    }

    /// Lets `body` add bytes to the chunk itself (a record written out byte by byte), writing the chunk once it is full;
    /// false once a write has failed.
    @discardableResult
    func append(_ body: (inout [UInt8]) -> Void) -> Bool {
        guard failure == 0 else { return false }
        body(&chunk)
        return chunk.count < chunkSize || flush()
    }

    /// Writes what was gathered; false once a write has failed.
    @discardableResult
    func flush() -> Bool {
        guard failure == 0 else { return false }
        guard !chunk.isEmpty else { return true }
        if !FileDescriptorIO.writeAll(fileDescriptor, chunk) { failure = errno == 0 ? EIO : errno }
        chunk.removeAll(keepingCapacity: true)
        return failure == 0
    }
}

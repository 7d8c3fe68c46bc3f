/// Hands out a file's lines from the last to the first, reading the file backwards in blocks through `read`, so that
/// `history --last N` reads only the lines it shows.
///
/// Lines end at a newline (a carriage return stays in its line); bytes after the last newline are one more line, as a
/// forward reading sees them, and an empty file has no lines. One buffer (`capacity` bytes, doubled for a longer line)
/// is reused throughout; a line handed out stays valid until the next call to `next`.
package struct BackwardLineReader<Failure: Error>: ~Copyable {
    /// Fills `target` with the file's `count` bytes from `offset`, all of them, or throws.
    package typealias Read = (_ target: UnsafeMutablePointer<UInt8>, _ count: Int, _ offset: Int) throws(Failure) ->
        Void

    private let read: Read
    private let size: Int
    private var capacity: Int
    private var storage: UnsafeMutablePointer<UInt8>
    /// The file's bytes [bufferStart, bufferEnd) sit at the end of the storage.
    private var bufferStart: Int
    private var bufferEnd: Int
    /// Where the next line to hand out ends (before its newline); nil before the first line is looked for.
    private var lineEnd: Int?
    private var finished: Bool
    /// Where the line handed out last starts in the file.
    private(set) var lineStart: Int

    package init(size: Int, capacity: Int = 1 << 16, read: @escaping Read) {
        precondition(size >= 0 && capacity > 0)
        self.read = read
        self.size = size
        self.capacity = capacity
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bufferStart = size
        bufferEnd = size
        finished = size == 0
        lineStart = size
    }

    deinit {
        storage.deallocate()
    }

    /// The line before the one handed out last (the file's last line at first); nil once the first line was handed out.
    mutating func next() throws(Failure) -> UnsafeBufferPointer<UInt8>? {
        guard !finished else { return nil }
        let end: Int
        if let lineEnd {
            end = lineEnd
        } else {
            _ = try extend(keepingUpTo: size)
            end = byte(at: size - 1) == 0x0A ? size - 1 : size
        }
        var newline = -1
        while true {
            // Only the tail is scanned, so a plain backward loop is quick enough (Glibc's module has no memrchr).
            var cursor = end - 1
            while cursor >= bufferStart && byte(at: cursor) != 0x0A { cursor -= 1 }
            if cursor >= bufferStart {
                newline = cursor
                break
            }
            guard try extend(keepingUpTo: end) else { break }
        }
        lineStart = newline + 1
        if newline < 0 { finished = true } else { lineEnd = newline }
        return UnsafeBufferPointer(start: storage + capacity - (bufferEnd - lineStart), count: end - lineStart)
    }

    private func byte(at offset: Int) -> UInt8 { storage[capacity - (bufferEnd - offset)] }

    /// Reads more of the file before `bufferStart`, keeping [bufferStart, keepEnd); false at the file's start.
    private mutating func extend(keepingUpTo keepEnd: Int) throws(Failure) -> Bool {
        guard bufferStart > 0 else { return false }
        let kept = keepEnd - bufferStart
        if kept == capacity {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            (larger + capacity * 2 - kept).update(from: storage + capacity - (bufferEnd - bufferStart), count: kept)
            storage.deallocate()
            storage = larger
            capacity *= 2
        } else if kept > 0 {
            // The regions may overlap: copyMemory moves as memmove does.
            UnsafeMutableRawPointer(storage + capacity - kept)
                .copyMemory(from: storage + capacity - (bufferEnd - bufferStart), byteCount: kept)
        }
        bufferEnd = keepEnd
        let count = min(bufferStart, capacity - kept)
        try read(storage + capacity - kept - count, count, bufferStart - count)
        bufferStart -= count
        return true
    }
}

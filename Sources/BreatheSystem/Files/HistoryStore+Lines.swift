import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The history's one line reader, under every reading of the file: `history`, `stats`, `export`, the order scan and
/// `history import`'s merge.
extension HistoryStore {
    /// Hands `body` each line of the file's bytes from `start` (a line's start) to `end` (the end of the file when
    /// nil), without its newline, blank ones included, with the offset it starts at, in file order; `body` returns false
    /// to stop. One buffer of 256 KiB (more only for a longer line) is reused throughout; a line stays valid until
    /// `body` returns.
    func forEachLine(
        in descriptor: Int32, from start: Int = 0, to end: Int? = nil,
        _ body: (_ line: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool
    ) throws(BreatheError) {
        var capacity = 1 << 18
        var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { storage.deallocate() }
        // [0, filled) holds the start of a line whose newline has not been read yet; it starts at `lineOffset`.
        var filled = 0
        var lineOffset = start
        var offset = start
        while true {
            if filled == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: storage, count: filled)
                storage.deallocate()
                storage = larger
                capacity *= 2
            }
            let wanted = end.map { min(capacity - filled, $0 - offset) } ?? (capacity - filled)
            if wanted == 0 { break }
            let count = SystemCall.retryingOnInterrupt {
                pread(descriptor, storage + filled, wanted, off_t(offset))
            }
            if count < 0 { throw FileSystem.readError(path) }
            if count == 0 { break }
            offset += count
            let bufferEnd = filled + count
            var lineStart = 0
            var cursor = filled
            while cursor < bufferEnd, let found = memchr(storage + cursor, 0x0A, bufferEnd - cursor) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - storage
                let line = UnsafeBufferPointer(start: storage + lineStart, count: newline - lineStart)
                guard body(line, lineOffset) else { return }
                lineOffset += newline + 1 - lineStart
                lineStart = newline + 1
                cursor = lineStart
            }
            filled = bufferEnd - lineStart
            if lineStart > 0 && filled > 0 { memmove(storage, storage + lineStart, filled) }
        }
        if filled > 0 { _ = body(UnsafeBufferPointer(start: storage, count: filled), lineOffset) }
    }

    /// `forEachLine(in:from:to:_:)` without the blank lines, each line numbered in the whole file: `body` returns nil
    /// for an unreadable line (`skipped` hears its number), false to stop.
    func forEachLine(
        _ descriptor: Int32, from start: Int = 0, to end: Int? = nil, skipped: (Int) -> Void,
        _ body: (_ line: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool?
    ) throws(BreatheError) {
        // Lines counted from `start`; the lines before it are counted only when a number has to be reported.
        var lineNumber = 0
        var linesBefore: Int?
        var failure: BreatheError?
        try forEachLine(in: descriptor, from: start, to: end) { line, offset in
            lineNumber += 1
            if HistoryStore.isBlank(line) { return true }
            guard let more = body(line, offset) else {
                if linesBefore == nil {
                    do throws(BreatheError) { linesBefore = try newlines(descriptor, before: start) } catch {
                        failure = error
                        return false
                    }
                }
                skipped((linesBefore ?? 0) + lineNumber)
                return true
            }
            return more
        }
        if let failure { throw failure }
    }

    /// The number of newlines in the file's first `end` bytes.
    private func newlines(_ descriptor: Int32, before end: Int) throws(BreatheError) -> Int {
        let capacity = 1 << 16
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { storage.deallocate() }
        var offset = 0
        var count = 0
        while offset < end {
            let chunk = min(capacity, end - offset)
            try readFully(descriptor, into: storage, count: chunk, at: offset)
            var cursor = storage
            while let found = memchr(cursor, 0x0A, storage + chunk - cursor) {
                count += 1
                cursor = found.assumingMemoryBound(to: UInt8.self) + 1
            }
            offset += chunk
        }
        return count
    }

    func readFully(_ descriptor: Int32, into target: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int)
        throws(BreatheError)
    {
        let buffer = UnsafeMutableRawBufferPointer(start: target, count: count)
        // A file that shrank under us (cleared meanwhile) reads as an I/O error rather than as stale bytes.
        guard FileDescriptorIO.readAll(descriptor, into: buffer, at: offset) == count else {
            throw FileSystem.readError(path)
        }
    }

    /// The file's size now: what a reading that must see the same file twice reads up to.
    func size(of descriptor: Int32) throws(BreatheError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystem.readError(path) }
        return Int(status.st_size)
    }

    /// A line of only spaces, tabs and carriage returns (or nothing) is no record and no error.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
        return true
    }
}

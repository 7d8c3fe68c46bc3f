#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file's lines at offsets asked for in any order: a history read in time order out of its file's order
/// (`HistoryIndex`).
///
/// A few windows of the file are kept. A line that follows, in the file, the last one read from a window is read with
/// the lines after it, in a block: histories joined by hand interleave a few runs of lines that are each in order, and
/// each run reads as a stream. A line anywhere else reads a page. Memory: the windows (at most 8 × 64 KiB, more only
/// for a longer line), whatever the file's length.
struct ScatteredLineReader: ~Copyable {
    private struct Window {
        var storage: UnsafeMutablePointer<UInt8>
        var capacity: Int
        /// The file's bytes [start, start + count) are in the storage.
        var start = 0
        var count = 0
        /// Where the line after the last one read from it starts; when it was last used.
        var next = -1
        var used = 0
    }

    private let descriptor: Int32
    private let end: Int
    private let path: String
    private var windows: [Window] = []
    private var clock = 0

    private static let windowCount = 8
    private static let block = 1 << 16
    private static let page = 1 << 12

    /// Lines of `descriptor` (the file at `path`, named in a read error) up to `end`.
    package init(descriptor: Int32, end: Int, path: String) {
        self.descriptor = descriptor
        self.end = end
        self.path = path
    }

    deinit {
        for window in windows { window.storage.deallocate() }
    }

    /// The line at `offset` (a line's start), without its newline; valid until the next call. The file must still
    /// hold it: one that shrank meanwhile is a read error.
    package mutating func line(at offset: Int) throws(BreatheError) -> UnsafeBufferPointer<UInt8> {
        clock += 1
        var chosen: Int?
        for index in windows.indices {
            let window = windows[index]
            if offset >= window.start && offset < window.start + window.count {
                if let line = line(at: offset, in: index) { return line }
                chosen = index
                break
            }
            if offset == window.next { chosen = index }
        }
        let sequential = chosen != nil
        let index = chosen ?? leastRecentlyUsed()
        try fill(index, from: offset, count: sequential ? Self.block : Self.page)
        while true {
            if let line = line(at: offset, in: index) { return line }
            try fill(index, from: offset, count: windows[index].capacity * 2)
        }
    }

    /// The line at `offset` when window `index` holds all of it (its newline, or the end).
    private mutating func line(at offset: Int, in index: Int) -> UnsafeBufferPointer<UInt8>? {
        let window = windows[index]
        let from = window.storage + (offset - window.start)
        let available = window.start + window.count - offset
        let length: Int
        if let newline = memchr(from, 0x0A, available) {
            length = newline.assumingMemoryBound(to: UInt8.self) - from
            windows[index].next = offset + length + 1
        } else if window.start + window.count == end {
            length = available
            windows[index].next = end
        } else {
            return nil
        }
        windows[index].used = clock
        return UnsafeBufferPointer(start: from, count: length)
    }

    /// A window to refill: a new one while there are fewer than `windowCount`, else the one unused the longest.
    private mutating func leastRecentlyUsed() -> Int {
        if windows.count < Self.windowCount {
            windows.append(Window(storage: .allocate(capacity: Self.block), capacity: Self.block))
            return windows.count - 1
        }
        return windows.indices.min { windows[$0].used < windows[$1].used }!
    }

    /// Reads `count` bytes from `offset` (fewer at the end) into window `index`, growing it when needed.
    private mutating func fill(_ index: Int, from offset: Int, count: Int) throws(BreatheError) {
        if count > windows[index].capacity {
            windows[index].storage.deallocate()
            windows[index].storage = .allocate(capacity: count)
            windows[index].capacity = count
        }
        let wanted = min(count, end - offset)
        let buffer = UnsafeMutableRawBufferPointer(start: windows[index].storage, count: wanted)
        // A file that shrank under us (cleared meanwhile) reads as an I/O error rather than as stale bytes.
        guard wanted > 0, FileDescriptorIO.readAll(descriptor, into: buffer, at: offset) == wanted else {
            windows[index].count = 0
            throw FileSystem.readError(path)
        }
        windows[index].start = offset
        windows[index].count = wanted
    }
}

/// Where a record's output goes a byte or a run of bytes at a time: an Array, or room made at an Array's end and written
/// through a pointer (`PlacedBytes`), which spares each byte Array's checks (its uniqueness and capacity, a fifth of
/// `history export --format csv` when every byte went through them).
package protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

    /// Appends what `write` writes into room made for it at the end: `room` bytes, and again with four times as much
    /// while what it wrote did not fit (then nothing of it is kept).
    mutating func appendPlaced(room: Int, _ write: (inout PlacedBytes) -> Void) {
        var room = Swift.max(room, 16)
        while true {
            let start = count
            append(contentsOf: repeatElement(0, count: room))
            let written = withUnsafeMutableBufferPointer { all in
                var writer = PlacedBytes(UnsafeMutableBufferPointer(rebasing: all[start...]))
                write(&writer)
                return writer.overflowed ? nil : writer.count
            }
            removeLast(room - (written ?? 0))
            if written != nil { return }
            room *= 4
        }
    }
}

/// Bytes written into room given: what does not fit is left out, and said (`overflowed`).
struct PlacedBytes: ByteOutput {
    let room: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private(set) var overflowed = false

    init(_ room: UnsafeMutableBufferPointer<UInt8>) { self.room = room }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        guard count < room.count else {
            overflowed = true
            return
        }
        room[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= room.count - count, let to = room.baseAddress, let from = bytes.baseAddress else {
            overflowed = overflowed || !bytes.isEmpty
            return
        }
        (to + count).update(from: from, count: bytes.count)
        count += bytes.count
    }
}

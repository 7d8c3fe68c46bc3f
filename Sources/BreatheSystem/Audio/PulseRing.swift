/// Where a playback stream's ring on PipeWire's pulse server may hold sound, so that a jump forward passes over
/// silence only (`PulseJumps.Mode.overSilence`).
///
/// Before PipeWire 1.2.8 and 1.3.81 (every release from 0.3.40 on, read in its source), the pulse server keeps each
/// playback stream's samples in a ring of `bytes` (4 MiB, `MAXLENGTH`), zeroed when the stream is made, at the stream's
/// byte position modulo its size (`handle_memblock`: `index % MAXLENGTH`, the index being the stream's write index,
/// which a flush sets to its read index). Nothing but our writes changes what the ring holds: a jump leaves there
/// whatever was last written at those positions, a ring's length (43.7 s at 48 kHz) or any number of them earlier, or
/// a sound written ahead and then flushed unheard; and plays it. So every write is remembered here: sound makes its
/// positions `dirty`, silence sent as samples makes them clean again, and a jump may pass over clean positions only.
struct PulseRing {
    /// The ring's size in bytes: `MAXLENGTH` of PipeWire's pulse server, 0.3.40 to 1.2.7 and 1.3.80.
    static let bytes: Int64 = 4 * 1024 * 1024

    /// Positions in the ring (0..<bytes) that may hold something other than silence: in order, apart, none empty.
    private(set) var dirty: [Range<Int64>] = []

    /// `count` bytes written at the stream's byte `position`: `sound` (anything but zeros) or silence.
    mutating func wrote(at position: Int64, count: Int64, sound: Bool) {
        guard count > 0 else { return }
        guard count < Self.bytes else {
            dirty = sound ? [0..<Self.bytes] : []
            return
        }
        let start = Self.place(position)
        let pieces =
            start + count <= Self.bytes
            ? [start..<start + count] : [start..<Self.bytes, 0..<start + count - Self.bytes]
        for piece in pieces {
            if sound { mark(piece) } else { clear(piece) }
        }
    }

    /// How far from where the feed counts it the server may write a stream's bytes after a flush (bytes): it reports
    /// the write index its main thread last knew (`stream->write_index = stream->read_index`, the read index updated
    /// after each cycle by `do_process_done`), while its data thread's ring goes on from its own read index, a cycle or
    /// more ahead under load. 64 KiB is 32 cycles of PipeWire's default quantum (1 024 frames) of our mono stream.
    static let flushSlack: Int64 = 65_536

    /// A flush: what was marked may lie up to `flushSlack` away from where the writes after it will be counted, so
    /// every part that may hold sound grows by that much on each side. Within a flush's writes the count is exact.
    mutating func widen(by bytes: Int64 = flushSlack) {
        for part in dirty {
            wrote(at: part.lowerBound - bytes, count: part.upperBound - part.lowerBound + 2 * bytes, sound: true)
        }
    }

    /// The parts of the stream's bytes `position..<position + count` whose positions may hold sound: in order, in the
    /// stream's byte positions. A range longer than the ring meets each dirty part once a lap.
    func dirtyParts(from position: Int64, count: Int64) -> [Range<Int64>] {
        var parts: [Range<Int64>] = []
        var at = position
        let end = position + count
        while at < end {
            let start = Self.place(at)
            let lapEnd = min(end, at + Self.bytes - start)
            for range in dirty {
                let lower = max(range.lowerBound, start)
                let upper = min(range.upperBound, start + lapEnd - at)
                if lower < upper { parts.append(at + lower - start..<at + upper - start) }
            }
            at = lapEnd
        }
        return parts
    }

    /// A stream's byte position in the ring (positions before the stream's start do not occur).
    private static func place(_ position: Int64) -> Int64 {
        let place = position % bytes
        return place < 0 ? place + bytes : place
    }

    private mutating func mark(_ range: Range<Int64>) {
        var lower = range.lowerBound
        var upper = range.upperBound
        var kept: [Range<Int64>] = []
        for part in dirty {
            if part.upperBound < lower || part.lowerBound > upper {
                kept.append(part)
            } else {
                lower = min(lower, part.lowerBound)
                upper = max(upper, part.upperBound)
            }
        }
        let at = kept.firstIndex { $0.lowerBound > lower } ?? kept.endIndex
        kept.insert(lower..<upper, at: at)
        dirty = kept
    }

    private mutating func clear(_ range: Range<Int64>) {
        var kept: [Range<Int64>] = []
        for part in dirty {
            if part.lowerBound < range.lowerBound {
                kept.append(part.lowerBound..<min(part.upperBound, range.lowerBound))
            }
            if part.upperBound > range.upperBound {
                kept.append(max(part.lowerBound, range.upperBound)..<part.upperBound)
            }
        }
        dirty = kept
    }
}

/// Whether a history's records lie in time order (by the moment each started, whatever its UTC offset), found in one
/// quick pass over its lines before they are read for good: `history` and `history export` stream a history in order
/// as it lies, and sort only one that is not.
///
/// A line as the program writes it (`{"id":"…","start":"…"`, the id without escapes) gives its start without being
/// checked any further; any other line is read as `SessionRecordReader` reads it, and counts only if it is a record.
/// So a damaged line that begins like a record counts too: the scan may find a history out of order that reads in
/// order (it is then sorted, which changes nothing but when its warnings come), never the other way round.
package struct TimeOrderScan {
    private var reader = SessionRecordReader()
    private var last = Int.min
    /// No line read so far started before a line above it.
    package private(set) var isInOrder = true
    /// The lines read as records: at least as many as the history holds.
    package private(set) var records = 0

    package init() {}

    /// Reads one line (without its newline; a blank one, an amendment or an unreadable line counts for nothing).
    package mutating func read(_ line: UnsafeBufferPointer<UInt8>) {
        guard let second = TimeOrderScan.writtenStart(line) ?? reader.startSecond(line) else { return }
        records += 1
        if second < last { isInOrder = false }
        last = second
    }

    private static let opening: StaticString = #"{"id":""#
    private static let startKey: StaticString = #"","start":""#

    /// The start, in seconds since 1970, of a line that begins as the program writes a record; nil for any other.
    static func writtenStart(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = line.baseAddress, starts(line, with: opening, at: 0) else { return nil }
        let count = line.count
        var cursor = opening.utf8CodeUnitCount
        while cursor < count && base[cursor] != UInt8(ascii: "\"") {
            // An escape could hide the id's end: such a line is read in full.
            if base[cursor] == UInt8(ascii: "\\") { return nil }
            cursor += 1
        }
        guard starts(line, with: startKey, at: cursor) else { return nil }
        let from = cursor + startKey.utf8CodeUnitCount
        var end = from
        while end < count && base[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < count else { return nil }
        return LocalTimestamp.parse(utf8: UnsafeBufferPointer(rebasing: line[from..<end]))?.epochSeconds
    }

    private static func starts(_ line: UnsafeBufferPointer<UInt8>, with text: StaticString, at offset: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard offset + length <= line.count else { return false }
        return JSONTape.equal(line.baseAddress! + offset, text.utf8Start, length)
    }
}

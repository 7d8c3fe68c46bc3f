/// A JSON document checked exactly as strictly as `JSONParser` checks it, kept as offsets into its bytes instead of a tree.
///
/// The history holds one document per line and may hold hundreds of thousands of lines. Building a tree of values (with
/// a String per key and number) per line cost far more than reading the file; the tape is a flat list of entries reused
/// from line to line, so checking a line allocates nothing, and a reader decodes only the values it asks for.
/// It accepts exactly the documents `JSONParser` accepts (the tests compare the two), but reports no error position:
/// the preferences file, whose errors must name a line and column, keeps using `JSONParser`.
struct JSONTape {
    /// Length and three of the bytes: equal texts have equal fingerprints.
    @inline(__always)
    static func fingerprint(_ text: UnsafePointer<UInt8>, _ count: Int) -> Int {
        guard count > 0 else { return 1 << 40 }
        return count | Int(text[0]) << 16 | Int(text[count - 1]) << 24 | Int(text[count >> 1]) << 32
    }

    static func fingerprint(_ text: StaticString) -> Int {
        fingerprint(text.utf8Start, text.utf8CodeUnitCount)
    }

    private(set) var entries: [Entry] = []
    private var index = 0
    private var depth = 0

    init() {
        entries.reserveCapacity(64)
    }

    /// Checks one whole document and records its values; false when it is not strict JSON.
    mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        entries.removeAll(keepingCapacity: true)
        index = 0
        depth = 0
        // A UTF-8 byte order mark is tolerated at the very start, as JSONParser tolerates it.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipSpace(bytes)
        guard value(bytes) else { return false }
        skipSpace(bytes)
        return index == bytes.count
    }

    // MARK: checking

    @inline(__always)
    private mutating func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: index += 1
            default: return
            }
        }
    }

    private mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(bytes)
        case UInt8(ascii: "["): return array(bytes)
        case UInt8(ascii: "\""): return string(bytes)
        case UInt8(ascii: "t"): return literal("true", .bool, true, bytes)
        case UInt8(ascii: "f"): return literal("false", .bool, false, bytes)
        case UInt8(ascii: "n"): return literal("null", .null, false, bytes)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number(bytes)
        default: return false
        }
    }

    private mutating func literal(_ word: StaticString, _ kind: Kind, _ flag: Bool, _ bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        entries.append(Entry(kind: kind, flag: flag, start: index, end: index + count, next: entries.count + 1))
        index += count
        return true
    }

    private mutating func object(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let opened = open(.object, closedBy: UInt8(ascii: "}"), bytes) else { return false }
        if opened.empty { return true }
        let me = opened.entry
        var seen: UInt64 = 0
        var irregular = false
        while true {
            skipSpace(bytes)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            let key = entries.count
            guard string(bytes) else { return false }
            let item = entries[key]
            if item.flag {
                let fingerprint = JSONTape.fingerprint(bytes.baseAddress! + item.start, item.end - item.start)
                entries[key].fingerprint = fingerprint
                // Equal plain keys have equal fingerprints: only a fingerprint seen before needs a search.
                let bit: UInt64 = 1 << ((UInt64(bitPattern: Int64(fingerprint)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
                if (irregular || seen & bit != 0) && isDuplicate(key, in: me, bytes) { return false }
                seen |= bit
            } else {
                entries[key].fingerprint = -1
                // Escaped or non-ASCII keys are compared as Strings (canonical equivalence), from here to the object's end.
                irregular = true
                if isDuplicate(key, in: me, bytes) { return false }
            }
            skipSpace(bytes)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            skipSpace(bytes)
            guard value(bytes) else { return false }
            guard let more = separator(me, closedBy: UInt8(ascii: "}"), bytes) else { return false }
            if !more { return true }
        }
    }

    private mutating func array(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let opened = open(.array, closedBy: UInt8(ascii: "]"), bytes) else { return false }
        if opened.empty { return true }
        let me = opened.entry
        while true {
            skipSpace(bytes)
            guard value(bytes) else { return false }
            guard let more = separator(me, closedBy: UInt8(ascii: "]"), bytes) else { return false }
            if !more { return true }
        }
    }

    /// Opens the container whose `{` or `[` is at `index`: its entry, and whether it was empty (`closing` at once: it
    /// is closed already); nil past the nesting limit.
    @inline(__always)
    private mutating func open(_ kind: Kind, closedBy closing: UInt8, _ bytes: UnsafeBufferPointer<UInt8>)
        -> (entry: Int, empty: Bool)?
    {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return nil }
        let me = entries.count
        entries.append(Entry(kind: kind, flag: false, start: index, end: 0, next: 0))
        index += 1
        skipSpace(bytes)
        guard index < bytes.count && bytes[index] == closing else { return (me, false) }
        index += 1
        close(me)
        return (me, true)
    }

    /// After an item of `container`: true after a comma (another item follows), false once `closing` closed it, nil
    /// for anything else.
    @inline(__always)
    private mutating func separator(_ container: Int, closedBy closing: UInt8, _ bytes: UnsafeBufferPointer<UInt8>)
        -> Bool?
    {
        skipSpace(bytes)
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return true
        case closing:
            index += 1
            close(container)
            return false
        default:
            return nil
        }
    }

    private mutating func close(_ container: Int) {
        entries[container].end = index
        entries[container].next = entries.count
        depth -= 1
    }

    /// Byte-wise equality of two short runs (Core has no libc, so no memcmp).
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let a = UnsafeRawPointer(a)
        let b = UnsafeRawPointer(b)
        // Overlapping loads of the first and last bytes cover every byte without reading outside the two runs.
        func same<Word: FixedWidthInteger>(_ word: Word.Type, at offset: Int) -> Bool {
            a.loadUnaligned(fromByteOffset: offset, as: Word.self)
                == b.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        switch count {
        case 0: return true
        case 1: return a.load(as: UInt8.self) == b.load(as: UInt8.self)
        case 2...3: return same(UInt16.self, at: 0) && same(UInt16.self, at: count - 2)
        case 4...7: return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4)
        case 8...16: return same(UInt64.self, at: 0) && same(UInt64.self, at: count - 8)
        default:
            var offset = 0
            while offset + 8 <= count {
                guard same(UInt64.self, at: offset) else { return false }
                offset += 8
            }
            return same(UInt64.self, at: count - 8)
        }
    }

    /// Whether the key entry `key` repeats an earlier key of the object `object`.
    private func isDuplicate(_ key: Int, in object: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var earlier = object + 1
        while earlier < key {
            if sameKey(earlier, key, bytes) { return true }
            earlier = entries[earlier + 1].next
        }
        return false
    }

    /// Keys are duplicates when their texts are equal Strings (canonical equivalence, as JSONParser compares them).
    private func sameKey(_ first: Int, _ second: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let a = entries[first]
        let b = entries[second]
        if a.flag && b.flag {
            guard a.end - a.start == b.end - b.start else { return false }
            return JSONTape.equal(bytes.baseAddress! + a.start, bytes.baseAddress! + b.start, a.end - a.start)
        }
        return string(first, in: bytes) == string(second, in: bytes)
    }

    private mutating func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index
        func digits(_ index: inout Int) -> Int {
            let from = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let count = digits(&index)
        guard count > 0 else { return false }
        // No leading zeros: "01" is not JSON.
        if count > 1 && bytes[intStart] == UInt8(ascii: "0") { return false }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&index) > 0 else { return false }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits(&index) > 0 else { return false }
        }
        entries.append(Entry(kind: .number, flag: false, start: start, end: index, next: entries.count + 1))
        return true
    }

    private mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = index + 1
        let start = cursor
        let count = bytes.count
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var plain = true
        while true {
            // Eight bytes at a time: find the first byte that is not printable ASCII other than the quote and the
            // backslash. Each test below marks (at least) the lowest byte of its class, so the lowest mark is exact.
            if cursor &+ 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: cursor, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let marks =
                    (word | ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote)
                        | ((backslash &- ones) & ~backslash)) & (ones &* 0x80)
                if marks == 0 {
                    cursor += 8
                    continue
                }
                cursor += marks.trailingZeroBitCount >> 3
            } else {
                while cursor < count {
                    let byte = bytes[cursor]
                    guard byte &- 0x20 < 0x60 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else { break }
                    cursor += 1
                }
                guard cursor < count else { return false }
            }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                entries.append(Entry(kind: .string, flag: plain, start: start, end: cursor, next: entries.count + 1))
                index = cursor + 1
                return true
            }
            index = cursor
            if byte == UInt8(ascii: "\\") {
                plain = false
                guard escape(bytes) else { return false }
            } else if byte >= 0x80 {
                plain = false
                guard scalar(bytes) else { return false }
            } else {
                return false // a control character
            }
            cursor = index
        }
    }

    /// One escape, from its backslash; leaves `index` after it.
    private mutating func escape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        index += 1
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
            return true
        case UInt8(ascii: "u"):
            guard let code = hex4(bytes, at: index + 1) else { return false }
            index += 5
            if (0xD800...0xDBFF).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u"),
                    let low = hex4(bytes, at: index + 2), (0xDC00...0xDFFF).contains(low)
                else { return false }
                index += 6
                return true
            }
            return !(0xDC00...0xDFFF).contains(code)
        default:
            return false
        }
    }

    private func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var code: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    /// One well-formed UTF-8 sequence of two to four bytes (no overlong forms, no surrogates, nothing past U+10FFFF).
    private mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return false
        }
        guard index + length <= bytes.count else { return false }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return false }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return false }
        index += length
        return true
    }
}

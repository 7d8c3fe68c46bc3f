/// A JSON document checked exactly as strictly as `JSONParser` checks it, kept as offsets into its bytes instead of a tree.
///
/// The history holds one document per line and may hold hundreds of thousands of lines. Building a tree of values (with
/// a String per key and number) per line cost far more than reading the file; the tape is a flat list of entries reused
/// from line to line, so checking a line allocates nothing, and a reader decodes only the values it asks for.
/// It accepts exactly the documents `JSONParser` accepts (the tests compare the two), but reports no error position:
/// the preferences file, whose errors must name a line and column, keeps using `JSONParser`.
package struct JSONTape {
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object
    }

    /// One value. Containers are followed by their contents: an object by key, value, key, value…
    struct Entry: Sendable {
        package var kind: Kind
        /// Strings: plain ASCII without escapes, so the bytes are the text. Bools: true.
        package var flag: Bool
        /// Strings: the first byte after the opening quote; others: the value's first byte.
        package var start: Int
        /// Strings: the closing quote; others: one past the value's last byte.
        package var end: Int
        /// The index of the entry after this value and everything inside it (its next sibling, if any).
        var next: Int
        /// Object keys in plain ASCII: `JSONTape.fingerprint` of their bytes, so a reader can rule names out quickly;
        /// -1 for other keys, 0 for values.
        var fingerprint: Int = 0
    }

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

    package init() {
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

    // MARK: reading the values

    /// The value entries of an object's members, in file order, with their key entries.
    @inline(__always)
    func forEachMember(of object: Int, _ body: (_ key: Int, _ value: Int) -> Bool) {
        guard entries[object].kind == .object else { return }
        var key = object + 1
        let end = entries[object].next
        while key < end {
            guard body(key, key + 1) else { return }
            key = entries[key + 1].next
        }
    }

    /// Whether a string entry's text equals `text` (as Swift compares Strings, for text that is not plain ASCII).
    /// Inlined: readers call it for nearly every member of every line.
    @inline(__always)
    package func string(_ entry: Int, equals text: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let item = entries[entry]
        guard item.kind == .string else { return false }
        guard item.flag else { return string(entry, in: bytes) == text.description }
        let count = item.end - item.start
        return count == text.utf8CodeUnitCount && JSONTape.equal(bytes.baseAddress! + item.start, text.utf8Start, count)
    }

    /// A string entry's text; nil for other kinds.
    package func string(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let item = entries[entry]
        guard item.kind == .string else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[item.start..<item.end])
        if item.flag { return String(decoding: raw, as: UTF8.self) }
        return JSONTape.unescape(raw)
    }

    /// A string entry's bytes when they are its text (plain ASCII), else nil.
    func plainBytes(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let item = entries[entry]
        guard item.kind == .string, item.flag else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[item.start..<item.end])
    }

    /// A whole number that fits in an Int, as `JSONValue.integer` reads one.
    package func integer(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let item = entries[entry]
        guard item.kind == .number else { return nil }
        let digits = bytes[item.start] == UInt8(ascii: "-") ? item.start + 1 : item.start
        // A fraction or an exponent.
        for cursor in digits..<item.end where bytes[cursor] &- UInt8(ascii: "0") >= 10 { return nil }
        return JSONTape.integer(bytes, item.start, item.end)
    }

    /// A number in tenths with at most one significant decimal place ("5", "5.5", "5.50"), as `JSONValue.tenths` reads one;
    /// nil also when it does not fit in an Int.
    package func tenths(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let item = entries[entry]
        guard item.kind == .number else { return nil }
        var point = item.end
        for cursor in item.start..<item.end {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
            if byte == UInt8(ascii: ".") {
                point = cursor
                break
            }
        }
        guard let wholeValue = JSONTape.integer(bytes, item.start, point) else { return nil }
        var tenth = 0
        if point < item.end {
            var last = item.end - 1
            while last > point && bytes[last] == UInt8(ascii: "0") { last -= 1 }
            let places = last - point
            guard places <= 1 else { return nil }
            if places == 1 { tenth = Int(bytes[last] - UInt8(ascii: "0")) }
        }
        let (scaled, overflow1) = wholeValue.multipliedReportingOverflow(by: 10)
        let (result, overflow2) = scaled.addingReportingOverflow(
            bytes[item.start] == UInt8(ascii: "-") ? -tenth : tenth)
        guard !overflow1, !overflow2 else { return nil }
        return result
    }

    /// `-?[0-9]+` as an Int, nil when it does not fit (Int.min included, as `Int(_: String)` reads it).
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var negative = false
        var cursor = start
        if bytes[cursor] == UInt8(ascii: "-") {
            negative = true
            cursor += 1
        }
        var value = 0
        while cursor < end {
            let digit = Int(bytes[cursor] &- UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            cursor += 1
        }
        return value
    }

    /// The text of a checked string's bytes, escapes resolved.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var cursor = 0
        func hex4(_ at: Int) -> UInt32 {
            var code: UInt32 = 0
            for offset in 0..<4 {
                let byte = raw[at + offset]
                let digit: UInt8 =
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
                    default: byte - UInt8(ascii: "A") + 10
                    }
                code = code << 4 | UInt32(digit)
            }
            return code
        }
        while cursor < raw.count {
            let byte = raw[cursor]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                cursor += 1
                continue
            }
            let escape = raw[cursor + 1]
            cursor += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = hex4(cursor)
                cursor += 4
                if (0xD800...0xDBFF).contains(code) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (hex4(cursor + 2) - 0xDC00)
                    cursor += 6
                }
                // Checked when the tape was loaded.
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: UTF8.encode(scalar)!)
            default: out.append(escape) // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
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
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return false }
        let me = entries.count
        entries.append(Entry(kind: .object, flag: false, start: index, end: 0, next: 0))
        index += 1
        skipSpace(bytes)
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return close(me)
        }
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
            skipSpace(bytes)
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return close(me)
            default: return false
            }
        }
    }

    private mutating func array(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { return false }
        let me = entries.count
        entries.append(Entry(kind: .array, flag: false, start: index, end: 0, next: 0))
        index += 1
        skipSpace(bytes)
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return close(me)
        }
        while true {
            skipSpace(bytes)
            guard value(bytes) else { return false }
            skipSpace(bytes)
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return close(me)
            default: return false
            }
        }
    }

    private mutating func close(_ container: Int) -> Bool {
        entries[container].end = index
        entries[container].next = entries.count
        depth -= 1
        return true
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

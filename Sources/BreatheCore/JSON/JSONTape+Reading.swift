/// Reading the values of a loaded document: each decoded from its bytes only when a reader asks for it.
extension JSONTape {
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
    func string(_ entry: Int, equals text: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let item = entries[entry]
        guard item.kind == .string else { return false }
        guard item.flag else { return string(entry, in: bytes) == text.description }
        let count = item.end - item.start
        return count == text.utf8CodeUnitCount && JSONTape.equal(bytes.baseAddress! + item.start, text.utf8Start, count)
    }

    /// A string entry's text; nil for other kinds.
    func string(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
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
    func integer(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let item = entries[entry]
        guard item.kind == .number else { return nil }
        let digits = bytes[item.start] == UInt8(ascii: "-") ? item.start + 1 : item.start
        // A fraction or an exponent.
        for cursor in digits..<item.end where bytes[cursor] &- UInt8(ascii: "0") >= 10 { return nil }
        return JSONTape.integer(bytes, item.start, item.end)
    }

    /// A number in tenths with at most one significant decimal place ("5", "5.5", "5.50"), as `JSONValue.tenths` reads one;
    /// nil also when it does not fit in an Int.
    func tenths(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
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
}

/// A strict JSON parser (RFC 8259) over bytes that records the line and column of every value and every error.
///
/// Strict means: UTF-8 only, no comments, no trailing commas, no duplicate keys, nothing after the value. It never
/// traps on any input, binary included.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Whether values record their line and column; the history's reader skips that work (errors still have them).
    private var tracksPositions = true
    /// The last column worked out: the line it is on (by its start), the byte offset and the column there.
    private var columnCache: (lineStart: Int, offset: Int, column: Int) = (-1, 0, 1)

    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    static let maximumDepth = 64

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one whole JSON document.
    static func parse(_ bytes: [UInt8], positions: Bool = true) -> Result<JSONNode, JSONSyntaxError> {
        var parser = JSONParser(bytes: bytes)
        parser.tracksPositions = positions
        do throws(JSONSyntaxError) {
            // A UTF-8 byte order mark is tolerated at the very start, as editors sometimes write one.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                parser.index = 3
                parser.lineStart = 3
            }
            parser.skipSpace()
            let node = try parser.value()
            parser.skipSpace()
            guard parser.index == bytes.count else { throw parser.error(.trailingContent) }
            return .success(node)
        } catch {
            return .failure(error)
        }
    }

    /// Parses one whole JSON document from text.
    package static func parse(_ text: String) -> Result<JSONNode, JSONSyntaxError> {
        parse(Array(text.utf8))
    }

    /// Line and column (in characters) of a byte offset on the current line. The count goes on from the last offset
    /// asked about when it is on the same line, so a file of one very long line stays linear.
    private mutating func position(of offset: Int) -> (line: Int, column: Int) {
        if columnCache.lineStart != lineStart || columnCache.offset > offset {
            columnCache = (lineStart, lineStart, 1)
        }
        var column = columnCache.column
        var cursor = columnCache.offset
        while cursor < offset && cursor < bytes.count {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnCache = (lineStart, cursor, column)
        return (line, column)
    }

    private mutating func error(_ kind: JSONSyntaxError.Kind, at offset: Int? = nil) -> JSONSyntaxError {
        let at = min(offset ?? index, bytes.count)
        let (line, column) = position(of: at)
        return JSONSyntaxError(kind: kind, line: line, column: column, offset: at)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error(.unexpectedEnd) }
        let (line, column) = tracksPositions ? position(of: index) : (0, 0)
        func node(_ value: JSONValue) -> JSONNode { JSONNode(value, line: line, column: column) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return node(try object())
        case UInt8(ascii: "["): return node(try array())
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "t"):
            try literal("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
        default: throw error(bytes[index] >= 0x80 ? .invalidUTF8 : .unexpectedCharacter)
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[index] == byte else { throw error(.unexpectedCharacter) }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw error(.tooDeep) }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONValue.Member] = []
        // Past a few members the keys go into a set too, so that a huge object stays linear.
        var seen: Set<String> = []
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter) }
            let keyOffset = index
            let key = try string()
            // A linear scan while the object is small: cheaper than hashing every key of every history line.
            if members.count < 16 {
                guard !members.contains(where: { $0.key == key }) else { throw error(.duplicateKey, at: keyOffset) }
                if members.count == 15 { seen = Set(members.map(\.key) + [key]) }
            } else {
                guard seen.insert(key).inserted else { throw error(.duplicateKey, at: keyOffset) }
            }
            skipSpace()
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter) }
            index += 1
            skipSpace()
            members.append(JSONValue.Member(key: key, node: try value()))
            skipSpace()
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error(.unexpectedCharacter)
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error(.unexpectedCharacter)
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let count = digits()
        guard count > 0 else { throw error(.invalidNumber, at: start) }
        // No leading zeros: "01" is not JSON.
        if count > 1 && bytes[intStart] == UInt8(ascii: "0") { throw error(.invalidNumber, at: start) }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error(.invalidNumber, at: start) }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { throw error(.invalidNumber, at: start) }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        // Fast path: plain text with no escapes, made straight from the input bytes.
        var scan = index
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                // Plain ASCII needs no validation.
                let text = bytes.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[index..<scan]), as: UTF8.self)
                }
                index = scan + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            scan += 1
        }
        var scalars: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw error(byte == 0x0A ? .unexpectedEnd : .unexpectedCharacter) }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[runStart..<index])
                let escapeStart = index
                index += 1
                guard index < bytes.count else { throw error(.unexpectedEnd) }
                switch bytes[index] {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4(escapeStart)
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                            bytes[index + 2] == UInt8(ascii: "u")
                        else { throw error(.invalidEscape, at: escapeStart) }
                        index += 2
                        let low = try hex4(escapeStart)
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidEscape, at: escapeStart) }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error(.invalidEscape, at: escapeStart) }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error(.invalidEscape, at: escapeStart)
                }
                index += 1
                runStart = index
                continue
            }
            index += 1
        }
        guard let text = String(validating: scalars, as: UTF8.self) else {
            // Find the first bad byte for the position.
            throw error(.invalidUTF8, at: firstInvalidUTF8(from: runStart))
        }
        return text
    }

    /// Reads the four hex digits after `\u`, leaving `index` on the last one.
    private mutating func hex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            index += 1
            guard index < bytes.count else { throw error(.unexpectedEnd) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape, at: escapeStart)
            }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    private func firstInvalidUTF8(from start: Int) -> Int {
        var cursor = max(0, start - 1)
        // Walk back to the opening quote's run, then forward decoding one scalar at a time.
        while cursor > 0 && bytes[cursor] != UInt8(ascii: "\"") { cursor -= 1 }
        var decoder = UTF8()
        var iterator = bytes[(cursor + 1)...].makeIterator()
        var offset = cursor + 1
        while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return before
            }
        }
    }
}

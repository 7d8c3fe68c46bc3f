extension RecordLine {
    /// The record as its line holds it, every member included (those this version does not know too), in their order,
    /// each value's text as stored (numbers as written, strings with their escapes); only an amendment's mood replaces
    /// the value of `moodAfter` (or is added last when the line has none).
    ///
    /// `level` nil (`history --json`): the line itself, its spacing kept, or, when amended, written again without
    /// spacing, as `JSONWriter.compact` lays a value out. A `level` (`history export --format json`): laid out as
    /// `JSONWriter.pretty(_:level:)` lays out a value nested that deep. A line as this version writes it comes out byte
    /// for byte as the writers write its `SessionRecord`.
    package func appendStoredJSON(to output: inout [UInt8], level: Int? = nil) {
        let amended = moodAfter != storedMoodAfter ? moodAfter : nil
        guard level != nil || amended != nil else {
            output.append(contentsOf: bytes)
            return
        }
        bytes.withUnsafeBufferPointer { line in
            RecordLine.layOut(
                line, level: level, replacing: amended.map { (storedMoodAfterValue, $0) }, to: &output)
        }
    }

    /// Writes `line` (one valid JSON object) without its spacing, laid out at `level` (nil: compact). `replacing`: the
    /// top-level `moodAfter`'s value (where it is, nil when absent: then the member is added last) and the new mood.
    private static func layOut(
        _ line: UnsafeBufferPointer<UInt8>, level: Int?, replacing mood: (value: Range<Int>?, mood: Int)?,
        to output: inout [UInt8]
    ) {
        let count = line.count
        var depth = 0
        // A byte order mark is allowed before a line's object (as JSONParser allows it), and is not written.
        var index = count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF ? 3 : 0
        func newline(_ depth: Int) {
            guard let level else { return }
            output.append(0x0A)
            var spaces = 2 * (level + depth)
            while spaces > 0 {
                let chunk = min(spaces, indentation.utf8CodeUnitCount)
                output.append(contentsOf: UnsafeBufferPointer(start: indentation.utf8Start, count: chunk))
                spaces -= chunk
            }
        }
        while index < count {
            let byte = line[index]
            if let mood, let value = mood.value, index == value.lowerBound {
                append(integer: mood.mood, to: &output)
                index = value.upperBound
                continue
            }
            switch byte {
            case _ where isSpace(byte):
                index += 1
            case UInt8(ascii: "\""):
                var end = index + 1
                while line[end] != UInt8(ascii: "\"") { end += line[end] == UInt8(ascii: "\\") ? 2 : 1 }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: line[index...end]))
                index = end + 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // `}` and `]` follow `{` and `[` two places on.
                let closing = byte + 2
                var next = index + 1
                while next < count, isSpace(line[next]) { next += 1 }
                output.append(byte)
                if next < count && line[next] == closing {
                    output.append(closing)
                    index = next + 1
                } else {
                    depth += 1
                    newline(depth)
                    index += 1
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 1, let mood, mood.value == nil {
                    output.append(UInt8(ascii: ","))
                    newline(1)
                    append(level == nil ? #""moodAfter":"# : #""moodAfter": "#, to: &output)
                    append(integer: mood.mood, to: &output)
                }
                depth -= 1
                newline(depth)
                output.append(byte)
                index += 1
            case UInt8(ascii: ","):
                output.append(byte)
                newline(depth)
                index += 1
            case UInt8(ascii: ":"):
                output.append(byte)
                if level != nil { output.append(0x20) }
                index += 1
            default:
                // A number, true, false or null: up to the next delimiter.
                var end = index + 1
                while end < count, !isDelimiter(line[end]) { end += 1 }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: line[index..<end]))
                index = end
            }
        }
    }

    private static let indentation: StaticString = "                                "

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    @inline(__always)
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x20, 0x09, 0x0D, 0x0A: true
        default: false
        }
    }
}

/// Writes JSON: compact on one line (history records) or indented by two spaces (the preferences file).
package enum JSONWriter {
    /// One line, no spaces: a history record.
    static func compact(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output, indent: nil, level: 0)
        return output
    }

    /// Indented by two spaces, with a final newline: a file people edit by hand.
    package static func pretty(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output, indent: "  ", level: 0)
        return output + "\n"
    }

    /// Indented as `pretty` indents a value nested `level` deep (its own first line not indented), without a final
    /// newline: one element of a pretty array written piece by piece.
    static func pretty(_ value: JSONValue, level: Int) -> String {
        var output = ""
        write(value, into: &output, indent: "  ", level: level)
        return output
    }

    private static func write(_ value: JSONValue, into output: inout String, indent: String?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            output += "\n"
            for _ in 0..<level { output += indent }
        }
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): quote(text, into: &output)
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                newline(level + 1)
                write(element.value, into: &output, indent: indent, level: level + 1)
            }
            newline(level)
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                newline(level + 1)
                quote(member.key, into: &output)
                output += indent == nil ? ":" : ": "
                write(member.node.value, into: &output, indent: indent, level: level + 1)
            }
            newline(level)
            output += "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; everything else as UTF-8.
    package static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// A number of tenths as a JSON number with at most one decimal: 55 → 5.5, 40 → 4.
    package static func tenths(_ value: Int) -> JSONValue {
        .number(TenthsFormat.plain(value))
    }
}

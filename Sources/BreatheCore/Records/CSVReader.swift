/// Reads CSV (RFC 4180) as `CSVWriter` writes it, for `history import`: fields separated by commas, quoted when they
/// hold a comma, a quote or a line break (quotes doubled inside), rows ended by CRLF or LF.
enum CSVReader {
    /// One row: its fields, and the 1-based line it starts on.
    struct Row: Hashable, Sendable {
        var fields: [String]
        var line: Int
    }

    /// The rows of `bytes`, blank lines left out; `.failure` holds the line of a quote that is never closed, or of a
    /// quoted field followed by anything but a comma or the row's end.
    static func rows(_ bytes: [UInt8]) -> Result<[Row], ImportedRecords.BadLine> {
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var index = 0
        var rowHasContent = false
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRow() {
            if rowHasContent || !fields.isEmpty { rows.append(Row(fields: fields, line: rowLine)) }
            fields.removeAll()
            rowHasContent = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard field.isEmpty else { return .failure(.init(line: line)) }
                rowHasContent = true
                index += 1
                let opening = line
                var closed = false
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(inner)
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    if inner == 0x0A { line += 1 }
                    field.append(inner)
                    index += 1
                }
                guard closed else { return .failure(.init(line: opening)) }
                // After the closing quote: a comma, the row's end, or the input's end.
                if index < bytes.count {
                    let next = bytes[index]
                    let endsRow =
                        next == 0x0A || (next == 0x0D && (index + 1 == bytes.count || bytes[index + 1] == 0x0A))
                    guard next == UInt8(ascii: ",") || endsRow else { return .failure(.init(line: line)) }
                }
            case UInt8(ascii: ","):
                rowHasContent = true
                endField()
                index += 1
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                index += 1
            case 0x0A:
                if rowHasContent || !field.isEmpty { endField() }
                endRow()
                line += 1
                rowLine = line
                index += 1
            default:
                rowHasContent = true
                field.append(byte)
                index += 1
            }
        }
        if rowHasContent || !field.isEmpty {
            endField()
            endRow()
        }
        return .success(rows)
    }
}

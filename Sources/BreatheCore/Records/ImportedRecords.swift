/// One session read from a file given to `history import`: its id, when it started, and the history line to write for
/// it.
package struct ImportedRecord: Hashable, Sendable {
    package var id: String
    package var start: LocalTimestamp
    /// The history line (without its newline): the record as the file held it, unknown members included, with the mood
    /// of a later amendment in the same file folded in; a CSV row as the record it describes.
    package var line: String

    /// History order: by the moment each started (whatever its UTC offset), then by id.
    package static func precedes(_ lhs: ImportedRecord, _ rhs: ImportedRecord) -> Bool {
        let left = lhs.start.epochSeconds
        let right = rhs.start.epochSeconds
        return left != right ? left < right : lhs.id < rhs.id
    }
}

/// The sessions of a file `history import` is given, in whichever of the three forms the program writes: the history's
/// own JSON Lines (amendments folded in), `history export --format json` (one array) or `--format csv`. The form is
/// told by the first character that is not a space: `[`, `{`, or anything else (CSV, whose header must be the one
/// `CSVWriter` writes).
package enum ImportedRecords {
    /// The first line that holds no session (1-based).
    package struct BadLine: Error, Hashable, Sendable {
        package var line: Int
    }

    /// Every session of `bytes`, in file order (a session twice in the file is there twice); the first line that is not
    /// one fails the whole file.
    package static func read(_ bytes: [UInt8]) -> Result<[ImportedRecord], BadLine> {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return .success([]) }
        switch bytes[start] {
        case UInt8(ascii: "["): return array(bytes)
        case UInt8(ascii: "{"): return lines(bytes)
        default: return csv(bytes)
        }
    }

    /// The history's own form: a record or an amendment a line (blank lines skipped); an amendment changes the mood of
    /// the record with its id read before it, and one whose record is not in the file amends nothing.
    static func lines(_ bytes: [UInt8]) -> Result<[ImportedRecord], BadLine> {
        var records: [(record: ImportedRecord, members: [JSONValue.Member])] = []
        var newest: [String: Int] = [:]
        var lineNumber = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = Array(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let amendment = line.withUnsafeBufferPointer { SessionAmendment.parse(line: $0) }
            if let amendment {
                if let index = newest[amendment.id] {
                    records[index].members = replacing(
                        "moodAfter", with: .number(String(amendment.moodAfter)), in: records[index].members)
                }
                continue
            }
            guard case .success(let node) = JSONParser.parse(line, positions: false),
                case .object(let members) = node.value, let record = record(node.value)
            else { return .failure(BadLine(line: lineNumber)) }
            newest[record.id] = records.count
            records.append((record, members))
        }
        return .success(
            records.map { entry in
                var record = entry.record
                record.line = JSONWriter.compact(.object(entry.members))
                return record
            })
    }

    /// `history export --format json`: one array of records.
    static func array(_ bytes: [UInt8]) -> Result<[ImportedRecord], BadLine> {
        let node: JSONNode
        switch JSONParser.parse(bytes) {
        case .success(let parsed): node = parsed
        case .failure(let error): return .failure(BadLine(line: error.line))
        }
        guard case .array(let elements) = node.value else { return .failure(BadLine(line: node.line)) }
        var records: [ImportedRecord] = []
        for element in elements {
            guard case .object = element.value, var record = record(element.value) else {
                return .failure(BadLine(line: element.line))
            }
            record.line = JSONWriter.compact(element.value)
            records.append(record)
        }
        return .success(records)
    }

    /// `history export --format csv`: `CSVWriter`'s header (its last column, `reason`, may be missing), then a row a
    /// session. The pattern's kind, which CSV leaves out, is told by its name: none (timings), a built-in's, or saved.
    static func csv(_ bytes: [UInt8]) -> Result<[ImportedRecord], BadLine> {
        let rows: [CSVReader.Row]
        switch CSVReader.rows(bytes) {
        case .success(let read): rows = read
        case .failure(let bad): return .failure(bad)
        }
        guard let header = rows.first else { return .success([]) }
        let columns = CSVWriter.header
        guard header.fields == columns || header.fields == Array(columns.dropLast()) else {
            return .failure(BadLine(line: header.line))
        }
        var records: [ImportedRecord] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.fields.count, let record = record(csv: row.fields) else {
                return .failure(BadLine(line: row.line))
            }
            records.append(ImportedRecord(id: record.id, start: record.start, line: record.line))
        }
        return .success(records)
    }

    /// A record's id and start, when `value` is a whole record; its line is filled in by the caller.
    private static func record(_ value: JSONValue) -> ImportedRecord? {
        guard let record = SessionRecord(json: value) else { return nil }
        return ImportedRecord(id: record.id, start: record.start, line: "")
    }

    /// The record a CSV row describes, checked as a history line is.
    static func record(csv fields: [String]) -> SessionRecord? {
        func number(_ text: String) -> JSONValue { .number(text) }
        func mood(_ text: String) -> Int?? {
            if text.isEmpty { return .some(nil) }
            guard let level = Int(text), SessionRecord.moodRange.contains(level) else { return nil }
            return .some(level)
        }
        guard let start = LocalTimestamp.parse(fields[1]), let end = LocalTimestamp.parse(fields[2]),
            !fields[0].isEmpty, !fields[4].isEmpty,
            let plannedCycles = number(fields[6]).integer, let actualCycles = number(fields[7]).integer,
            let plannedTenths = number(fields[8]).tenths, let actualTenths = number(fields[9]).tenths,
            let status = SessionRecord.Status(rawValue: fields[10]),
            let moodBefore = mood(fields[11]), let moodAfter = mood(fields[12]),
            let source = SessionRecord.Source(rawValue: fields[14])
        else { return nil }
        let reasonText = fields.count > 15 ? fields[15] : ""
        let reason = SessionRecord.Reason(rawValue: reasonText)
        guard reasonText.isEmpty || reason != nil else { return nil }
        var ramps: [Ramp] = []
        for word in fields[5].split(separator: " ") {
            guard case .success(let ramp) = Ramp.parse(String(word)) else { return nil }
            ramps.append(ramp)
        }
        let name = fields[3].isEmpty ? nil : fields[3]
        let kind: SessionRecord.PatternKind =
            name.map { BreathingPattern.builtIn(named: $0) == nil ? .saved : .builtIn } ?? .timings
        return SessionRecord(
            id: fields[0], start: start, end: end, patternName: name, timings: fields[4], patternKind: kind,
            ramps: ramps, plannedCycles: plannedCycles, actualCycles: actualCycles, plannedTenths: plannedTenths,
            actualTenths: actualTenths, status: status, moodBefore: moodBefore, moodAfter: moodAfter,
            language: fields[13], source: source, reason: reason)
    }

    /// `members` with `key`'s value replaced (kept in its place), or added last.
    private static func replacing(_ key: String, with value: JSONValue, in members: [JSONValue.Member])
        -> [JSONValue.Member]
    {
        var members = members
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = JSONNode(value)
        } else {
            members.append(JSONValue.Member(key: key, node: JSONNode(value)))
        }
        return members
    }
}

/// Writes the history as CSV (RFC 4180): a header, CRLF line ends, and fields quoted when they hold a comma, a quote
/// or a line break, with quotes doubled.
package enum CSVWriter {
    package static let header = [
        "id", "start", "end", "pattern", "timings", "ramps", "planned_cycles", "actual_cycles", "planned_seconds",
        "actual_seconds", "status", "mood_before", "mood_after", "language", "source",
        "reason",
    ]

    package static func row(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\r\n"
    }

    static func escape(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        var quoted = "\""
        for character in field {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    static func fields(_ record: SessionRecord) -> [String] {
        [
            record.id, record.start.iso8601, record.end.iso8601, record.patternName ?? "", record.timings,
            record.ramps.map { "\($0.kind.rawValue)=\(TenthsFormat.plain($0.targetTenths))" }.joined(separator: " "),
            String(record.plannedCycles), String(record.actualCycles), TenthsFormat.plain(record.plannedTenths),
            TenthsFormat.plain(record.actualTenths), record.status.rawValue, record.moodBefore.map(String.init) ?? "",
            record.moodAfter.map(String.init) ?? "", record.language, record.source.rawValue,
            record.reason?.rawValue ?? "",
        ]
    }
}

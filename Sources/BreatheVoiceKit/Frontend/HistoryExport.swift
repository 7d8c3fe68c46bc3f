import BreatheCore

/// `history export`: the whole history as CSV (RFC 4180) or as a JSON array.
package enum HistoryExport {
    package enum Format: String, Hashable, Sendable {
        case csv
        case json

        /// The format named as typed, in any case; any other name is a usage error.
        package init(named name: String) throws(BreatheError) {
            guard let format = Format(rawValue: name.lowercased()) else {
                throw .usage(Message(.errorFormat, ["value": .userValue(name)]))
            }
            self = format
        }
    }

    /// The exported text: a header and one row per record, or one pretty-printed array.
    package static func text(_ records: [SessionRecord], format: Format) -> String {
        switch format {
        case .csv:
            var text = CSVWriter.row(CSVWriter.header)
            for record in records { text += CSVWriter.row(CSVWriter.fields(record)) }
            return text
        case .json:
            return JSONWriter.pretty(.array(records.map { JSONNode($0.json) }))
        }
    }
}

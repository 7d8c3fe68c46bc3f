import BreatheCore

/// `history export`: the whole history as CSV (RFC 4180) or as a JSON array.
enum HistoryExport {
    enum Format: String, Hashable, Sendable {
        case csv
        case json

        /// The format named as typed, in any case; any other name is a usage error.
        init(named name: String) throws(BreatheError) {
            guard let format = Format(rawValue: name.lowercased()) else {
                throw .usage(Message(.errorFormat, ["value": .userValue(name)]))
            }
            self = format
        }
    }

    /// Writes the export of the records `records` hands out to `output`, each as it comes, stopping at once when a
    /// write fails (as when the reader went away): CSV (RFC 4180), the header then one row per record; JSON, one array exactly as
    /// `JSONWriter.pretty` indents it, written as `[`, the records separated by `,`, and `]`. Nothing is kept from one
    /// record to the next. Returns the number of records written.
    static func write(
        _ format: Format,
        records: (_ body: (SessionRecord) -> Bool) throws(BreatheError) -> Void,
        to output: ChunkedWriter
    ) throws(BreatheError) -> Int {
        var count = 0
        var going = output.write(opening(format))
        guard going else { return 0 }
        try records { record in
            going = output.write(item(record, index: count, format: format))
            if going { count += 1 }
            return going
        }
        if going { output.write(closing(format, count: count)) }
        return count
    }

    /// What comes before the first record: the CSV header, or the array's opening bracket.
    static func opening(_ format: Format) -> String {
        switch format {
        case .csv: CSVWriter.row(CSVWriter.header)
        case .json: "["
        }
    }

    /// One record: its CSV row, or the array's element at `index` (after a comma unless it is the first), on lines of
    /// its own, indented one level.
    static func item(_ record: SessionRecord, index: Int, format: Format) -> String {
        switch format {
        case .csv: CSVWriter.row(CSVWriter.fields(record))
        case .json: (index == 0 ? "\n  " : ",\n  ") + JSONWriter.pretty(record.json, level: 1)
        }
    }

    /// What comes after `count` records: nothing for CSV; the array's closing bracket and the final newline.
    static func closing(_ format: Format, count: Int) -> String {
        switch format {
        case .csv: ""
        case .json: count == 0 ? "]\n" : "\n]\n"
        }
    }
}

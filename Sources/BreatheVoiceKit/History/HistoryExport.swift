import BreatheCore
import BreatheSystem

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

    /// Writes the export of the records `records` hands out to `output`, each as it comes, stopping at once when a
    /// write fails (as when the reader went away): CSV (RFC 4180), the header then one row per record; JSON, one array
    /// exactly as `JSONWriter.pretty` indents it, written as `[`, the records separated by `,`, and `]`. Nothing is kept
    /// from one record to the next. Returns the number of records written.
    package static func write(
        _ format: Format,
        records: (_ body: (SessionRecord) -> Bool) throws(BreatheError) -> Void,
        to output: ChunkedWriter
    ) throws(BreatheError) -> Int {
        // Each record as the line it would have been read into: one writer for both.
        try write(
            format,
            lines: { body throws(BreatheError) in
                try withoutActuallyEscaping(body) { (body) throws(BreatheError) in try records { body(RecordLine($0)) }
                }
            }, to: output)
    }

    /// `write`, each record handed over as the `RecordLine` it was read into and written out byte by byte.
    package static func write(
        _ format: Format,
        lines: (_ body: (RecordLine) -> Bool) throws(BreatheError) -> Void,
        to output: ChunkedWriter
    ) throws(BreatheError) -> Int {
        var count = 0
        var going = output.write(opening(format))
        guard going else { return 0 }
        try lines { record in
            going = write(record, index: count, format: format, to: output)
            if going { count += 1 }
            return going
        }
        if going { output.write(closing(format, count: count)) }
        return count
    }

    /// One record: its CSV row, or the array's element at `index` (after a comma unless it is the first), on lines of
    /// its own, indented one level, every member as stored (those this version does not know included); false once a
    /// write has failed.
    private static func write(_ record: RecordLine, index: Int, format: Format, to output: ChunkedWriter) -> Bool {
        output.append { bytes in
            switch format {
            case .csv: record.appendCSVRow(to: &bytes)
            case .json:
                RecordLine.append(index == 0 ? "\n  " : ",\n  ", to: &bytes)
                record.appendStoredJSON(to: &bytes, level: 1)
            }
        }
    }

    /// What comes before the first record: the CSV header, or the array's opening bracket.
    static func opening(_ format: Format) -> String {
        switch format {
        case .csv: CSVWriter.row(CSVWriter.header)
        case .json: "["
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

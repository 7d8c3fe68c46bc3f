import BreatheCore
import BreatheSystem

/// `history` and `history export`, streamed in time order, each session once (`HistoryStore+Reading`): each record is
/// read, written and forgotten, so memory stays the same whatever the history's length (but for the index of one out
/// of order), the first line leaves once the file's order is known, and a reader that goes away (`| head`) stops the
/// reading at once (exit 0, nothing on standard error; see `OutputHealth`).
///
/// Standard output is written in chunks (`ChunkedWriter`); an unreadable line's warning goes to standard error as the
/// line is met, after what came before it on standard output.
package struct HistoryStream {
    let store: HistoryStore
    let localizer: Localizer

    package init(store: HistoryStore = HistoryStore(), localizer: Localizer) {
        self.store = store
        self.localizer = localizer
    }

    /// `history`: one sentence per record, or (`json`) each record as its line holds it (unknown members kept, an
    /// amendment's mood folded in), oldest first; in text,
    /// one line saying so when no record matches.
    package func list(_ filter: HistoryFilter, json: Bool) throws(BreatheError) {
        let output = ChunkedWriter(fileDescriptor: 1)
        defer { finish(output) }
        var rows = HistoryRowWriter(listing: HistoryListing(localizer: localizer))
        var shown = 0
        try filter.forEachLine(store, skipped: warning(after: output)) { record in
            shown += 1
            return output.append { bytes in
                if json {
                    record.appendStoredJSON(to: &bytes)
                    bytes.append(0x0A)
                } else {
                    rows.append(record, to: &bytes)
                }
            }
        }
        if shown == 0 && !json { output.write(PlainText.line(localizer.string(Message(.historyEmpty)))) }
    }

    /// `history export`: every record, to standard output or (`path`) to that file, written as `FileSystem.writeUserFile`
    /// writes (a regular file replaced whole through a temporary file beside it, which a failure removes). Returns the
    /// number of records exported.
    package func export(_ format: HistoryExport.Format, to path: String?) throws(BreatheError) -> Int {
        guard let path else {
            let output = ChunkedWriter(fileDescriptor: 1)
            defer { finish(output) }
            return try export(format, to: output)
        }
        var count = 0
        try FileSystem.writeUserFile(path) { descriptor throws(BreatheError) in
            let output = ChunkedWriter(fileDescriptor: descriptor)
            count = try export(format, to: output)
            guard output.flush() else { throw FileSystem.writeError(path, output.failure) }
        }
        return count
    }

    private func export(_ format: HistoryExport.Format, to output: ChunkedWriter) throws(BreatheError) -> Int {
        let skipped = warning(after: output)
        return try HistoryExport.write(
            format,
            lines: { body throws(BreatheError) in try store.forEachRecordLine(skipped: skipped, body) },
            to: output)
    }

    /// Reports an unreadable line on standard error, after writing what `output` holds so far.
    private func warning(after output: ChunkedWriter) -> (Int) -> Void {
        { [store, localizer] number in
            // A reader that went away stops the reading: no warning after that.
            guard output.flush() else { return }
            var standardError = FileDescriptorSink.standardError
            standardError.say(store.skippedLine(number), localizer)
        }
    }

    /// Writes what standard output still holds; a failed write counts as `FileDescriptorSink`'s do (see `OutputHealth`).
    private func finish(_ output: ChunkedWriter) {
        output.flush()
        if output.failure != 0 { OutputHealth.noteFailure(descriptor: 1, code: output.failure) }
    }
}

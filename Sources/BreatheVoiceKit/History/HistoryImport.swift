import BreatheCore
import BreatheSystem

/// `history import FILE…`: the sessions of files this program wrote (its history's JSON Lines, or an export as CSV or
/// JSON), merged into the history by session id (see `HistoryStore.merge`).
///
/// Every file is read and checked whole before the history is touched: the first line that holds no session stops
/// everything (65, naming the file and the line) and nothing is written.
package struct HistoryImport {
    let store: HistoryStore

    package init(store: HistoryStore = HistoryStore()) {
        self.store = store
    }

    /// The most one file may hold: an export of millions of sessions, read into memory at once.
    static let fileLimit = 1 << 30

    /// Merges the sessions of `paths`, in order; with `dryRun`, only says what it would do.
    package func run(_ paths: [String], dryRun: Bool) throws(BreatheError) -> HistoryImportOutcome {
        var records: [ImportedRecord] = []
        for path in paths {
            guard let bytes = try FileSystem.readFile(path, limit: Self.fileLimit) else {
                throw FileSystem.missing(path)
            }
            switch ImportedRecords.read(bytes) {
            case .success(let read): records += read
            case .failure(let bad):
                throw .badData(Message(.errorImportLine, ["file": .text(path), "line": .integer(bad.line)]))
            }
        }
        return try store.merge(records, dryRun: dryRun)
    }

    /// The one line that says what happened (or would happen).
    package static func summary(_ outcome: HistoryImportOutcome, dryRun: Bool) -> Message {
        let count: MessageArgument = .integer(outcome.imported)
        guard outcome.alreadyHere > 0 else {
            return Message(dryRun ? .historyImportWould : .historyImported, ["n": count])
        }
        let already = Message(
            dryRun ? .historyImportWouldAlready : .historyImportedAlready, ["n": .integer(outcome.alreadyHere)])
        return Message(
            dryRun ? .historyImportWouldSome : .historyImportedSome, ["n": count, "already": .message(already)])
    }
}

import BreatheCore
import BreatheSystem

/// The sessions `history` lists: `--last` and `--since`, checked.
package struct HistoryFilter: Hashable, Sendable {
    /// Only the newest this many.
    var last: Int?
    /// Only sessions that started on or after this local day.
    var sinceDay: Int?

    package init(last: Int? = nil, sinceDay: Int? = nil) {
        self.last = last
        self.sinceDay = sinceDay
    }

    /// The filter for `--last` and `--since` as typed; a value out of range or a date that is not one is a usage error.
    package init(last: String?, since: String?) throws(BreatheError) {
        if let last {
            let field = NumberField(name: .fieldCycles, places: 0, range: 1...1_000_000, rangeKey: .rangeCount)
            guard case .success(let value) = field.parse(last) else {
                throw .usage(
                    Message(
                        .errorPrefValue,
                        [
                            "name": .message(Message(.prefNameFlag, ["flag": .text("--last")])),
                            "value": .userValue(last),
                            "allowed": .message(field.rangeMessage),
                        ]))
            }
            self.last = value
        }
        if let since {
            guard let date = LocalTimestamp.parse(since + "T00:00:00Z"), since.count == 10,
                LocalTimestamp.date(dayNumber: date.dayNumber) == (date.year, date.month, date.day)
            else { throw .usage(Message(.errorDate, ["value": .userValue(since)])) }
            sinceDay = date.dayNumber
        }
    }

    /// Hands `body` the matching records in time order, oldest first, each session once, one at a time as they are
    /// read (see `HistoryStore+Reading`): with `--last`, in a history in order, only the file's tail is read in full,
    /// back to the oldest of them, then forward. `body` returns false to stop. `skipped` hears the line number of each
    /// unreadable line met.
    func forEach(
        _ store: HistoryStore, skipped: (Int) -> Void = { _ in }, _ body: (SessionRecord) -> Bool
    ) throws(BreatheError) {
        try forEachLine(store, skipped: skipped) { body($0.record) }
    }

    /// `forEach`, each record handed over as the `RecordLine` it was read into (see `HistoryStore.forEachRecordLine`).
    func forEachLine(
        _ store: HistoryStore, skipped: (Int) -> Void = { _ in }, _ body: (RecordLine) -> Bool
    ) throws(BreatheError) {
        let sinceDay = sinceDay
        func matches(_ record: RecordLine) -> Bool { sinceDay.map { record.start.dayNumber >= $0 } ?? true }
        if let last {
            try store.forEachRecordLineOfNewest(last, where: matches, skipped: skipped, body)
        } else {
            try store.forEachRecordLine(where: matches, skipped: skipped, body)
        }
    }
}

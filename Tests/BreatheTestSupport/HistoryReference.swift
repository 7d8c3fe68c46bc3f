import BreatheCore

/// What every reader of the history must hand over, worked out the plain way, for tests to compare the readers with:
/// the records in file order with their amendments folded in (as `RecordLineWindow` folds them), then in time order (by
/// start; ties in file order), a record left out when one before it had its start second and its id (compared as
/// Strings): each session once, its first place kept.
enum HistoryReference {
    /// Hands `body` the records of `lines` (without newlines) in file order, amendments folded in, each with its line's
    /// index, as the store's reader hands them over.
    static func fold(_ lines: [String], _ body: (RecordLine, Int) -> Void) {
        var window = RecordLineWindow()
        func handOver() {
            window.removeOldest { body($0, $1) }
        }
        for (number, line) in lines.enumerated() where !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            let read = Array(line.utf8).withUnsafeBufferPointer { window.read($0, at: number) }
            switch read {
            case .record: if window.isFull { handOver() }
            case .amendment: break
            case .unreadable: while !window.isEmpty { handOver() }
            }
        }
        while !window.isEmpty { handOver() }
    }

    /// The records of `lines` in file order, amendments folded in, each with its line's index.
    static func folded(_ lines: [String]) -> [(line: Int, record: SessionRecord)] {
        var out: [(Int, SessionRecord)] = []
        fold(lines) { out.append(($1, $0.record)) }
        return out
    }

    /// The records of `lines` as `history` lists them.
    static func listed(_ lines: [String]) -> [SessionRecord] {
        let ordered = folded(lines).enumerated().sorted { left, right in
            let (a, b) = (left.element.record.start.epochSeconds, right.element.record.start.epochSeconds)
            return a != b ? a < b : left.offset < right.offset
        }
        var seen: Set<[String]> = []
        return ordered.map(\.element.record).filter { seen.insert([String($0.start.epochSeconds), $0.id]).inserted }
    }

    /// `lines` sorted in time order, each record's line as this version writes it (amendments folded in).
    static func sorted(_ lines: [String]) -> [String] {
        folded(lines).sorted { $0.record.start < $1.record.start }.map(\.record.line)
    }
}

import BreatheCore

/// `history`'s sentences for a long listing: each record's line exactly as `HistoryListing.line` says it, written
/// straight into the output's bytes.
///
/// Each row sentence's template is split into its pieces once; each argument is put into words (`Localizer.spoken`)
/// and made plain (`PlainText.sanitize`, which works scalar by scalar, so pieces made plain one by one read as the
/// whole line would) once per value, and kept: a history holds many sessions but few patterns, lengths and days.
/// What is kept is bounded, so memory stays the same whatever the history's length.
struct HistoryRowWriter {
    let listing: HistoryListing
    private var localizer: Localizer { listing.localizer }

    /// The four sentences a row can be, in `Row` order, as pieces.
    private let templates: [[Piece]]
    /// Put-into-words arguments by row, argument and value (a number, or an enum's raw value).
    private var words: [[Int: [UInt8]]]
    /// Patterns' and timings' words by their bytes (plain ASCII names only), a few.
    private var patterns: [(kind: SessionRecord.PatternKind, named: Bool, name: [UInt8], words: [UInt8])] = []
    private var timings: [(text: [UInt8], words: [UInt8])] = []
    /// The day last written, in words.
    private var day = (number: Int.min, words: [UInt8]())

    /// How many values of one argument, or patterns, are kept at most.
    private static let limit = 4096
    private static let patternLimit = 64

    private enum Row: Int, CaseIterable {
        case plain, mood, moodAfter, skipped

        var key: MessageKey {
            switch self {
            case .plain: .historyRow
            case .mood: .historyRowMood
            case .moodAfter: .historyRowMoodAfter
            case .skipped: .historyRowSkipped
            }
        }

        /// The arguments `HistoryListing.line` gives this sentence.
        var arguments: [Argument] {
            let common: [Argument] = [.start, .pattern, .timings, .done, .cycles, .duration, .status]
            switch self {
            case .plain: return common
            case .mood: return common + [.before, .after]
            case .moodAfter: return common + [.after]
            case .skipped: return common + [.activity]
            }
        }
    }

    private enum Argument: String, CaseIterable {
        case start, pattern, timings, done, cycles, duration, status, before, after, activity
    }

    private enum Piece {
        case text([UInt8])
        case argument(Argument)
    }

    init(listing: HistoryListing) {
        self.listing = listing
        let localizer = listing.localizer
        templates = Row.allCases.map { row in
            var pieces: [Piece] = []
            let names = Set(row.arguments.map(\.rawValue))
            Localizer.forEachPiece(of: localizer.template(row.key)) { text, name in
                if let name, names.contains(name), let argument = Argument(rawValue: name) {
                    pieces.append(.argument(argument))
                } else if !text.isEmpty {
                    pieces.append(.text(Array(PlainText.sanitize(String(text)).utf8)))
                }
            }
            return pieces
        }
        words = Array(repeating: [:], count: Row.allCases.count * Argument.allCases.count)
    }

    /// Appends the record's line, newline included, as `HistoryListing.line` writes it.
    mutating func append(_ record: RecordLine, to output: inout [UInt8]) {
        let row: Row
        if record.status == .skipped, record.reason != nil {
            row = .skipped
        } else if record.moodBefore != nil, record.moodAfter != nil {
            row = .mood
        } else if record.moodAfter != nil {
            row = .moodAfter
        } else {
            row = .plain
        }
        for piece in templates[row.rawValue] {
            switch piece {
            case .text(let bytes): output.append(contentsOf: bytes)
            case .argument(let argument): append(argument, of: record, in: row, to: &output)
            }
        }
        output.append(0x0A)
    }

    private mutating func append(_ argument: Argument, of record: RecordLine, in row: Row, to output: inout [UInt8]) {
        switch argument {
        case .start:
            let start = record.start
            let dayNumber = start.dayNumber
            if day.number != dayNumber { day = (dayNumber, plain(localizer.date(dayNumber: dayNumber))) }
            output.append(contentsOf: day.words)
            // ", 14:05", as `Localizer.moment` ends.
            output.append(UInt8(ascii: ","))
            output.append(0x20)
            RecordLine.append(digitsOf: UInt(start.hour), width: 1, to: &output)
            output.append(UInt8(ascii: ":"))
            RecordLine.append(digitsOf: UInt(start.minute), width: 2, to: &output)
        case .pattern: appendPattern(of: record, in: row, to: &output)
        case .timings: appendTimings(of: record, in: row, to: &output)
        case .done: appendWords(.integer(record.actualCycles), record.actualCycles, argument, row, &output)
        case .cycles:
            appendWords(.message(.cycles(record.plannedCycles)), record.plannedCycles, argument, row, &output)
        case .duration:
            appendWords(.message(.duration(tenths: record.actualTenths)), record.actualTenths, argument, row, &output)
        case .status:
            let key = listing.statusKey(record.status)
            appendWords(.message(Message(key)), Int(record.status.number), argument, row, &output)
        case .before:
            let value = record.moodBefore ?? 0
            appendWords(.integer(value), value, argument, row, &output)
        case .after:
            let value = record.moodAfter ?? 0
            appendWords(.integer(value), value, argument, row, &output)
        case .activity:
            guard let reason = record.reason else { return }
            appendWords(.message(reason.message), reason == .call ? 0 : 1, argument, row, &output)
        }
    }

    /// The words of `argument`'s value `value` in this row: kept, or made (from `make`, an autoclosure so that a value
    /// already kept costs no Message) and kept.
    private mutating func appendWords(
        _ make: @autoclosure () -> MessageArgument, _ value: Int, _ argument: Argument, _ row: Row,
        _ output: inout [UInt8]
    ) {
        let slot = row.rawValue * Argument.allCases.count + argumentIndex(argument)
        if let kept = words[slot][value] {
            output.append(contentsOf: kept)
            return
        }
        let made = plain(localizer.spoken(make(), named: argument.rawValue, in: row.key))
        if words[slot].count >= HistoryRowWriter.limit { words[slot].removeAll(keepingCapacity: true) }
        words[slot][value] = made
        output.append(contentsOf: made)
    }

    private func argumentIndex(_ argument: Argument) -> Int {
        switch argument {
        case .start: 0
        case .pattern: 1
        case .timings: 2
        case .done: 3
        case .cycles: 4
        case .duration: 5
        case .status: 6
        case .before: 7
        case .after: 8
        case .activity: 9
        }
    }

    /// The pattern as `HistoryListing.line` names it.
    private mutating func appendPattern(of record: RecordLine, in row: Row, to output: inout [UInt8]) {
        let kind = record.patternKind
        let named = record.hasPatternName
        let found: [UInt8]? = record.withPatternNameBytes { name in
            guard let name else { return nil }
            for entry in patterns
            where entry.kind == kind && entry.named == named && entry.name.count == name.count
                && entry.name.elementsEqual(name)
            {
                return entry.words
            }
            return nil
        }
        if let found {
            output.append(contentsOf: found)
            return
        }
        let pattern = listing.pattern(name: record.patternNameText, kind: kind)
        let made = plain(localizer.spoken(.message(.patternName(pattern)), named: "pattern", in: row.key))
        output.append(contentsOf: made)
        guard patterns.count < HistoryRowWriter.patternLimit else { return }
        record.withPatternNameBytes { name in
            if let name { patterns.append((kind, named, Array(name), made)) }
        }
    }

    /// The timings as a sentence reads them.
    private mutating func appendTimings(of record: RecordLine, in row: Row, to output: inout [UInt8]) {
        let found: [UInt8]? = record.withTimingsBytes { text in
            guard let text else { return nil }
            for entry in timings where entry.text.count == text.count && entry.text.elementsEqual(text) {
                return entry.words
            }
            return nil
        }
        if let found {
            output.append(contentsOf: found)
            return
        }
        let made = plain(localizer.spoken(.timings(record.timingsText), named: "timings", in: row.key))
        output.append(contentsOf: made)
        guard timings.count < HistoryRowWriter.patternLimit else { return }
        record.withTimingsBytes { text in
            if let text { timings.append((Array(text), made)) }
        }
    }

    private func plain(_ text: String) -> [UInt8] {
        Array(PlainText.sanitize(text).utf8)
    }
}

extension SessionRecord.Status {
    /// A number for each status, to keep its words by.
    fileprivate var number: UInt8 {
        switch self {
        case .completed: 0
        case .stopped: 1
        case .interrupted: 2
        case .skipped: 3
        }
    }
}

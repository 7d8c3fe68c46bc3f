import BreatheCore
import BreatheSystem

/// `history`'s sentences for a long listing: each record's line exactly as `HistoryListing.line` says it, written
/// straight into the output's bytes.
///
/// Each row sentence's template is split into its pieces once; each argument is put into words (`Localizer.spoken`)
/// and made plain (`PlainText.sanitize`, which works scalar by scalar, so pieces made plain one by one read as the
/// whole line would) once per value, and kept: a history holds many sessions but few patterns, lengths and days.
/// What is kept lives in one buffer of bytes, emptied when it grows past `arenaLimit`, so memory stays the same
/// whatever the history's length, and writing a row costs no allocation and no reference counting.
struct HistoryRowWriter {
    let listing: HistoryListing

    /// Every template's pieces, by row (`rows[row]` is the range of `pieces` that row's template is).
    private var pieces: [Piece] = []
    private var rows: [Range<Int>] = []
    /// The templates' text, then the words kept, by range.
    private var arena: [UInt8] = []
    /// Where the kept words start in `arena` (the templates' text comes before).
    private var keptStart = 0
    /// Words of numbers and statuses by row, argument and value: a table indexed by a hash, each value in one of two
    /// neighbouring places, a newer value replacing the older one there (a history's lengths alone are hundreds of
    /// values for each of three sentences: with one place each, they pushed one another out, and a tenth of the
    /// listing's time went into making their words again).
    private var kept: [Kept]
    /// Words of patterns and timings by their bytes (plain ASCII only), a few.
    private var keptTexts: [KeptText] = []
    /// The day last written, in words.
    private var dayNumber = Int.min
    private var dayWords: [UInt8] = []
    private var dates: DateWords

    /// How many bytes of kept words the arena holds before they are let go.
    private let arenaLimit: Int
    private static let tableBits = 13
    private static let textLimit = 64

    private enum Row: Int, CaseIterable {
        case plain, mood, moodAfter, skipped, declined, failed

        var key: MessageKey {
            switch self {
            case .plain: .historyRow
            case .mood: .historyRowMood
            case .moodAfter: .historyRowMoodAfter
            case .skipped: .historyRowSkipped
            case .declined: .historyRowDeclined
            case .failed: .historyRowFailed
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
            case .declined: return common
            case .failed: return common + [.cause]
            }
        }
    }

    private enum Argument: Int, CaseIterable {
        case start, pattern, timings, done, cycles, duration, status, before, after, activity, cause

        var name: String {
            switch self {
            case .start: "start"
            case .pattern: "pattern"
            case .timings: "timings"
            case .done: "done"
            case .cycles: "cycles"
            case .duration: "duration"
            case .status: "status"
            case .before: "before"
            case .after: "after"
            case .activity: "activity"
            case .cause: "cause"
            }
        }
    }

    /// A template's piece: text (its range in `arena`), or an argument and the form its number is said in.
    private struct Piece {
        var argument: Argument?
        var form: String?
        var text: Range<Int>
    }

    /// 16 bytes: 8 192 of them are 128 KiB.
    private struct Kept {
        var slot: Int32 = -1
        var value: Int32 = 0
        var start: Int32 = 0
        var count: Int32 = 0

        var words: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }
    /// Which place of each pair was written last (1: the second).
    private var newer: [UInt8]

    private struct KeptText {
        /// The pattern's kind (and whether it has a name), or -1 for timings.
        var kind: Int
        var text: Range<Int>
        var words: Range<Int>
    }

    package init(listing: HistoryListing, arenaLimit: Int = 1 << 18) {
        self.listing = listing
        self.arenaLimit = arenaLimit
        kept = Array(repeating: Kept(), count: 1 << HistoryRowWriter.tableBits)
        newer = Array(repeating: 0, count: 1 << (HistoryRowWriter.tableBits - 1))
        let localizer = listing.localizer
        dates = DateWords(localizer: localizer, finish: PlainText.sanitize)
        for row in Row.allCases {
            let first = pieces.count
            let names = Dictionary(uniqueKeysWithValues: row.arguments.map { ($0.name, $0) })
            Localizer.forEachPiece(of: localizer.template(row.key)) { text, placeholder in
                if let placeholder, let argument = names[placeholder.name] {
                    pieces.append(Piece(argument: argument, form: placeholder.form, text: 0..<0))
                } else if !text.isEmpty {
                    pieces.append(Piece(argument: nil, text: keep(PlainText.sanitize(String(text)))))
                }
            }
            rows.append(first..<pieces.count)
        }
        keptStart = arena.count
    }

    /// Appends the record's line, newline included, as `HistoryListing.line` writes it.
    mutating func append(_ record: RecordLine, to output: inout [UInt8]) {
        let row: Row
        if let key = HistoryListing.reminderRow(status: record.status, reason: record.reason) {
            row = key == .historyRowFailed ? .failed : key == .historyRowDeclined ? .declined : .skipped
        } else if record.moodBefore != nil, record.moodAfter != nil {
            row = .mood
        } else if record.moodAfter != nil {
            row = .moodAfter
        } else {
            row = .plain
        }
        if arena.count - keptStart > arenaLimit { forget() }
        for index in rows[row.rawValue] {
            let piece = pieces[index]
            guard let argument = piece.argument else {
                copy(piece.text, to: &output)
                continue
            }
            append(argument, of: record, in: row, piece: index, to: &output)
        }
        output.append(0x0A)
    }

    private mutating func append(
        _ argument: Argument, of record: RecordLine, in row: Row, piece: Int, to output: inout [UInt8]
    ) {
        let slot = Slot(piece: piece, argument: argument)
        switch argument {
        case .start:
            let start = record.start
            let day = start.dayNumber
            if day != dayNumber {
                dayNumber = day
                dayWords.removeAll(keepingCapacity: true)
                dates.append(dayNumber: day, to: &dayWords)
            }
            output.append(contentsOf: dayWords)
            // ", 14:05", as `Localizer.moment` ends.
            output.append(UInt8(ascii: ","))
            output.append(0x20)
            RecordLine.append(digitsOf: UInt(start.hour), width: 1, to: &output)
            output.append(UInt8(ascii: ":"))
            RecordLine.append(digitsOf: UInt(start.minute), width: 2, to: &output)
        case .pattern: appendPattern(of: record, in: row, to: &output)
        case .timings: appendTimings(of: record, in: row, to: &output)
        case .done: appendWords(.integer(record.actualCycles), record.actualCycles, slot, row, &output)
        case .cycles:
            appendWords(.message(.cycles(record.plannedCycles)), record.plannedCycles, slot, row, &output)
        case .duration:
            appendWords(.message(.duration(tenths: record.actualTenths)), record.actualTenths, slot, row, &output)
        case .status:
            let key = listing.statusKey(record.status)
            appendWords(.message(Message(key)), Int(record.status.number), slot, row, &output)
        case .before:
            let value = record.moodBefore ?? 0
            appendWords(.integer(value), value, slot, row, &output)
        case .after:
            let value = record.moodAfter ?? 0
            appendWords(.integer(value), value, slot, row, &output)
        case .activity, .cause:
            let reason = record.reason ?? .other
            guard let words = reason.message else { return }
            appendWords(.message(words), Int(reason.number), slot, row, &output)
        }
    }

    /// Where an argument stands in a template: its piece (a sentence may say one argument twice, in two forms; the
    /// piece holds the form its number is said in there).
    private struct Slot {
        var piece: Int
        var argument: Argument
    }

    /// The words of the argument's value `value` in this slot: kept, or made (from `make`, an autoclosure so that a
    /// value already kept costs no Message) and kept.
    private mutating func appendWords(
        _ make: @autoclosure () -> MessageArgument, _ value: Int, _ slot: Slot, _ row: Row,
        _ output: inout [UInt8]
    ) {
        let form = pieces[slot.piece].form
        guard let small = Int32(exactly: value), let piece = Int32(exactly: slot.piece) else {
            // A number no history holds: said, not kept.
            let words = listing.localizer.spoken(make(), named: slot.argument.name, form: form, in: row.key)
            output.append(contentsOf: PlainText.sanitize(words).utf8)
            return
        }
        let mixed = (UInt(bitPattern: value) &+ UInt(slot.piece) &* 0x0100_0193) &* 0x9E37_79B9_7F4A_7C15
        let pair = Int(mixed >> UInt(UInt.bitWidth - HistoryRowWriter.tableBits + 1))
        for index in pair * 2...pair * 2 + 1 where kept[index].slot == piece && kept[index].value == small {
            copy(kept[index].words, to: &output)
            return
        }
        let words = keep(listing.localizer.spoken(make(), named: slot.argument.name, form: form, in: row.key))
        let place = 1 - newer[pair]
        newer[pair] = place
        kept[pair * 2 + Int(place)] = Kept(
            slot: piece, value: small, start: Int32(truncatingIfNeeded: words.lowerBound),
            count: Int32(truncatingIfNeeded: words.count))
        copy(words, to: &output)
    }

    /// The pattern as `HistoryListing.line` names it.
    private mutating func appendPattern(of record: RecordLine, in row: Row, to output: inout [UInt8]) {
        let kind = Int(record.patternKind.number) * 2 + (record.hasPatternName ? 1 : 0)
        let made = record.withPatternNameBytes { name in appendKept(kind, name, to: &output) }
        guard !made else { return }
        let pattern = listing.pattern(name: record.patternNameText, kind: record.patternKind)
        let words = listing.localizer.spoken(.message(.patternName(pattern)), named: "pattern", in: row.key)
        record.withPatternNameBytes { name in keepText(kind, name, words, to: &output) }
    }

    /// The timings as a sentence reads them.
    private mutating func appendTimings(of record: RecordLine, in row: Row, to output: inout [UInt8]) {
        let made = record.withTimingsBytes { text in appendKept(-1, text, to: &output) }
        guard !made else { return }
        let words = listing.localizer.spoken(.timings(record.timingsText), named: "timings", in: row.key)
        record.withTimingsBytes { text in keepText(-1, text, words, to: &output) }
    }

    /// Appends the words kept for a text of this kind; false when none are.
    private mutating func appendKept(_ kind: Int, _ text: UnsafeBufferPointer<UInt8>?, to output: inout [UInt8]) -> Bool
    {
        guard let text else { return false }
        return arena.withUnsafeBufferPointer { all in
            for entry in keptTexts where entry.kind == kind && entry.text.count == text.count {
                let kept = UnsafeBufferPointer(rebasing: all[entry.text])
                guard kept.elementsEqual(text) else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: all[entry.words]))
                return true
            }
            return false
        }
    }

    /// Appends `words` (made plain), keeping them for this text when it is plain ASCII and there is room.
    private mutating func keepText(
        _ kind: Int, _ text: UnsafeBufferPointer<UInt8>?, _ words: String, to output: inout [UInt8]
    ) {
        let plain = PlainText.sanitize(words)
        guard let text, keptTexts.count < HistoryRowWriter.textLimit else {
            output.append(contentsOf: plain.utf8)
            return
        }
        let start = arena.count
        arena.append(contentsOf: text)
        let entry = KeptText(kind: kind, text: start..<arena.count, words: keep(plain))
        keptTexts.append(entry)
        copy(entry.words, to: &output)
    }

    /// The bytes of words kept now: at most `arenaLimit` and one row's words, whatever the history's length.
    var keptBytes: Int { arena.count - keptStart }

    /// Adds text to the arena; its range there.
    private mutating func keep(_ text: String) -> Range<Int> {
        let start = arena.count
        arena.append(contentsOf: PlainText.sanitize(text).utf8)
        return start..<arena.count
    }

    private mutating func copy(_ range: Range<Int>, to output: inout [UInt8]) {
        arena.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Lets every kept word go (the templates stay): the arena is full.
    private mutating func forget() {
        arena.removeSubrange(keptStart...)
        for index in kept.indices { kept[index] = Kept() }
        for index in newer.indices { newer[index] = 0 }
        keptTexts.removeAll(keepingCapacity: true)
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
        case .failed: 4
        }
    }
}

extension SessionRecord.Reason {
    /// A number for each reason, to keep its words by.
    fileprivate var number: UInt8 {
        switch self {
        case .call: 0
        case .recording: 1
        case .user: 2
        case .sound: 3
        case .speech: 4
        case .voice: 5
        case .pattern: 6
        case .preferences: 7
        case .other: 8
        }
    }
}

extension SessionRecord.PatternKind {
    /// A number for each kind, to keep a pattern's words by.
    fileprivate var number: UInt8 {
        switch self {
        case .builtIn: 0
        case .saved: 1
        case .timings: 2
        }
    }
}

/// A `RecordLine` written out byte by byte as a CSV row, exactly as `CSVWriter` writes its record's, without making a
/// String: `history export --format csv` over a long history (the JSON forms copy the line: `RecordLine+Stored`).
///
/// Texts that are plain ASCII are copied from the line; any other text (escapes, other scripts) goes through the
/// String writers themselves, so rare records cost what they always did and every record reads the same.
extension RecordLine {
    /// Appends the record's CSV row as `CSVWriter.row(CSVWriter.fields(record))` writes it, CRLF included: in room made
    /// for it (`PlacedBytes`), twice the line's length and a little. A row's texts are never longer than the line holds
    /// them but for their two quotes (a quote, stored `\"`, is written `""`), so the room is not outgrown; were it, the
    /// row would be written again with four times as much.
    package func appendCSVRow(to output: inout [UInt8]) {
        output.appendPlaced(room: bytes.count * 2 + 256) { writeCSVRow(to: &$0) }
    }

    private func writeCSVRow(to output: inout PlacedBytes) {
        let comma = UInt8(ascii: ",")
        appendCSVField(id, to: &output)
        output.append(comma)
        RecordLine.append(iso8601: start, to: &output)
        output.append(comma)
        RecordLine.append(iso8601: end, to: &output)
        output.append(comma)
        if let patternName { appendCSVField(patternName, to: &output) }
        output.append(comma)
        appendCSVField(timings, to: &output)
        output.append(comma)
        for (position, ramp) in ramps.enumerated() {
            if position > 0 { output.append(0x20) }
            RecordLine.append(ramp.kind.name, to: &output)
            output.append(UInt8(ascii: "="))
            RecordLine.append(tenths: ramp.targetTenths, to: &output)
        }
        output.append(comma)
        RecordLine.append(integer: plannedCycles, to: &output)
        output.append(comma)
        RecordLine.append(integer: actualCycles, to: &output)
        output.append(comma)
        RecordLine.append(tenths: plannedTenths, to: &output)
        output.append(comma)
        RecordLine.append(tenths: actualTenths, to: &output)
        output.append(comma)
        RecordLine.append(status.name, to: &output)
        output.append(comma)
        if let moodBefore { RecordLine.append(integer: moodBefore, to: &output) }
        output.append(comma)
        if let moodAfter { RecordLine.append(integer: moodAfter, to: &output) }
        output.append(comma)
        appendCSVField(language, to: &output)
        output.append(comma)
        RecordLine.append(source.name, to: &output)
        output.append(comma)
        if let reason { RecordLine.append(reason.name, to: &output) }
        output.append(0x0D)
        output.append(0x0A)
    }

    /// A text as `CSVWriter.escape` writes it.
    private func appendCSVField(_ text: Text, to output: inout PlacedBytes) {
        let copied = withPlainBytes(text) { plain -> Bool in
            // Plain text has no line break; a comma or a quote needs quoting.
            guard let plain, !plain.contains(UInt8(ascii: ",")), !plain.contains(UInt8(ascii: "\"")) else {
                return false
            }
            output.append(plain)
            return true
        }
        guard !copied else { return }
        var escaped = CSVWriter.escape(string(text))
        escaped.withUTF8 { output.append($0) }
    }

    // MARK: Numbers and words as bytes

    @inline(__always)
    package static func append<Output: ByteOutput>(_ text: StaticString, to output: inout Output) {
        output.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// As `String(value)` writes it.
    static func append<Output: ByteOutput>(integer value: Int, to output: inout Output) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        append(digitsOf: value.magnitude, width: 1, to: &output)
    }

    /// As `TenthsFormat.plain` writes it: 55 → 5.5, 40 → 4.
    static func append<Output: ByteOutput>(tenths value: Int, to output: inout Output) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        append(digitsOf: magnitude / 10, width: 1, to: &output)
        if magnitude % 10 != 0 {
            output.append(UInt8(ascii: "."))
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        }
    }

    /// The decimal digits of `value`, with zeros before them up to `width`.
    package static func append<Output: ByteOutput>(digitsOf value: UInt, width: Int, to output: inout Output) {
        // Two digits or one (most of a record's numbers: a month, an hour) straight in; longer ones made backwards on
        // the stack and copied in at once (from a tuple's bytes, Array's generic append took a sixth of
        // `history export --format csv`'s time).
        if value < 100 && width <= 2 {
            if width == 2 || value >= 10 { output.append(UInt8(ascii: "0") + UInt8(value / 10)) }
            output.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        let room = max(width, 20)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var rest = value
            var index = room
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            while room - index < width {
                index -= 1
                buffer[index] = UInt8(ascii: "0")
            }
            output.append(UnsafeBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// As `LocalTimestamp.iso8601` writes it: `2024-03-31T09:15:00+02:00`, the date that of its day number.
    static func append<Output: ByteOutput>(iso8601 time: LocalTimestamp, to output: inout Output) {
        let date = LocalTimestamp.date(dayNumber: time.dayNumber)
        func two(_ value: Int) { append(digitsOf: UInt(value), width: 2, to: &output) }
        append(digitsOf: UInt(date.year), width: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        two(date.month)
        output.append(UInt8(ascii: "-"))
        two(date.day)
        output.append(UInt8(ascii: "T"))
        two(time.hour)
        output.append(UInt8(ascii: ":"))
        two(time.minute)
        output.append(UInt8(ascii: ":"))
        two(time.second)
        output.append(time.offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let offset = abs(time.offsetSeconds)
        two(offset / 3600)
        output.append(UInt8(ascii: ":"))
        two(offset % 3600 / 60)
    }
}

// The raw values, as static text.
extension SessionRecord.Status {
    fileprivate var name: StaticString {
        switch self {
        case .completed: "completed"
        case .stopped: "stopped"
        case .interrupted: "interrupted"
        case .skipped: "skipped"
        case .failed: "failed"
        }
    }
}

extension SessionRecord.Source {
    fileprivate var name: StaticString {
        switch self {
        case .interactive: "interactive"
        case .cron: "cron"
        }
    }
}

extension SessionRecord.Reason {
    fileprivate var name: StaticString {
        switch self {
        case .call: "call"
        case .recording: "recording"
        case .user: "user"
        case .sound: "sound"
        case .speech: "speech"
        case .voice: "voice"
        case .pattern: "pattern"
        case .preferences: "preferences"
        case .other: "other"
        }
    }
}

extension PhaseKind {
    fileprivate var name: StaticString {
        switch self {
        case .inhale: "inhale"
        case .hold: "hold"
        case .exhale: "exhale"
        case .rest: "rest"
        }
    }
}

/// A number the user types: which field it is, how many decimals it may have and its allowed range.
package struct NumberField: Sendable {
    /// How the field is named in errors.
    var name: MessageKey
    /// How many decimal places are allowed.
    var places: Int
    /// Allowed values, in units of 10^-places.
    var range: ClosedRange<Int>
    /// How the range is worded in errors.
    var rangeKey: MessageKey

    package init(name: MessageKey, places: Int, range: ClosedRange<Int>, rangeKey: MessageKey) {
        self.name = name
        self.places = places
        self.range = range
        self.rangeKey = rangeKey
    }

    /// The seconds of one phase: one decimal place, within the phase kind's range.
    static func seconds(_ kind: PhaseKind) -> NumberField {
        NumberField(name: fieldKey(kind), places: 1, range: kind.allowedTenths, rangeKey: .rangeSeconds)
    }

    /// `--minutes`: up to two decimals, from 0.1 to 1440 (24 hours).
    package static let minutes = NumberField(
        name: .fieldMinutes, places: 2, range: 10...144_000, rangeKey: .rangeMinutes)

    /// `--cycles`: a whole number from 1 to 100 000.
    static let cycles = NumberField(name: .fieldCycles, places: 0, range: 1...100_000, rangeKey: .rangeCount)

    static func fieldKey(_ kind: PhaseKind) -> MessageKey {
        switch kind {
        case .inhale: .fieldInhale
        case .hold: .fieldHold
        case .exhale: .fieldExhale
        case .rest: .fieldRest
        }
    }

    /// Parses plain decimal text ("4", "5.5", "5,5") into units of 10^-places.
    ///
    /// Anything else is refused: signs other than a leading minus, exponents, NaN, infinities, spaces inside.
    /// Extra trailing zeros are fine ("5.50"); extra significant decimals are not.
    package func parse(_ text: String) -> Result<Int, InputError> {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return .failure(error(.errorEmpty, text)) }
        var digits = Substring(trimmed)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard (1...2).contains(parts.count), !parts[0].isEmpty || parts.count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            parts.count == 1 || !parts[1].isEmpty
        else { return .failure(error(.errorNotANumber, text)) }
        let whole = parts[0].drop { $0 == "0" }
        var fraction = parts.count == 2 ? parts[1] : ""
        while fraction.last == "0" { fraction = fraction.dropLast() }
        guard fraction.count <= places else {
            return .failure(error(places == 0 ? .errorNotANumber : .errorTooPrecise, text))
        }
        // Anything longer than nine digits is far out of every range; refuse it before it can overflow.
        guard whole.count <= 9 else { return .failure(error(.errorOutOfRange, text)) }
        var value = Int(whole) ?? 0
        for _ in 0..<places { value *= 10 }
        var scale = 1
        for _ in 0..<(places - fraction.count) { scale *= 10 }
        value += (Int(fraction) ?? 0) * scale
        if negative { value = -value }
        guard range.contains(value) else { return .failure(error(.errorOutOfRange, text)) }
        return .success(value)
    }

    func error(_ key: MessageKey, _ value: String) -> InputError {
        InputError(
            Message(
                key,
                [
                    "field": .message(Message(name)),
                    "value": .userValue(value),
                    "range": .message(rangeMessage),
                ]))
    }

    /// "1 to 60 seconds", "0.1 to 1440 minutes", "1 to 100000".
    package var rangeMessage: Message {
        func argument(_ value: Int) -> MessageArgument {
            switch places {
            case 0: .integer(value)
            case 1: .tenths(value)
            default: .tenths(value / 10)
            }
        }
        return Message(rangeKey, ["min": argument(range.lowerBound), "max": argument(range.upperBound)])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}

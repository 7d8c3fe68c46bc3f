import BreatheCore

/// `Localizer.date(dayNumber:)` written straight into bytes, for a long listing (`history` says a date on nearly every
/// other row; made as a String, it was 14 % of the listing's time).
///
/// The language's date template is split once; the words of each day of the month and of each month, in the form
/// their placeholder asks, are made once, and the year's kept while it lasts. Each piece goes through `finish` as it is
/// made (`history` makes them plain, which works scalar by scalar, so pieces made plain one by one read as
/// the whole date would). The bytes are `date(dayNumber:)`'s so finished, in every language (`DateWordsTests`).
package struct DateWords {
    private enum Field {
        case day, month, year
    }

    /// Text, or a placeholder of the template with its words: a day's by day (1 to 31), a month's by month, the
    /// latest year's alone.
    private struct Part {
        var text: [UInt8] = []
        var field: Field?
        var form: String?
        var words: [[UInt8]] = []
        var year = Int.min
    }

    private let localizer: Localizer
    private let finish: (String) -> String
    private var parts: [Part] = []

    package init(localizer: Localizer, finish: @escaping (String) -> String = { $0 }) {
        self.localizer = localizer
        self.finish = finish
        let catalog = localizer.catalog
        Localizer.forEachPiece(of: catalog.dateFormat) { text, placeholder in
            let field: Field? =
                switch placeholder?.name {
                case "day": .day
                case "month": .month
                case "year": .year
                default: nil
                }
            guard let field, let placeholder else {
                if !text.isEmpty { parts.append(Part(text: bytes(String(text)))) }
                return
            }
            var part = Part(field: field, form: placeholder.form)
            switch field {
            case .day: part.words = (1...31).map { bytes(localizer.filled(.integer($0), form: placeholder.form)) }
            case .month:
                part.words = (1...12).map { month in
                    let name = catalog.months.count == 12 ? catalog.months[month - 1] : String(month)
                    return bytes(localizer.filled(.text(name), form: placeholder.form))
                }
            case .year: break
            }
            parts.append(part)
        }
    }

    /// Appends the day's date, as `date(dayNumber:)` says it, made plain.
    package mutating func append(dayNumber: Int, to output: inout [UInt8]) {
        let date = LocalTimestamp.date(dayNumber: dayNumber)
        for index in parts.indices {
            switch parts[index].field {
            case nil: output.append(contentsOf: parts[index].text)
            case .day?: output.append(contentsOf: parts[index].words[date.day - 1])
            case .month?: output.append(contentsOf: parts[index].words[date.month - 1])
            case .year?:
                if parts[index].year != date.year {
                    parts[index].year = date.year
                    parts[index].words = [bytes(localizer.filled(.integer(date.year), form: parts[index].form))]
                }
                output.append(contentsOf: parts[index].words[0])
            }
        }
    }

    private func bytes(_ text: String) -> [UInt8] { Array(finish(text).utf8) }
}

/// How a language says a whole number before a noun of one gender, where eSpeak NG's reading of the digits (always
/// the counting form) would be wrong: from the locale file's `_numbers.feminine` or `_numbers.masculine`, a table of
/// numbers and their words (French `"21": "vingt et une"`, Spanish `"21": "veintiún"`, Brazilian `"2": "duas"`).
///
/// A number the table does not hold is written from its parts: the hundreds (the table's `"200"`, or its `"100+"`, the
/// form said when more follows: Spanish "ciento", Brazilian "cento"), then the last two digits from the table, joined by
/// `_numbers.join` (Brazilian " e "); a part the table lacks stays in digits, which eSpeak NG reads right ("100 une" is
/// "cent une", "1000 e uma" "mil e uma"). Nil when no part needs words: the digits are read right as they are.
struct NumberWords: Sendable, Equatable {
    /// The words for a number, by number.
    var words: [Int: String]
    /// The words for a round hundred when more follows ("100+": "ciento"), by number.
    var leading: [Int: String]
    /// What joins the parts of a number written from parts: " " unless the file says otherwise.
    var join: String

    /// The table of one gender from the locale file's metadata: `prefix` is `_numbers.feminine.`; nil when the file
    /// has none.
    init?(metadata: [String: String], prefix: String, join: String?) {
        var words: [Int: String] = [:]
        var leading: [Int: String] = [:]
        for (key, value) in metadata where key.hasPrefix(prefix) {
            let name = key.dropFirst(prefix.count)
            if name.hasSuffix("+"), let number = Int(name.dropLast()) {
                leading[number] = value
            } else if let number = Int(name) {
                words[number] = value
            }
        }
        guard !words.isEmpty || !leading.isEmpty else { return nil }
        self.words = words
        self.leading = leading
        self.join = join ?? " "
    }

    /// `number` as the language says it before a noun of this gender, or nil when its digits are read right.
    func said(_ number: Int) -> String? {
        if let exact = words[number] { return exact }
        guard number >= 100 else { return nil }
        let thousands = number / 1000 * 1000
        let hundreds = number % 1000 / 100 * 100
        let tail = number % 100
        let tailWords = tail > 0 ? words[tail] : nil
        let hundredsWords = hundreds > 0 ? (tail > 0 ? leading[hundreds] ?? words[hundreds] : words[hundreds]) : nil
        guard tailWords != nil || hundredsWords != nil else { return nil }
        var parts: [String] = []
        if thousands > 0 { parts.append(String(thousands)) }
        if hundreds > 0 { parts.append(hundredsWords ?? String(hundreds)) }
        if tail > 0 { parts.append(tailWords ?? String(tail)) }
        return parts.joined(separator: join)
    }
}

/// How a language says a whole number in one form, where eSpeak NG's reading of the digits (always the counting form)
/// would be wrong: from the locale file's `_numbers.<form>`, a table of numbers and their words. The forms a file names
/// are its own: `feminine` and `masculine` (French `"21": "vingt et une"`, Spanish `"21": "veintiún"`, Brazilian
/// `"2": "duas"`), `ordinal` (French `"1": "1er"`, English `"2": "2nd"`), or a case (a German `"1": "einer"`).
///
/// A number the table does not hold is its `"other"` form where the table has one, `{n}` standing for the digits
/// (English ordinals: `"other": "{n}th"`); else it is written from its parts: the hundreds (the table's `"200"`, or its
/// `"100+"`, the form said when more follows: Spanish "ciento", Brazilian "cento"), then the last two digits from the
/// table, joined by `_numbers.join` (Brazilian " e "); a part the table lacks stays in digits, which eSpeak NG reads
/// right ("100 une" is "cent une", "1000 e uma" "mil e uma"). Nil when no part needs words: the digits are read right as
/// they are.
struct NumberWords: Sendable, Equatable {
    /// The words for a number, by number.
    var words: [Int: String]
    /// The words for a round hundred when more follows ("100+": "ciento"), by number.
    var leading: [Int: String]
    /// What joins the parts of a number written from parts: " " unless the file says otherwise.
    var join: String
    /// The form of every number the table does not hold, `{n}` for its digits ("{n}th"); nil to write it from parts.
    var other: String?

    /// The table of one form from the locale file's metadata: `prefix` is `_numbers.feminine.`; nil when the file
    /// has none.
    package init?(metadata: [String: String], prefix: String, join: String?) {
        var words: [Int: String] = [:]
        var leading: [Int: String] = [:]
        var other: String?
        for (key, value) in metadata where key.hasPrefix(prefix) {
            let name = key.dropFirst(prefix.count)
            if name == "other" {
                other = value
            } else if name.hasSuffix("+"), let number = Int(name.dropLast()) {
                leading[number] = value
            } else if let number = Int(name) {
                words[number] = value
            }
        }
        guard !words.isEmpty || !leading.isEmpty || other != nil else { return nil }
        self.words = words
        self.leading = leading
        self.join = join ?? " "
        self.other = other
    }

    /// Every form a locale file's metadata holds, by name: each `_numbers.<form>.<number>` (or `.other`), its parts
    /// joined by `_numbers.join`.
    static func forms(in metadata: [String: String]) -> [String: NumberWords] {
        var names = Set<String>()
        for key in metadata.keys where key.hasPrefix("_numbers.") {
            let rest = key.dropFirst("_numbers.".count)
            if let dot = rest.firstIndex(of: ".") { names.insert(String(rest[..<dot])) }
        }
        var forms: [String: NumberWords] = [:]
        for name in names {
            forms[name] = NumberWords(
                metadata: metadata, prefix: "_numbers.\(name).", join: metadata["_numbers.join"])
        }
        return forms
    }

    /// `number` in this form, or nil when its digits are read right.
    func said(_ number: Int) -> String? {
        if let exact = words[number] { return exact }
        if let other { return other.replacingText("{n}", with: String(number)) }
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

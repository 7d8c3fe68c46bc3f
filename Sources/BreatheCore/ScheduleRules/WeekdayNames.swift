/// The words `--days` accepts: day names, short and long, and the words for groups of days, in any language the
/// program speaks. Each language brings its own from its locale file (`_days.long`, `_days.short`, `_days.weekdays`,
/// `_days.weekends`, `_days.daily`); only cron's own spelling ("sun" … "sat", "*"), which `WeekdaySet.text` writes and
/// which is read back in every language, lives here.
package struct WeekdayNames: Sendable {
    /// A day's number (cron's: 0 Sunday … 6 Saturday) by its folded name.
    private(set) var days: [String: Int] = [:]
    /// A group of days by its folded word ("weekdays", "fines de semana").
    private(set) var groups: [String: WeekdaySet] = [:]

    /// Cron's spelling alone: the short English names `WeekdaySet.text` writes, and "*" for every day.
    package static let canonical: WeekdayNames = {
        var names = WeekdayNames()
        for (day, name) in WeekdaySet.names.enumerated() { names.days[name] = day }
        names.groups["*"] = .everyDay
        return names
    }()

    /// Adds one language's words. `long` and `short` name the days from Sunday, separated by spaces; each group lists
    /// its words separated by "|" (a word may hold spaces: "fin de semana"). A list of the wrong length is left out.
    package func adding(
        long: String?, short: String?, weekdays: String?, weekends: String?, daily: String?
    ) -> WeekdayNames {
        var names = self
        for list in [long, short].compactMap({ $0 }) {
            let words = list.split(separator: " ").map { Self.folded(String($0)) }
            guard words.count == 7 else { continue }
            for (day, word) in words.enumerated() { names.days[word] = day }
        }
        let groups: [(String?, WeekdaySet)] = [
            (weekdays, WeekdaySet(days: 1...5)), (weekends, WeekdaySet(days: [0, 6])), (daily, .everyDay),
        ]
        for (words, set) in groups {
            for word in (words ?? "").split(separator: "|") { names.groups[Self.folded(String(word))] = set }
        }
        return names
    }

    /// The day a name means, in any case, with or without its accents; nil when no language has it.
    func day(_ name: String) -> Int? { days[Self.folded(name)] }

    /// The days a group's word means ("weekdays", "laborables"); nil when no language has it.
    func group(_ word: String) -> WeekdaySet? { groups[Self.folded(word)] }

    /// Lower case, spaces trimmed, and the accents of the Latin letters the languages use dropped: "Miércoles" and
    /// "miercoles" are one word, as a user at a terminal without dead keys types it.
    static func folded(_ text: String) -> String {
        var result = ""
        for character in text.trimmingSpaces.lowercased() {
            result.append(Self.unaccented[character] ?? character)
        }
        return result
    }

    private static let unaccented: [Character: Character] = {
        var table: [Character: Character] = [:]
        let groups: [(String, Character)] = [
            ("áàâãäå", "a"), ("éèêë", "e"), ("íìîï", "i"), ("óòôõö", "o"), ("úùûü", "u"), ("ç", "c"), ("ñ", "n"),
            ("ÿ", "y"),
        ]
        for (letters, base) in groups { for letter in letters { table[letter] = base } }
        return table
    }()
}

import BreatheCore
import Synchronization

/// One language's sentences, from its Locales/<code>.json file as LocaleEmbedder embedded it (a malformed file stops
/// the build).
package struct LocaleCatalog: Sendable {
    /// One entry of a locale file: a sentence, or a sentence per plural form.
    package enum Entry: Sendable, Equatable {
        case text(String)
        /// `exactlyOne` (`"=1"` in the file) is said for the whole number 1 only, where the language's `one` form also
        /// serves other numbers: French "une seconde" beside "{n} seconde" (0 and 1,5 are singular in French).
        case plural(one: String, other: String, exactlyOne: String? = nil)

        /// Every template the entry holds.
        var templates: [String] {
            switch self {
            case .text(let text): [text]
            case .plural(let one, let other, let exactlyOne): [one, other] + (exactlyOne.map { [$0] } ?? [])
            }
        }
    }

    /// The language code: the file's name.
    let code: String
    /// The language's own name, from `_name`.
    package let name: String
    /// The eSpeak NG voice that speaks it by default, from `_voice`.
    package let voice: String
    /// The decimal separator, from `_decimalSeparator` (or the parent's).
    private(set) var decimalSeparator: String
    /// How a number picks a plural form, from `_plural` (or the parent's); `one` when neither says.
    private(set) var pluralRule: PluralRule
    /// The numbers that count a feminine noun, from `_feminine` (or the parent's): by sentence, the placeholders
    /// said in `feminineNumbers` ("unit.hours" for its `{n}`, "line.speechRate:rate" for `{rate}`).
    private(set) var feminineKeys: [String: Set<String>]
    /// The same for a masculine noun, from `_masculine`, said in `masculineNumbers`; every other plural sentence's `{n}`
    /// is masculine too.
    private(set) var masculineKeys: [String: Set<String>]
    /// The forms a number can be said in, from `_numbers.<form>` (each form the file lacks, the parent's): the
    /// genders' (`feminine`, `masculine`), and any a sentence asks for by name, `{day:ordinal}`.
    private(set) var numberForms: [String: NumberWords]
    /// How numbers are said before a feminine noun, from `_numbers.feminine`; nil when the digits do.
    var feminineNumbers: NumberWords? { numberForms["feminine"] }
    /// How numbers are said before any other counted noun, from `_numbers.masculine`.
    var masculineNumbers: NumberWords? { numberForms["masculine"] }
    /// What stands between a pattern's timings in a sentence, from `_timingsSeparator` (or the parent's): ", " makes
    /// "4-7-8" read "4, 7, 8", where eSpeak NG would say the hyphen as "dash" or "menos".
    private(set) var timingsSeparator: String
    /// The month names from January, from `_months` (or the parent's).
    private(set) var months: [String]
    /// How a date is written out, from `_date` (or the parent's): `{day}`, `{month}` and `{year}`, "{day} de {month}
    /// de {year}", the day in a form of the file's where the language says it so (`{day:ordinal}`: "1er", "2nd").
    private(set) var dateFormat: String
    /// The words `--days` accepts in this language, from `_days.long`, `_days.short`, `_days.weekdays`,
    /// `_days.weekends` and `_days.daily` (without the prefix).
    let dayWords: [String: String]
    /// Every sentence, by key: the file's own over its parent's.
    package private(set) var entries: LocaleEntries
    /// The language a regional variant overlays, from `_parent` ("es" for es-419); nil for a whole language.
    let parent: String?
    /// The regions a variant serves, from `_regions`: region codes, `*` for all, `-XX` to leave one out ("* -ES").
    let regions: [String]
    /// The keys the file itself holds, as opposed to those inherited from its parent (the locale tests ask).
    var ownKeys: Set<String> { Set(ownEntries.keys) }
    /// The file's own sentences, before any parent's are merged in.
    private let ownEntries: LocaleEntries

    /// The built-in language `code`, from the table LocaleEmbedder wrote at build time (no JSON read at run time, and
    /// no sentence made until it is asked for: `LocaleEntries`); nil when there is no such language.
    package init?(embedded code: String) {
        guard let text = embeddedLocaleTable(code) else { return nil }
        self.init(code: code, table: EmbeddedTable(text))
    }

    /// The language `code` from a table as LocaleEmbedder writes one (a test's scratch language, too).
    package init(code: String, table: EmbeddedTable) {
        var metadata: [String: String] = [:]
        table.forEach(prefix: "_") { key, entry in
            if case .text(let value) = entry { metadata[key] = value }
        }
        let entries = LocaleEntries(table)
        self.code = code
        name = metadata["_name"] ?? code
        voice = metadata["_voice"] ?? code
        decimalSeparator = metadata["_decimalSeparator"] ?? "."
        pluralRule = metadata["_plural"].flatMap(PluralRule.init(rawValue:)) ?? .one
        parent = metadata["_parent"]
        regions = (metadata["_regions"] ?? "").split(separator: " ").map(String.init)
        var dayWords: [String: String] = [:]
        for (key, value) in metadata where key.hasPrefix("_days.") { dayWords[String(key.dropFirst(6))] = value }
        self.dayWords = dayWords
        feminineKeys = Self.counted(metadata["_feminine"])
        masculineKeys = Self.counted(metadata["_masculine"])
        numberForms = NumberWords.forms(in: metadata)
        timingsSeparator = metadata["_timingsSeparator"] ?? ", "
        months = (metadata["_months"] ?? "").split(separator: " ").map(String.init)
        dateFormat = metadata["_date"] ?? "{year}-{month}-{day}"
        hasOwnDate = metadata["_date"] != nil
        hasOwnMonths = metadata["_months"] != nil
        self.entries = entries
        ownEntries = entries
        hasOwnDecimalSeparator = metadata["_decimalSeparator"] != nil
        hasOwnPluralRule = metadata["_plural"] != nil
        hasOwnFeminine = metadata["_feminine"] != nil
        hasOwnMasculine = metadata["_masculine"] != nil
        hasOwnTimingsSeparator = metadata["_timingsSeparator"] != nil
    }

    /// Hands `add` every member of the built-in locale file `code`, sorted by key, its `_` metadata included; false
    /// when there is no such file.
    static func embeddedMembers(_ code: String, _ add: (String, Entry) -> Void) -> Bool {
        guard let table = embeddedLocaleTable(code) else { return false }
        EmbeddedTable(table).forEach(add)
        return true
    }

    /// `_feminine`'s or `_masculine`'s list, "key" (its `{n}`) or "key:placeholder", by key.
    private static func counted(_ list: String?) -> [String: Set<String>] {
        var counted: [String: Set<String>] = [:]
        for item in (list ?? "").split(separator: " ") {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            counted[parts[0], default: []].insert(parts.count == 2 ? parts[1] : "n")
        }
        return counted
    }

    private var hasOwnDecimalSeparator: Bool
    private var hasOwnPluralRule: Bool
    private var hasOwnFeminine: Bool
    private var hasOwnMasculine: Bool
    private var hasOwnTimingsSeparator: Bool
    private var hasOwnDate: Bool
    private var hasOwnMonths: Bool

    /// A variant completed by its parent: every sentence it does not change is the parent's.
    func inheriting(from parent: LocaleCatalog) -> LocaleCatalog {
        var merged = self
        merged.entries = entries.overlaying(parent.entries)
        if !hasOwnDecimalSeparator { merged.decimalSeparator = parent.decimalSeparator }
        if !hasOwnPluralRule { merged.pluralRule = parent.pluralRule }
        // Each part of what numbers and dates say is the variant's own where it has one: es-419's `_date` and
        // `_numbers.ordinal` beside Spain's genders and months.
        if !hasOwnFeminine { merged.feminineKeys = parent.feminineKeys }
        if !hasOwnMasculine { merged.masculineKeys = parent.masculineKeys }
        merged.numberForms = parent.numberForms.merging(numberForms) { _, own in own }
        if !hasOwnTimingsSeparator { merged.timingsSeparator = parent.timingsSeparator }
        if !hasOwnDate { merged.dateFormat = parent.dateFormat }
        if !hasOwnMonths { merged.months = parent.months }
        return merged
    }

    /// True when this variant serves a region ("MX"): listed or `*`, and not left out with `-MX`.
    func serves(region: String) -> Bool {
        let region = region.uppercased()
        let included = regions.contains("*") || regions.contains { $0.uppercased() == region }
        return included && !regions.contains { $0.uppercased() == "-" + region }
    }

    /// The built-in language `code`, built on first use (a variant completed by its parent) and kept; nil when there is
    /// no such language. A run builds only the languages it uses.
    package static func named(_ code: String) -> LocaleCatalog? {
        if let known = parsed.withLock({ $0[code] }) { return known }
        guard var catalog = LocaleCatalog(embedded: code) else { return nil }
        // Regional variants (es-419) hold only what differs; their parent fills in the rest.
        if let parentCode = catalog.parent, parentCode != code, let parent = named(parentCode) {
            catalog = catalog.inheriting(from: parent)
        }
        parsed.withLock { $0[code] = catalog }
        return catalog
    }

    /// The languages parsed so far, by code.
    private static let parsed = Mutex<[String: LocaleCatalog]>([:])

    /// Every language built into the binary, by code: parses every one (the doctor's checks and the locale tests).
    package static var all: [String: LocaleCatalog] {
        var catalogs: [String: LocaleCatalog] = [:]
        for code in codes {
            if let catalog = named(code) { catalogs[code] = catalog }
        }
        return catalogs
    }

    /// The codes of every built-in language, sorted; known without parsing any.
    package static var codes: [String] { embeddedLocaleCodes }

    /// The language every other one falls back to for a missing sentence.
    package static let fallbackCode = "en"
}

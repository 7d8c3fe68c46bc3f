/// MessageKey's locale keys, from LocaleEmbedder's `embeddedLocaleKeys`: the English file's keys, each as the sentence of
/// the name of the case it names (sorted by that name), found by a binary search in read-only data (`EmbeddedTable`),
/// with no table of every key built at start-up.
struct LocaleKeyIndex: Sendable {
    static let shared = LocaleKeyIndex(embeddedLocaleKeys)

    private let table: EmbeddedTable

    package init(_ table: StaticString) { self.table = EmbeddedTable(table) }

    /// The locale key of the case named `caseName`, or nil when the English file has none.
    func localeKey(caseName: String) -> String? {
        guard case .text(let key)? = table.entry(caseName) else { return nil }
        return key
    }
}

import Synchronization

/// A language's sentences by key, looked up in its embedded tables as they lie (`EmbeddedTable`): a regional variant's
/// own first, then its parent's. No dictionary of every sentence is built: a run makes the strings of the sentences it
/// says, and keeps each one found (a history listing asks for the same few sentences for every record).
package struct LocaleEntries: Sendable {
    /// The tables searched, in order.
    private let tables: [EmbeddedTable]
    /// Every key looked up so far, with what was found (nil: no table has it).
    private let found = Found()

    package init(_ table: EmbeddedTable) { tables = [table] }

    private init(tables: [EmbeddedTable]) { self.tables = tables }

    /// The sentence or plural forms for `key`, or nil when no table has it.
    package subscript(key: String) -> LocaleCatalog.Entry? {
        // The `_` members are the file's metadata, not sentences.
        guard !key.hasPrefix("_") else { return nil }
        if let known = found.entries.withLock({ $0[key] }) { return known }
        let entry = tables.lazy.compactMap { $0.entry(key) }.first
        found.entries.withLock { $0[key] = .some(entry) }
        return entry
    }

    /// These entries over `parent`'s: a key of ours hides the parent's.
    func overlaying(_ parent: LocaleEntries) -> LocaleEntries { LocaleEntries(tables: tables + parent.tables) }

    private final class Found: Sendable {
        let entries = Mutex<[String: LocaleCatalog.Entry?]>([:])
    }

    /// Every sentence's key (no `_` metadata), each once, sorted.
    var keys: [String] {
        let keys = tables.count == 1 ? tables[0].keys : Array(Set(tables.flatMap(\.keys))).sorted()
        return keys.filter { !$0.hasPrefix("_") }
    }

    /// Every key with its entry (the nearest table's), sorted by key.
    var all: [(key: String, entry: LocaleCatalog.Entry)] {
        keys.compactMap { key in self[key].map { (key, $0) } }
    }
}

/// The names `prefs get/set/unset` take, for shell completion: every key users type (not the saved patterns, changed by
/// `patterns add` and `patterns remove`), and those kept per language once for each language too (`voice.es`).
package enum PreferenceKeyCompletion {
    package static func names(languages: [String]) -> [String] {
        let keys = PreferenceKey.allCases.filter { !$0.declaration.kind.isReadOnly }
        return keys.map(\.rawValue)
            + keys.filter(\.declaration.isPerLanguage).flatMap { key in languages.map { key.rawValue + "." + $0 } }
    }
}

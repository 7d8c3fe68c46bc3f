import BreatheCore
import BreatheSystem

/// A preference name as typed: a key, and for one kept per language (`voice.es`) the language.
struct PreferenceName {
    var key: PreferenceKey
    var language: String?

    /// The preferences kept per language, whose names take a language after a dot.
    private static var perLanguage: [PreferenceKey] {
        PreferenceKey.allCases.filter(\.declaration.isPerLanguage)
    }

    static func parse(_ text: String, _ loaded: LoadedPreferences) throws -> PreferenceName {
        if let key = perLanguage.first(where: { text.lowercased().hasPrefix($0.rawValue.lowercased() + ".") }) {
            // A language's code as the catalog spells it (`pt-BR`), whatever its case as typed.
            let code = String(text.dropFirst(key.rawValue.count + 1)).lowercased()
            if let language = LocaleCatalog.codes.first(where: { $0.lowercased() == code }) {
                return PreferenceName(key: key, language: language)
            }
        } else if let key = PreferenceKey(userName: text) {
            return PreferenceName(key: key, language: nil)
        }
        let names =
            PreferenceKey.allCases.map(\.rawValue)
            + perLanguage.flatMap { key in LocaleCatalog.codes.map { key.rawValue + "." + $0 } }
        // A typo gets the one name it was probably meant to be; anything else, every name.
        let message =
            NearestName.suggestion(for: text, among: names).map {
                Message(.errorPrefUnknownKeySuggestion, ["key": .userValue(text), "suggestion": .text($0)])
            } ?? Message(.errorPrefUnknownKey, ["key": .userValue(text), "keys": .text(names.joined(separator: ", "))])
        throw CommandFailure(.usage(message), localizer: loaded.localizer)
    }
}

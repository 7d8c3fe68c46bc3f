import BreatheCore

/// A preference name as typed: a key, and for `voice.es` the language.
struct PreferenceName {
    var key: PreferenceKey
    var language: String?

    static func parse(_ text: String, _ loaded: LoadedPreferences) throws -> PreferenceName {
        if text.lowercased().hasPrefix("voice.") {
            let code = String(text.dropFirst(6)).lowercased()
            if LocaleCatalog.codes.contains(code) { return PreferenceName(key: .voice, language: code) }
        } else if let key = PreferenceKey(userName: text) {
            return PreferenceName(key: key, language: nil)
        }
        let names = PreferenceKey.allCases.map(\.rawValue) + LocaleCatalog.codes.map { "voice.\($0)" }
        // A typo gets the one name it was probably meant to be; anything else, every name.
        let message =
            NearestName.suggestion(for: text, among: names).map {
                Message(.errorPrefUnknownKeySuggestion, ["key": .userValue(text), "suggestion": .text($0)])
            } ?? Message(.errorPrefUnknownKey, ["key": .userValue(text), "keys": .text(names.joined(separator: ", "))])
        throw CommandFailure(.usage(message), localizer: loaded.localizer)
    }
}

/// The names `prefs get/set/unset` take, for shell completion: every key users type, the per-language voices included.
package enum PreferenceKeyCompletion {
    package static func names(languages: [String]) -> [String] {
        PreferenceKey.allCases.filter { $0 != .customPatterns }.map(\.rawValue) + languages.map { "voice." + $0 }
    }
}

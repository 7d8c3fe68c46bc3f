import BreatheCore
import BreatheSystem

/// The pattern names a shell completes after `--pattern`: the built-ins, then the patterns saved in the preferences.
///
/// The shell scripts call back into the binary for these, so a pattern saved today completes today.
package enum PatternCompletion {
    /// Every name a user may type, in the order `patterns` lists them. A missing or broken preferences file only
    /// leaves the saved names out: completion never prints an error.
    static func names(store: PreferencesStore = PreferencesStore()) -> [String] {
        BreathingPattern.allNames(saved: (try? store.load().document.customPatterns) ?? [])
    }

    /// The names that start with what has been typed so far.
    package static func candidates(prefix: String, store: PreferencesStore = PreferencesStore()) -> [String] {
        names(store: store).filter { $0.hasPrefix(prefix) }
    }
}

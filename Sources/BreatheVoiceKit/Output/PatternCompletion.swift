import BreatheCore

/// The pattern names a shell completes after `--pattern`: the built-ins now; saved custom patterns join here.
///
/// The shell scripts call back into the binary for these, so a pattern saved today completes today.
public enum PatternCompletion {
    /// Every name a user may type, in the order `patterns` lists them.
    public static func names() -> [String] {
        BreathingPattern.builtIn.compactMap(\.name)
    }

    /// The names that start with what has been typed so far.
    public static func candidates(prefix: String) -> [String] {
        names().filter { $0.hasPrefix(prefix) }
    }
}

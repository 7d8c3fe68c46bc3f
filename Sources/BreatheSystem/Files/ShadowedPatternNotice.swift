import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells the user, once per name, that a pattern they saved now shares its name with a pattern a later version ships:
/// theirs keeps playing (`PatternSpec` reads saved names first), and the line says how to reach the built-in one.
///
/// Once is remembered by an empty file per name, `$XDG_STATE_HOME/breathe-voice/told/pattern.NAME`, created with
/// `O_EXCL` (never following a link) in a private folder: whichever command first loads the preferences says it, and no
/// other does. Where the state folder cannot be written, the line is said each time rather than never.
package enum ShadowedPatternNotice {
    /// Writes one line to `sink` for each saved pattern with a built-in's name that has not been told of yet.
    package static func tellOnce<Sink: TextSink>(
        saved: [BreathingPattern], stateDirectory: String, localizer: Localizer, to sink: inout Sink
    ) {
        let shadowing = saved.compactMap(\.name).filter { BreathingPattern.builtIn(named: $0) != nil }
        guard !shadowing.isEmpty else { return }
        let folder = stateDirectory + "/told"
        let recorded = (try? SecureDirectory.ensure(folder)) != nil
        for name in shadowing {
            if recorded {
                // The name has a pattern name's form (letters, digits, - and _): a file name as it is.
                let descriptor = SystemCall.open(
                    folder + "/pattern." + name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                if descriptor >= 0 {
                    _ = close(descriptor)
                } else if errno == EEXIST {
                    continue
                }
            }
            sink.write(PlainText.line(localizer.string(Message(.patternsShadowed, ["name": .text(name)]))))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the user has been told already, so that a line is said when it is news: an empty file per subject,
/// `$XDG_STATE_HOME/breathe-voice/told/SUBJECT`, created with `O_EXCL` (never following a link) in a private folder,
/// as `ShadowedPatternNotice` does. Where the state folder cannot be written, everything is news each time rather than
/// never.
struct ToldOnce: Sendable {
    /// `$XDG_STATE_HOME/breathe-voice`.
    var stateDirectory: String

    /// True the first time `subject` (a file name: letters, digits, `.`, `-`, `_`) is asked about, which marks it told;
    /// false afterwards.
    func isNews(_ subject: String) -> Bool {
        let folder = stateDirectory + "/told"
        guard (try? SecureDirectory.ensure(folder)) != nil else { return true }
        let descriptor = SystemCall.open(
            folder + "/" + subject, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            _ = close(descriptor)
            return true
        }
        return errno != EEXIST
    }
}

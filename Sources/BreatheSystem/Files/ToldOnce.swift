#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the user has been told already, so that a line is said when it is news: an empty file per subject,
/// `$XDG_STATE_HOME/breathe-voice/told/SUBJECT`, created with `O_EXCL` (never following a link) in a private folder,
/// as `ShadowedPatternNotice` does. A subject is asked about before the session (`isNews`) and marked once its line was
/// shown (`markTold`): a session refused or failing before its opening tells nothing. Where the state folder cannot be
/// written, everything is news each time rather than never.
package struct ToldOnce: Hashable, Sendable {
    /// `$XDG_STATE_HOME/breathe-voice`.
    var stateDirectory: String

    package init(stateDirectory: String) {
        self.stateDirectory = stateDirectory
    }

    private var folder: String { stateDirectory + "/told" }

    /// True until `subject` (a file name: letters, digits, `.`, `-`, `_`) is marked told; asking marks nothing.
    package func isNews(_ subject: String) -> Bool {
        var status = stat()
        // A mark, or anything else planted under its name (never followed), says it was told.
        return lstat(folder + "/" + subject, &status) != 0
    }

    /// Marks `subjects` told, once their line was shown. Silent: what cannot be remembered is said again next time.
    package func markTold(_ subjects: [String]) {
        guard !subjects.isEmpty, (try? SecureDirectory.ensure(folder)) != nil else { return }
        for subject in subjects {
            let descriptor = SystemCall.open(
                folder + "/" + subject, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { _ = close(descriptor) }
        }
    }
}

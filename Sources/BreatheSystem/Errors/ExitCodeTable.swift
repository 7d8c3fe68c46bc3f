import BreatheCore

/// Every exit code and what it means: the one table `--help` (the `{exitCodes}` of a command's discussion), the man
/// pages' EXIT STATUS and the user's guide's table (docs/user-guide.md) are rendered from. Each language words the
/// meanings once, as `exit.<code>` in its locale file (`exit.heading` for the table's title); ExitCodeTableTests holds
/// the guide and the man pages to it.
package enum ExitCodeTable {
    /// The codes in the order they are listed, each with its meaning's key.
    static let rows: [(code: Int32, meaning: MessageKey)] = [
        (ExitStatus.success, .exit0), (ExitStatus.doctorProblem, .exit1), (ExitStatus.usage, .exit64),
        (ExitStatus.badData, .exit65), (ExitStatus.unavailable, .exit69), (ExitStatus.cannotCreate, .exit73),
        (ExitStatus.io, .exit74), (ExitStatus.busy, .exit75), (ExitStatus.badPreferences, .exit78),
        (ExitStatus.interrupted, .exit130), (ExitStatus.quit, .exit131), (ExitStatus.userSignal1, .exit138),
        (ExitStatus.userSignal2, .exit140), (ExitStatus.terminated, .exit143),
    ]

    /// The table as `--help` shows it: its title, then a row per code, the meaning in a column of its own.
    package static func help(_ localizer: Localizer) -> String {
        var lines = [localizer.string(Message(.exitHeading))]
        for (code, meaning) in rows {
            let number = String(code)
            lines.append(
                "  " + number + String(repeating: " ", count: max(1, 5 - number.count))
                    + localizer.string(Message(meaning)))
        }
        return lines.joined(separator: "\n")
    }
}

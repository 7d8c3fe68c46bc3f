import Synchronization

/// Whether this run describes the commands: help (`-h`, `--help`, `help`), a completion script, argument-parser's
/// JSON description (which the man pages are made from), or the help tree (`HelpTree.program` turns it on). Only then
/// are the English help sentences read from the catalog (`HelpText.english`); any other run skips the work.
package enum CommandDescriptions {
    package static var areWanted: Bool {
        get { wanted.withLock { $0 } }
        set { wanted.withLock { $0 = newValue } }
    }

    private static let wanted = Mutex<Bool>(
        CommandLine.arguments.dropFirst().contains {
            ["-h", "--help", "help", "--experimental-dump-help"].contains($0)
                || $0.hasPrefix("--generate-completion-script")
        })

    /// The sentence under `key`, read once (`read`) and kept: argument-parser asks for each many times a run (it
    /// builds a command's arguments again for every step of parsing, validating and describing).
    package static func sentence(_ key: String, read: (String) -> String) -> String {
        if let known = sentences.withLock({ $0[key] }) { return known }
        let sentence = read(key)
        sentences.withLock { $0[key] = sentence }
        return sentence
    }

    private static let sentences = Mutex<[String: String]>([:])
}

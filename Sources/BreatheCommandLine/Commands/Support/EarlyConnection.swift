/// Whether a command line asks for a session played through the sound server, read from the words alone before the
/// parser runs, so that the server's handshake starts first and overlaps parsing (the first sound comes sooner). A guess
/// either way is harmless: a session that finds no connection started makes its own (`AudioSession.run`), and
/// one that nobody takes ends with the run.

enum EarlyConnection {
    /// Options after which no live session follows: no sound, a WAV file, or a page of text.
    static let refusingOptions: Set<String> = [
        "--no-audio", "--output", "--help", "-h", "--version", "--generate-completion-script",
        "--experimental-dump-help",
    ]

    /// `start`, or no command (start is the default), with none of `refusingOptions`.
    static func isWanted(arguments: [String]) -> Bool {
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard first == "start" else { return false }
            rest = rest.dropFirst()
        }
        for argument in rest {
            if argument == "--" { break }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if refusingOptions.contains(name) { return false }
        }
        return true
    }
}

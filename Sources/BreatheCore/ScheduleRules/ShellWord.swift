/// Quoting and splitting of the words in a crontab command, which cron hands to /bin/sh.
///
/// cron reads the command before the shell does (Debian's cron and cronie alike): a backslash and the character after
/// it go together, and the pair `\%` becomes `%`; every other pair is kept as it is; a `%` alone ends the command
/// (what follows it is standard input). So a backslash that the word itself holds must never stand right before a
/// `%`, or the two would be read as one escaped percent sign, or (after a second backslash) as an end.
package enum ShellWord {
    /// The word as the shell will read it back: bare when it is plain, else in single quotes.
    static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "_./:=@+,-".unicodeScalars.contains($0))
            }
        if plain { return word }
        return "'" + word.replacingText("'", with: "'\\''") + "'"
    }

    /// The word for a crontab command: in single quotes when it is not plain, and every `%` outside them, escaped for
    /// cron as `\%`. cron makes that a `%`, which the shell takes as it is; a backslash of the word stays inside the
    /// quotes, followed by a quote, so cron never pairs it with a `%`.
    static func cronQuote(_ word: String) -> String {
        guard word.contains("%") else { return quote(word) }
        let pieces = word.split(separator: "%", omittingEmptySubsequences: false).map { piece in
            piece.isEmpty ? "" : quote(String(piece))
        }
        return pieces.joined(separator: "\\%")
    }

    /// True when `word` can go into one crontab line or one line of a systemd unit: it holds no control character
    /// (a newline, a tab, a carriage return, ESC…) and no line or paragraph separator. cron and systemd end a line at a
    /// newline whatever quotes it is in, and no quoting of either carries a tab or a CR through unchanged.
    package static func fitsOnOneLine(_ word: String) -> Bool {
        !word.unicodeScalars.contains(where: isLineBreaking)
    }

    /// `text` with every character that `fitsOnOneLine` refuses shown as "�", for an error that quotes it.
    package static func shownOnOneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isLineBreaking(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }

    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// A command for a crontab line, each word quoted with `cronQuote`.
    static func cronCommand(_ words: [String]) -> String {
        words.map(cronQuote).joined(separator: " ")
    }

    /// The command as cron gives it to the shell: `\%` becomes `%`, any other backslash pair is kept, and an unescaped
    /// `%` ends the command.
    static func cronUnescape(_ command: String) -> String {
        var result = ""
        var escaped = false
        for character in command {
            if escaped {
                if character == "%" { result.removeLast() }
                result.append(character)
                escaped = false
                continue
            }
            if character == "%" { break }
            result.append(character)
            if character == "\\" { escaped = true }
        }
        return result
    }

    /// Splits a crontab command back into words, as cron then the shell would: spaces separate words, single quotes
    /// group, a backslash outside them escapes the next character.
    static func split(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        var characters = cronUnescape(command).makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "'" { quoted = false } else { current.append(character) }
                continue
            }
            switch character {
            case "'":
                quoted = true
                inWord = true
            case "\\":
                if let next = characters.next() { current.append(next) }
                inWord = true
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}

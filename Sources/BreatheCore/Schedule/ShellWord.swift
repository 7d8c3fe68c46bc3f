/// Quoting and splitting of the words in a crontab command, which cron hands to /bin/sh.
public enum ShellWord {
    /// The word as the shell will read it back: bare when it is plain, else in single quotes.
    public static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_./:=@+,-".unicodeScalars.contains($0))
        }
        if plain { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// A command for a crontab line: cron turns an unescaped % into a newline, so every % is escaped.
    public static func cronCommand(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ").replacing("%", with: "\\%")
    }

    /// Splits a crontab command back into words, undoing `cronCommand`: spaces separate words, single quotes group,
    /// `\%` is a percent sign.
    public static func split(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        // cron itself turns `\%` into `%` before the shell sees the command, inside quotes too.
        var characters = command.replacing("\\%", with: "%").makeIterator()
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

/// The `--pattern` option in the words of a reminder: its summary (`schedule add`'s options), its crontab lines and
/// its systemd units. Read to know which pattern a reminder plays, rewritten when `patterns rename` renames it.
///
/// The words are read as the shell (and systemd) reads them: spaces separate them, single quotes group, double quotes
/// group with `\` escaping, and a backslash outside quotes escapes the next character. So a pattern name that had to
/// be quoted (`'calmé'`) is found, and text inside another option's quoted value is never taken for an option.
package enum PatternOption {
    /// The pattern named by the last `--pattern NAME` or `--pattern=NAME` among `text`'s words; nil when none is.
    package static func name(in text: String) -> String? {
        let words = Self.words(in: text).map(\.word)
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--pattern", index + 1 < words.count { found = words[index + 1] }
            if word.hasPrefix("--pattern=") { found = String(word.dropFirst("--pattern=".count)) }
        }
        return found
    }

    /// `text` with every `--pattern OLD` and `--pattern=OLD` naming `new` instead, the new word written by `quote`
    /// and everything else left byte for byte; nil when `text` names `old` nowhere.
    static func renaming(_ old: String, to new: String, in text: String, quote: (String) -> String) -> String? {
        let words = Self.words(in: text)
        var replacements: [(range: Range<String.Index>, text: String)] = []
        for (index, word) in words.enumerated() {
            if word.word == "--pattern", index + 1 < words.count, words[index + 1].word == old {
                replacements.append((words[index + 1].range, quote(new)))
            }
            if word.word == "--pattern=" + old { replacements.append((word.range, quote("--pattern=" + new))) }
        }
        guard !replacements.isEmpty else { return nil }
        var result = ""
        var position = text.startIndex
        for replacement in replacements {
            result += text[position..<replacement.range.lowerBound]
            result += replacement.text
            position = replacement.range.upperBound
        }
        return result + text[position...]
    }

    /// Each word of `text`: where it stands, quotes included, and the word the shell reads there.
    static func words(in text: String) -> [(range: Range<String.Index>, word: String)] {
        var words: [(range: Range<String.Index>, word: String)] = []
        var start: String.Index?
        var current = ""
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"", character == "\\", next < text.endIndex {
                    current.append(text[next])
                    index = text.index(after: next)
                    continue
                } else {
                    current.append(character)
                }
                index = next
                continue
            }
            switch character {
            case " ", "\t":
                if let begun = start { words.append((begun..<index, current)) }
                start = nil
                current = ""
            case "'", "\"":
                if start == nil { start = index }
                quote = character
            case "\\":
                if start == nil { start = index }
                if next < text.endIndex {
                    current.append(text[next])
                    index = text.index(after: next)
                    continue
                }
            default:
                if start == nil { start = index }
                current.append(character)
            }
            index = next
        }
        if let begun = start { words.append((begun..<text.endIndex, current)) }
        return words
    }
}

extension SystemdReminderUnits {
    /// A timer's or service's text, as this program wrote it, with `--pattern OLD` naming `new` in its description
    /// (the summary) and its `ExecStart=`; nil when neither names `old`.
    package static func renamingPattern(_ old: String, to new: String, inUnit text: String) -> String? {
        var changed = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let line = String(line)
            let renamed: String?
            if line.hasPrefix("Description=") {
                renamed = PatternOption.renaming(old, to: new, in: line) { escapeSpecifiers(ShellWord.quote($0)) }
            } else if line.hasPrefix("ExecStart=") {
                renamed = PatternOption.renaming(old, to: new, in: line) { quote($0) }
            } else {
                renamed = nil
            }
            if renamed != nil { changed = true }
            return renamed ?? line
        }
        return changed ? lines.joined(separator: "\n") : nil
    }
}

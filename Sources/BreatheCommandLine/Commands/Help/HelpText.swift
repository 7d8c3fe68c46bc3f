import ArgumentParser
import BreatheCore
import BreatheSystem

/// Where each help sentence lives in the locale files, and the sentence in one language.
///
/// A command's texts are `help.<path>.abstract` and `help.<path>.discussion` (`help.root.…` for `breathe-voice`
/// itself). An option's sentence is `help.<path>.option.<name>` when that command says something of its own, else the
/// shared `help.option.<name>`; a positional argument's is `help.<path>.argument.<value>` or `help.argument.<value>`.
/// English decides which key an argument uses, so a translation cannot silently pick another.
struct HelpText {
    let localizer: Localizer
    let english: Localizer

    init(localizer: Localizer) {
        self.localizer = localizer
        english = Localizer(language: "en")
    }

    static func commandKey(_ path: [String]) -> String {
        "help." + (path.isEmpty ? "root" : path.joined(separator: "."))
    }

    static func abstractKey(_ command: HelpTree.Command) -> String { commandKey(command.path) + ".abstract" }
    static func discussionKey(_ command: HelpTree.Command) -> String { commandKey(command.path) + ".discussion" }

    /// The keys an argument's sentence may live under, most specific first.
    static func candidateKeys(_ argument: HelpTree.Argument, of command: HelpTree.Command) -> [String] {
        let own = commandKey(command.path)
        switch argument.kind {
        case .positional:
            return ["\(own).argument.\(argument.valueName)", "help.argument.\(argument.valueName)"]
        case .option, .flag:
            let name = argument.preferredName ?? argument.valueName
            return ["\(own).option.\(name)", "help.option.\(name)"]
        }
    }

    /// The key an argument's sentence lives under: the first candidate English has (the shared one if none).
    func key(_ argument: HelpTree.Argument, of command: HelpTree.Command) -> String {
        let candidates = Self.candidateKeys(argument, of: command)
        return candidates.first { english.text(forKey: $0) != nil } ?? candidates[candidates.count - 1]
    }

    func abstract(_ command: HelpTree.Command) -> String {
        text(Self.abstractKey(command), english: command.abstract)
    }

    func discussion(_ command: HelpTree.Command) -> String {
        command.discussion.isEmpty ? "" : text(Self.discussionKey(command), english: command.discussion)
    }

    func abstract(_ argument: HelpTree.Argument, of command: HelpTree.Command) -> String {
        argument.abstract.isEmpty ? "" : text(key(argument, of: command), english: argument.abstract)
    }

    /// A value's placeholder, `<segundos>` for `<seconds>`; the English word when the language has none.
    func valueName(_ name: String) -> String {
        localizer.text(forKey: "help.value.\(name)") ?? name
    }

    /// A sentence of the help page's frame, `helpPage.<name>`.
    func frame(_ name: String, _ arguments: [String: String] = [:]) -> String {
        var template = localizer.text(forKey: "helpPage.\(name)") ?? english.text(forKey: "helpPage.\(name)") ?? name
        for (placeholder, value) in arguments {
            template = template.replacingText("{\(placeholder)}", with: value)
        }
        return template
    }

    /// The language's sentence; the program's own English when a translation is missing (the tests catch that).
    private func text(_ key: String, english fallback: String) -> String {
        filled(localizer.text(forKey: key) ?? fallback)
    }

    /// A help sentence with every placeholder filled in: `{languages}`, and `{exitCodes}`, the exit-code table in
    /// this help's language.
    func filled(_ text: String) -> String {
        let text = Self.filled(text)
        guard text.contains("{exitCodes}") else { return text }
        return text.replacingText("{exitCodes}", with: ExitCodeTable.help(localizer))
    }

    /// A help sentence with the placeholders every language shares filled in: `{languages}`, the codes of every
    /// built-in language, so that a new locale file appears in `--help`, the man pages and the completions without
    /// another file naming it; `{default:<key>}`, `{min:<key>}` and `{max:<key>}`, a preference's default and range as
    /// `PreferenceRules` (their one home) has them.
    static func filled(_ text: String) -> String {
        // One pass over the text: a sentence is read for every option argument-parser describes, many times a run.
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = placeholder(String(rest[rest.index(after: open)..<close]))
            else {
                result += rest[open...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The value of a placeholder every language shares (`languages`, `preferences`, `default:<key>`, `min:<key>`, `max:<key>`);
    /// nil for any other (`exitCodes`, a message's own).
    private static func placeholder(_ name: String) -> String? {
        if name == "languages" { return LocaleCatalog.codes.joined(separator: ", ") }
        if name == "preferences" { return PreferenceKey.allCases.map(\.rawValue).joined(separator: ", ") }
        guard let colon = name.firstIndex(of: ":"),
            let key = PreferenceKey(rawValue: String(name[name.index(after: colon)...]))
        else { return nil }
        switch name[..<colon] {
        case "default": return PreferenceRules.defaultValue(key)?.displayText ?? ""
        case "min": return String(PreferenceRules.range(key).lowerBound)
        case "max": return String(PreferenceRules.range(key).upperBound)
        default: return nil
        }
    }

    /// The English sentence under `key`, filled in: the program's help is written once, in Locales/en.json, and
    /// argument-parser's own descriptions (the completions, `--experimental-dump-help`) read it from there. In a run
    /// that describes no command, the key itself: argument-parser builds every description it parses with, and reading
    /// the English catalog for them would cost each start (a tenth of a second in a debug build) for nothing. The help
    /// pages themselves read the catalog by key (`HelpPage`), whatever this says.
    static func english(_ key: String) -> String {
        guard CommandDescriptions.areWanted else { return key }
        return CommandDescriptions.sentence(key) { key in
            guard case .text(let text)? = LocaleCatalog.named(LocaleCatalog.fallbackCode)?.entries[key] else {
                return key
            }
            return filled(text)
        }
    }
}

extension ArgumentHelp {
    /// An argument's help, from the English locale file (`HelpText.english`).
    static func english(_ key: String) -> ArgumentHelp { ArgumentHelp(HelpText.english(key)) }
}

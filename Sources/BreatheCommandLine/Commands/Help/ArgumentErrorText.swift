import BreatheCore
import BreatheSystem

/// argument-parser's refusals of a command line, put into the user's language.
///
/// argument-parser words its errors in English from fixed templates and keeps their kinds internal, so each template is
/// recognized here and its parts (the option, the user's value) are put into the matching `args.*` sentence. A user's
/// value is quoted and cut to 40 characters, so a megabyte or a newline still gives one short line. A message that is
/// none of argument-parser's is the program's own refusal, already in the user's language, and is kept as it is.
///
/// Given the command line and the program's commands, a mistyped subcommand or option gets the nearest name, as git
/// does ("Did you mean 'history'?", `NearestName`), and nothing when no name is close.
struct ArgumentErrorText {
    let localizer: Localizer
    private let help: HelpText
    /// The command the refused words were given to, found from the words: what a typo is compared with.
    private let context: HelpTree.Command?
    /// The commands that parse the words: `context`, then its default subcommands (`breathe-voice` parses `start`'s).
    private let parsers: [HelpTree.Command]

    /// The longest piece of user input quoted in a refusal.
    static let quotedLimit = 40

    /// `root`, the program's commands (`HelpTree.program.root`), with the refused `arguments` lets a typo get the
    /// nearest name; without them only argument-parser's own suggestion, if any, is given.
    init(localizer: Localizer, arguments: [String] = [], root: HelpTree.Command? = nil) {
        self.localizer = localizer
        help = HelpText(localizer: localizer)
        context = root.map { Self.command(named: arguments, in: $0) }
        var parsers: [HelpTree.Command] = []
        var next = context
        while let command = next {
            parsers.append(command)
            next = command.defaultSubcommand.flatMap { command.command(at: [$0]) }
        }
        self.parsers = parsers
    }

    /// The deepest command the words name, options skipped: `["--lang", "fr", "patterns", "lst"]` names `patterns`.
    static func command(named arguments: [String], in root: HelpTree.Command) -> HelpTree.Command {
        var command = root
        for word in arguments {
            if word == "--" { break }
            if word.hasPrefix("-") { continue }
            guard let next = command.command(at: [word]) else { continue }
            command = next
        }
        return command
    }

    /// One line (without the program's name) for argument-parser's error message.
    func line(for englishMessage: String) -> String {
        var text = Substring(englishMessage)
        if text.hasPrefix("Error: ") { text = text.dropFirst("Error: ".count) }
        if let message = message(for: text) { return localizer.string(message) }
        return text.split(whereSeparator: \.isNewline).first { $0.contains { !$0.isWhitespace } }.map(String.init)
            ?? String(text)
    }

    /// The refusal as a message, or nil for a text argument-parser did not write.
    func message(for text: Substring) -> Message? {
        if text.hasPrefix("Unknown option '") {
            let rest = text.dropFirst("Unknown option '".count)
            guard let end = rest.firstIndex(of: "'") else { return nil }
            let option = quote(rest[..<end])
            let tail = rest[rest.index(after: end)...]
            if context != nil {
                // Our own distance, the same for options as for commands and preference keys.
                let names = parsers.flatMap(\.arguments).flatMap(\.names).filter { $0.hasPrefix("--") }
                guard let suggestion = NearestName.suggestion(for: String(rest[..<end]), among: names) else {
                    return Message(.argsUnknownOption, ["option": option])
                }
                return Message(.argsUnknownOptionSuggestion, ["option": option, "suggestion": quote(suggestion[...])])
            }
            if tail.hasPrefix(". Did you mean '"), let close = tail.dropFirst(16).firstIndex(of: "'") {
                return Message(
                    .argsUnknownOptionSuggestion,
                    ["option": option, "suggestion": synopsis(tail.dropFirst(16)[..<close])])
            }
            return Message(.argsUnknownOption, ["option": option])
        }
        if let option = between(text, "Missing value for '", "'") {
            return Message(.argsMissingValue, ["option": synopsis(option)])
        }
        if text.hasPrefix("The option '"), let range = text.range(ofText: "' does not take any value, but '") {
            let option = text[text.index(text.startIndex, offsetBy: 12)..<range.lowerBound]
            let value = text[range.upperBound...].dropLast(" was specified.".count + 1)
            return Message(.argsUnexpectedValue, ["option": synopsis(option), "value": quote(value)])
        }
        if let value = between(text, "Unexpected argument '", "'") {
            if let names = context?.subcommands.compactMap(\.path.last),
                let suggestion = NearestName.suggestion(for: String(value), among: names)
            {
                return Message(
                    .argsUnknownCommandSuggestion, ["value": quote(value), "suggestion": quote(suggestion[...])])
            }
            return Message(.argsUnexpectedArgument, ["value": quote(value)])
        }
        if let range = text.range(ofText: " unexpected arguments: '"), let count = Int(text[..<range.lowerBound]),
            text.hasSuffix("'")
        {
            let values = text[range.upperBound...].dropLast().components(separatedBy: "', '")
            return Message(
                .argsUnexpectedArguments,
                [
                    "count": .integer(count),
                    "values": .text(values.map { quoteText(Substring($0)) }.joined(separator: ", ")),
                ])
        }
        if text.hasPrefix("Value to be set with "), let range = text.range(ofText: " had already been set with ") {
            return Message(
                .argsDuplicateFlag,
                [
                    "second": quote(firstQuoted(text[..<range.lowerBound]) ?? ""),
                    "first": quote(firstQuoted(text[range.upperBound...]) ?? ""),
                ])
        }
        if let argument = between(text, "Missing expected argument '", "'") {
            return Message(.argsMissingArgument, ["argument": synopsis(argument)])
        }
        if let arguments = between(text, "Missing one of: '", "'") {
            let list = arguments.components(separatedBy: "', '").map { synopsisText(Substring($0)) }
            return Message(.argsMissingOneOf, ["arguments": .text(list.joined(separator: ", "))])
        }
        if text.hasPrefix("The value '") { return invalidValue(text.dropFirst("The value '".count)) }
        if text.hasPrefix("Invalid option: ") {
            return Message(.argsInvalidOption, ["option": quote(text.dropFirst("Invalid option: ".count))])
        }
        if text == "Missing required subcommand." { return Message(.argsMissingSubcommand) }
        return nil
    }

    /// "The value 'V' is invalid for 'OPTION'" and what follows it; V may hold anything, quotes and newlines included.
    private func invalidValue(_ rest: Substring) -> Message? {
        var search = rest.endIndex
        while let range = rest[..<search].ranges(ofText: "' is invalid for '").last {
            search = range.lowerBound
            let after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: "'") else { continue }
            let option = after[..<close]
            let tail = after[after.index(after: close)...]
            guard !option.contains("\n") else { continue }
            let value = quote(rest[..<range.lowerBound])
            if tail.isEmpty { return Message(.argsInvalidValue, ["value": value, "option": synopsis(option)]) }
            if tail.hasPrefix(". Please provide one of") {
                return Message(
                    .argsInvalidValueChoices,
                    ["value": value, "option": synopsis(option), "choices": .text(choices(tail))])
            }
            if tail.hasPrefix(": ") {
                return Message(
                    .argsInvalidValueDetail,
                    ["value": value, "option": synopsis(option), "detail": .text(String(tail.dropFirst(2)))])
            }
        }
        return nil
    }

    /// The allowed values argument-parser listed, as "'a', 'b' or 'c'" or a bulleted list.
    private func choices(_ tail: Substring) -> String {
        var values: [String] = []
        if tail.contains("\n") {
            values = tail.split(separator: "\n").dropFirst().map { String($0.drop { $0 == " " || $0 == "-" }) }
        } else {
            var rest = tail
            while let open = rest.firstIndex(of: "'") {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "'") else { break }
                values.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
        }
        let quoted = values.map { quoteText(Substring($0)) }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return localizer.string(
            Message(.argsOr, ["first": .text(quoted.dropLast().joined(separator: ", ")), "last": .text(last)]))
    }

    private func between(_ text: Substring, _ prefix: String, _ suffix: String) -> Substring? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else {
            return nil
        }
        let inner = text.dropFirst(prefix.count).dropLast(suffix.count)
        return inner.contains("\n") ? nil : inner
    }

    private func firstQuoted(_ text: Substring) -> Substring? {
        guard let open = text.firstIndex(of: "'") else { return nil }
        let after = text[text.index(after: open)...]
        return after.firstIndex(of: "'").map { after[..<$0] }
    }

    /// The user's input, quoted and cut short.
    private func quote(_ value: Substring) -> MessageArgument {
        .text(quoteText(value))
    }

    private func quoteText(_ value: Substring) -> String {
        let short = value.count > Self.quotedLimit ? value.prefix(Self.quotedLimit) + "…" : String(value)
        return localizer.string(Message(.argsQuote, ["value": .text(short)]))
    }

    /// An option as the help shows it, its value's placeholder in the user's language: «--cycles <número>».
    private func synopsis(_ text: Substring) -> MessageArgument {
        .text(synopsisText(text))
    }

    private func synopsisText(_ text: Substring) -> String {
        var result = ""
        var rest = text
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += rest[..<open] + "<" + help.valueName(String(rest[rest.index(after: open)..<close])) + ">"
            rest = rest[rest.index(after: close)...]
        }
        return quoteText(Substring(result + rest))
    }
}

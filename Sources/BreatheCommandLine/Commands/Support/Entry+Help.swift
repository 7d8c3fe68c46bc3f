import ArgumentParser
import BreatheCore
import BreatheSystem

extension Entry {
    /// The localized page for argument-parser's English help, found by its usage line; nil for anything but a help page.
    /// `arguments` are the command line's: `--help --lang fr` alone asks for the program's page, which argument-parser
    /// would take for `start`'s (`--lang` is one of its options).
    static func localizedHelp(_ englishPage: String, localizer: Localizer, arguments: [String] = []) -> String? {
        guard englishPage.hasPrefix("OVERVIEW: ") || englishPage.hasPrefix("USAGE: "),
            let usage = englishPage.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: ") })
        else { return nil }
        // "USAGE: breathe-voice schedule add [--every …]": the words after the program's name that name commands.
        var node = HelpTree.program.root
        for word in usage.split(separator: " ").dropFirst(2) where !asksForTheProgramsPage(arguments) {
            guard let next = node.subcommands.first(where: { $0.path.last == String(word) }) else { break }
            node = next
        }
        var page = HelpPage(localizer: localizer)
        page.width = screenWidth()
        return page.render(node.path)
    }

    /// Whether the words are a help flag and a language only: `--help --lang fr`, `-h --lang=es`.
    static func asksForTheProgramsPage(_ arguments: [String]) -> Bool {
        let rest = InterfaceLanguage.withoutLangFlag(arguments)
        return rest == ["--help"] || rest == ["-h"]
    }

    /// The page of `breathe-voice help TOPIC` (exit codes, keys, files, environment); nil for any other command line.
    /// `help WORD` where WORD names no command (nor topic) is refused, with the nearest name when one is close, where
    /// argument-parser would show the program's page.
    static func helpTopicPage(_ arguments: [String]) throws(CommandFailure) -> String? {
        let words = InterfaceLanguage.withoutLangFlag(arguments)
        guard words.first == "help" else { return nil }
        let localizer = InterfaceLanguage.localizer(arguments: arguments)
        if let topic = HelpTopic(arguments: arguments) { return topic.page(localizer, width: screenWidth()) }
        var command = HelpTree.program.root
        for word in words.dropFirst() where !word.hasPrefix("-") {
            if let next = command.command(at: [word]) {
                command = next
                continue
            }
            var names = command.subcommands.compactMap(\.path.last)
            if command.path.isEmpty { names += HelpTopic.allCases.map(\.rawValue) }
            func quoted(_ text: String) -> MessageArgument {
                let short =
                    text.count > ArgumentErrorText.quotedLimit ? text.prefix(ArgumentErrorText.quotedLimit) + "…" : text
                return .text(localizer.string(Message(.argsQuote, ["value": .text(short)])))
            }
            let message =
                NearestName.suggestion(for: word, among: names).map {
                    Message(.argsUnknownCommandSuggestion, ["value": quoted(word), "suggestion": quoted($0)])
                } ?? Message(.argsUnexpectedArgument, ["value": quoted(word)])
            throw CommandFailure(.usage(message), localizer: localizer)
        }
        return nil
    }

    /// argument-parser's width: COLUMNS, else the terminal's, else 80.
    static func screenWidth(environment: [String: String] = ProcessEnvironment.current) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return Terminal.columns(1) ?? 80
    }
}

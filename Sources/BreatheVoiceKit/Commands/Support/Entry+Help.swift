import ArgumentParser
import BreatheCore

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
    static func helpTopicPage(_ arguments: [String]) -> String? {
        guard let topic = HelpTopic(arguments: arguments) else { return nil }
        return topic.page(InterfaceLanguage.localizer(arguments: arguments), width: screenWidth())
    }

    /// argument-parser's width: COLUMNS, else the terminal's, else 80.
    static func screenWidth(environment: [String: String] = ProcessEnvironment.current) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return Terminal.columns(1) ?? 80
    }
}

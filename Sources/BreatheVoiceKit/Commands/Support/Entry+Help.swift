import ArgumentParser
import BreatheCore

extension Entry {
    /// The localized page for argument-parser's English help, found by its usage line; nil for anything but a help page.
    static func localizedHelp(_ englishPage: String, localizer: Localizer) -> String? {
        guard englishPage.hasPrefix("OVERVIEW: ") || englishPage.hasPrefix("USAGE: "),
            let usage = englishPage.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: ") })
        else { return nil }
        // "USAGE: breathe-voice schedule add [--every …]": the words after the program's name that name commands.
        var node = HelpTree.program.root
        for word in usage.split(separator: " ").dropFirst(2) {
            guard let next = node.subcommands.first(where: { $0.path.last == String(word) }) else { break }
            node = next
        }
        var page = HelpPage(localizer: localizer)
        page.width = screenWidth()
        return page.render(node.path)
    }

    /// argument-parser's width: COLUMNS, else the terminal's, else 80.
    static func screenWidth(environment: [String: String] = ProcessEnvironment.current) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return Terminal.columns(1) ?? 80
    }
}

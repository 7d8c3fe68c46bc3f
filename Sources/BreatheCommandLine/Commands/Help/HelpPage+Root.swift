/// `breathe-voice --help`: what a session takes first, then the commands.
///
/// A new user comes for a session, so the page opens with the options of `start` (the default command) that a session
/// usually takes and a few examples, then the subcommands; exit codes, keys, files and environment are one command
/// away (`breathe-voice help exit-codes`, `HelpTopic`) and in the man page.

extension HelpPage {
    /// The options of `start` the program's page shows, in this order (`breathe-voice help start` has them all).
    static let sessionOptions = [
        "pattern", "minutes", "cycles", "lang", "voice", "rate", "plain", "screen-reader", "no-audio", "output",
    ]

    /// The program's own page: overview, usage, the session's options, examples, subcommands, options, more help.
    func renderRoot(_ root: HelpTree.Command) -> String {
        var page = overview(root)
        let usageTitle = text.frame("usage") + ": "
        page += usageTitle + Self.toolName + " [" + text.frame("optionsPlaceholder") + "]\n"
        page += String(repeating: " ", count: usageTitle.count) + usage(root) + "\n\n"

        if let start = root.defaultSubcommand.flatMap({ root.command(at: [$0]) }) {
            let options = Self.sessionOptions.compactMap { name in
                start.arguments.first { $0.preferredName == name }
            }
            let title = text.frame("sessionOptions", ["command": "\(Self.toolName) help \(start.path.joined())"])
            page += title + ":\n"
            page += options.map { element(label: label($0), abstract: description($0, of: start)) }.joined() + "\n"
        }
        page += text.frame("examples") + ":\n" + Self.wrapRows(text.frame("rootExamples"), width: width) + "\n\n"

        if !root.subcommands.isEmpty {
            page += text.frame("subcommands") + ":\n"
            for subcommand in root.subcommands {
                var label = subcommand.path.last ?? ""
                if label == root.defaultSubcommand { label += " " + text.frame("default") }
                page += element(label: label, abstract: text.abstract(subcommand))
            }
            let names = [Self.toolName, "help"].joined(separator: " ")
            let seeHelp = String(repeating: " ", count: Self.indent) + text.frame("seeHelp", ["command": names])
            page += "\n" + Self.wrapRows(seeHelp, width: width) + "\n\n"
        }
        let own = root.arguments.map { element(label: label($0), abstract: description($0, of: root)) }
        if !own.isEmpty { page += text.frame("options") + ":\n" + own.joined() + "\n" }

        var rows = HelpTopic.allCases.map {
            ("\(Self.toolName) help \($0.rawValue)", text.frame("about.\($0.rawValue)"))
        }
        rows.append(("man \(Self.toolName)", text.frame("about.man")))
        page += text.frame("moreHelp") + ":\n" + Self.table(rows, width: width)
        return page
    }

    /// Rows of a label and its sentence, the sentences in one column two spaces right of the longest label.
    static func table(_ rows: [(label: String, sentence: String)], width: Int) -> String {
        let column = (rows.map(\.label.count).max() ?? 0) + 2
        let lines = rows.map { row in
            String(repeating: " ", count: indent) + row.label
                + String(repeating: " ", count: column - row.label.count) + row.sentence
        }
        return wrapRows(lines.joined(separator: "\n"), width: width)
    }
}

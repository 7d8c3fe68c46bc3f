/// A command's `--help` page in any language, laid out as argument-parser lays out the English one.
///
/// argument-parser renders its help from the Swift source's static English strings; this page takes the same command
/// definitions (`HelpTree`) and the sentences of the locale files (`HelpText`), so a Spanish user reads the same page
/// in Spanish. With the English catalog it is byte for byte argument-parser's page (`HelpPageTests`).
struct HelpPage {
    let tree: HelpTree
    let text: HelpText
    var width = 80

    /// argument-parser's columns: two spaces before a label, sentences from column 26.
    private static let indent = 2
    private static let labelWidth = 26
    private static let toolName = "breathe-voice"

    /// The frame's sentences (`helpPage.<name>`), which every locale has.
    static let frameKeys = [
        "overview", "usage", "arguments", "options", "subcommands", "default", "optionsPlaceholder",
        "subcommandPlaceholder",
        "seeHelp", "values", "defaultValue", "valuesAndDefault",
    ]

    init(tree: HelpTree = .program, localizer: Localizer) {
        self.tree = tree
        text = HelpText(localizer: localizer)
    }

    /// The page of the command at `path`; nil when no command has that path.
    func render(_ path: [String]) -> String? {
        guard let command = tree.root.command(at: path) else { return nil }
        var overview = text.abstract(command)
        let discussion = text.discussion(command)
        if !discussion.isEmpty {
            if !overview.isEmpty { overview += "\n" }
            overview += "\n" + discussion
        }
        var page = ""
        if !overview.isEmpty {
            page += Self.wrap(text.frame("overview") + ": " + overview, width: width) + "\n\n"
        }
        page += text.frame("usage") + ": " + usage(command) + "\n\n"

        var positionals: [String] = []
        var options: [String] = []
        for argument in command.arguments {
            let element = self.element(label: label(argument), abstract: description(argument, of: command))
            if argument.kind == .positional { positionals.append(element) } else { options.append(element) }
        }
        let subcommands = command.subcommands.map { subcommand in
            var label = subcommand.path.last ?? ""
            if label == command.defaultSubcommand { label += " " + text.frame("default") }
            return element(label: label, abstract: text.abstract(subcommand))
        }
        page += [("arguments", positionals), ("options", options), ("subcommands", subcommands)]
            .filter { !$0.1.isEmpty }
            .map { text.frame($0.0) + ":\n" + $0.1.joined() }
            .joined(separator: "\n")
        if !subcommands.isEmpty {
            let names = ([Self.toolName, "help"] + command.path).joined(separator: " ")
            page += "\n" + String(repeating: " ", count: Self.indent) + text.frame("seeHelp", ["command": names])
        }
        return page
    }

    /// The usage line, shortened as argument-parser does when a command has more than 12 options.
    func usage(_ command: HelpTree.Command) -> String {
        let toolName = ([Self.toolName] + command.path).joined(separator: " ")
        var arguments = command.arguments.filter { !$0.isBuiltIn }
        var usage: String
        if arguments.isEmpty {
            usage = toolName
        } else if arguments.count > 12 {
            arguments = arguments.filter { $0.kind == .positional || !$0.isOptional }
            let options = text.frame("optionsPlaceholder")
            usage =
                !arguments.isEmpty && arguments.count <= 12
                ? "\(toolName) [\(options)] " + arguments.map(synopsis).joined(separator: " ")
                : "\(toolName) \(options)"
        } else {
            usage = "\(toolName) " + arguments.map(synopsis).joined(separator: " ")
        }
        if !command.subcommands.isEmpty {
            if usage.last != " " { usage += " " }
            usage += text.frame("subcommandPlaceholder")
        }
        return usage
    }

    private func value(_ argument: HelpTree.Argument) -> String {
        "<" + text.valueName(argument.valueName) + ">"
    }

    private func synopsis(_ argument: HelpTree.Argument) -> String {
        var synopsis: String
        switch argument.kind {
        case .positional: synopsis = value(argument)
        case .option: synopsis = preferredSpelling(argument) + " " + value(argument)
        case .flag: synopsis = preferredSpelling(argument)
        }
        if argument.isRepeating { synopsis += " ..." }
        if argument.isOptional { synopsis = "[\(synopsis)]" }
        return synopsis
    }

    private func preferredSpelling(_ argument: HelpTree.Argument) -> String {
        let name = argument.preferredName ?? argument.valueName
        return argument.names.first { $0 == "--" + name } ?? argument.names.first { $0.hasSuffix(name) } ?? "--" + name
    }

    private func label(_ argument: HelpTree.Argument) -> String {
        switch argument.kind {
        case .positional: value(argument)
        case .option: argument.names.joined(separator: ", ") + " " + value(argument)
        case .flag: argument.names.joined(separator: ", ")
        }
    }

    /// The sentence, then the allowed values and the default, as argument-parser appends them.
    private func description(_ argument: HelpTree.Argument, of command: HelpTree.Command) -> String {
        let values = argument.allValues.filter { !$0.isEmpty }.joined(separator: ", ")
        let defaultValue = argument.defaultValue ?? ""
        let suffix =
            switch (values.isEmpty, defaultValue.isEmpty) {
            case (true, true): ""
            case (false, true): text.frame("values", ["values": values])
            case (true, false): text.frame("defaultValue", ["value": defaultValue])
            case (false, false): text.frame("valuesAndDefault", ["values": values, "value": defaultValue])
            }
        return [text.abstract(argument, of: command), suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// One line of a section: the label, then its sentence wrapped from column 26 (on the next line if the label is long).
    private func element(label: String, abstract: String) -> String {
        let padded = String(repeating: " ", count: Self.indent) + label
        guard !abstract.isEmpty else { return padded + "\n" }
        let wrapped = Self.wrap(abstract, width: width, indent: Self.labelWidth)
        if padded.count < Self.labelWidth { return padded + wrapped.dropFirst(padded.count) + "\n" }
        return padded + "\n" + wrapped + "\n"
    }

    /// argument-parser's word wrap: each line broken at the last space that fits, continued at `indent`.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let columns = width - indent
        var lines: [Substring] = []
        var rest = Substring(text)
        while true {
            let chunk = rest.prefix(columns)
            if let lineBreak = chunk.lastIndex(of: "\n") {
                lines.append(contentsOf: rest[..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false))
                rest = rest[rest.index(after: lineBreak)...]
            } else if chunk.endIndex == rest.endIndex {
                lines.append(rest)
                break
            } else if let space = chunk.lastIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else if let space = rest.firstIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(rest)
                break
            }
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }
}

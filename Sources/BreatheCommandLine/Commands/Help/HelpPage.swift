/// A command's `--help` page in any language, laid out as argument-parser lays out the English one.
///
/// argument-parser renders its help from the Swift source's static English strings; this page takes the same command
/// definitions (`HelpTree`) and the sentences of the locale files (`HelpText`), so a Spanish user reads the same page
/// in Spanish. With the English catalog it is byte for byte argument-parser's page (`HelpPageTests`), but for two
/// things argument-parser cannot do: a row of the project's own text blocks (a table in a discussion) that wraps keeps
/// its indent, and the program's own page leads with what a session takes (`HelpPage+Root`).
import BreatheSystem

struct HelpPage {
    let tree: HelpTree
    let text: HelpText
    var width = 80

    /// argument-parser's columns: two spaces before a label, sentences from column 26.
    static let indent = 2
    private static let labelWidth = 26
    static let toolName = "breathe-voice"

    /// The frame's sentences (`helpPage.<name>`), which every locale has.
    static let frameKeys = [
        "overview", "usage", "arguments", "options", "subcommands", "default", "optionsPlaceholder",
        "subcommandPlaceholder",
        "seeHelp", "values", "defaultValue", "valuesAndDefault",
        // The program's own page (`HelpPage+Root`) and `breathe-voice help TOPIC` (`HelpTopic`).
        "sessionOptions", "examples", "rootExamples", "moreHelp", "about.exit-codes", "about.keys", "about.files",
        "about.environment", "about.man", "page.keys", "page.files", "page.environment",
    ]

    init(tree: HelpTree = .program, localizer: Localizer) {
        self.tree = tree
        text = HelpText(localizer: localizer)
    }

    /// The page of the command at `path`; nil when no command has that path.
    func render(_ path: [String]) -> String? {
        guard let command = tree.root.command(at: path) else { return nil }
        if path.isEmpty { return renderRoot(command) }
        var page = overview(command)
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

    /// The abstract and the discussion, then a blank line; nothing when the command has neither.
    func overview(_ command: HelpTree.Command) -> String {
        var overview = text.abstract(command)
        let discussion = text.discussion(command)
        if !discussion.isEmpty {
            if !overview.isEmpty { overview += "\n" }
            overview += "\n" + discussion
        }
        guard !overview.isEmpty else { return "" }
        return Self.wrapRows(text.frame("overview") + ": " + overview, width: width) + "\n\n"
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

    func label(_ argument: HelpTree.Argument) -> String {
        switch argument.kind {
        case .positional: value(argument)
        case .option: argument.names.joined(separator: ", ") + " " + value(argument)
        case .flag: argument.names.joined(separator: ", ")
        }
    }

    /// The sentence, then the allowed values and the default, as argument-parser appends them.
    func description(_ argument: HelpTree.Argument, of command: HelpTree.Command) -> String {
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
    func element(label: String, abstract: String) -> String {
        let padded = String(repeating: " ", count: Self.indent) + label
        guard !abstract.isEmpty else { return padded + "\n" }
        let wrapped = Self.wrap(abstract, width: width, indent: Self.labelWidth)
        if padded.count < Self.labelWidth { return padded + wrapped.dropFirst(padded.count) + "\n" }
        return padded + "\n" + wrapped + "\n"
    }

    /// A text block wrapped line by line, each row continued under its own sentence: a row such as
    /// `  TERM      dumb makes …` (a label, two spaces or more, a sentence) goes on at the sentence's column, any other
    /// line at its own indent (prose at column 0, as `wrap` does). A sentence that starts too far right for 20
    /// columns goes on at the row's indent.
    static func wrapRows(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let leading = line.prefix { $0 == " " }.count
            var hanging = leading
            let body = line.dropFirst(leading)
            if let gap = body.firstRange(of: "  "), gap.lowerBound > body.startIndex {
                let sentence = body[gap.upperBound...].drop { $0 == " " }
                if !sentence.isEmpty { hanging = line.distance(from: line.startIndex, to: sentence.startIndex) }
            }
            if width - hanging < 20 { hanging = min(leading, max(0, width - 20)) }
            guard line.count > width, let first = breakIndex(line, columns: width) else { return String(line) }
            let rest = line[line.index(after: first)...].drop { $0 == " " }
            // The first line as it stands, the rest wrapped in the columns right of the sentence's.
            var head = line[..<first]
            while head.last == " " { head = head.dropLast() }
            return String(head) + "\n" + wrap(String(rest), width: width, indent: hanging)
        }.joined(separator: "\n")
    }

    /// Where `wrap` breaks a line too long for `columns`: the last space that fits, else the first, never one of the
    /// line's indent; nil for none.
    private static func breakIndex(_ line: Substring, columns: Int) -> Substring.Index? {
        let body = line.drop { $0 == " " }
        let room = columns - line.distance(from: line.startIndex, to: body.startIndex)
        return body.prefix(max(0, room)).lastIndex(of: " ") ?? body.firstIndex(of: " ")
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

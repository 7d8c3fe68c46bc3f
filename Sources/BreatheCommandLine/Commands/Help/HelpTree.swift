import ArgumentParser
import BreatheCore
import BreatheSystem

/// Every command, argument and option of the program, as argument-parser itself describes them.
///
/// Read from argument-parser's own help description (`--experimental-dump-help`) of the command definitions, so the
/// localized help and `HelpCatalogTests` see exactly what the English `--help` shows: nothing is listed twice by hand.
struct HelpTree: Sendable {
    /// One command: its words after `breathe-voice`, its texts and what it takes.
    struct Command: Sendable {
        /// The words after `breathe-voice` that select it: `[]` for the root, `["schedule", "add"]`.
        var path: [String]
        var abstract: String
        var discussion: String
        var arguments: [Argument]
        var subcommands: [Command]
        /// The subcommand that runs when none is named (`start`, `prefs show`).
        var defaultSubcommand: String?

        /// The command a path names, if any.
        func command(at path: some Collection<String>) -> Command? {
            guard let first = path.first else { return self }
            return subcommands.first { $0.path.last == first }?.command(at: path.dropFirst())
        }

        /// This command and every command under it, depth first.
        var all: [Command] { [self] + subcommands.flatMap(\.all) }
    }

    /// One argument, option or flag of a command.
    struct Argument: Sendable {
        enum Kind: String, Sendable { case positional, option, flag }
        var kind: Kind
        /// Its names as written on the command line, short ones first: `["-h", "--help"]`; empty for a positional.
        var names: [String]
        /// The name used in the usage line and in the catalog keys: `pattern` for `--pattern`.
        var preferredName: String?
        var valueName: String
        var abstract: String
        var defaultValue: String?
        var allValues: [String]
        var isOptional: Bool
        var isRepeating: Bool

        /// The built-in `--help` and `--version`, which argument-parser adds to every command.
        var isBuiltIn: Bool { kind == .flag && (preferredName == "help" || preferredName == "version") }
    }

    let root: Command

    /// The program's tree, read once.
    static let program: HelpTree = {
        // The sentences argument-parser holds are read only where commands are described (`HelpText.english`).
        CommandDescriptions.areWanted = true
        do {
            _ = try BreatheVoice.parseAsRoot(["--experimental-dump-help"])
        } catch {
            if let tree = HelpTree(
                dump: BreatheVoice.fullMessage(for: error), defaults: defaultSubcommands(BreatheVoice.self))
            {
                return tree
            }
        }
        // argument-parser always answers the request; an empty tree only leaves the help untranslated.
        return HelpTree(
            root: Command(
                path: [], abstract: "", discussion: "", arguments: [], subcommands: [], defaultSubcommand: nil))
    }()

    init(root: Command) {
        self.root = root
    }

    /// Reads argument-parser's JSON description; nil when it is not one.
    init?(dump: String, defaults: [[String]: String]) {
        guard case .success(let node) = JSONParser.parse(dump), let command = node.value["command"]?.value else {
            return nil
        }
        root = Self.command(command, path: [], defaults: defaults)
    }

    private static func command(_ value: JSONValue, path: [String], defaults: [[String]: String]) -> Command {
        var subcommands: [Command] = []
        if case .array(let nodes)? = value["subcommands"]?.value {
            for node in nodes {
                guard let name = node.value["commandName"]?.value.string,
                    node.value["shouldDisplay"]?.value != .bool(false),
                    // argument-parser's own `help` command is not listed in the help either.
                    name != "help"
                else { continue }
                subcommands.append(command(node.value, path: path + [name], defaults: defaults))
            }
        }
        var arguments: [Argument] = []
        if case .array(let nodes)? = value["arguments"]?.value {
            for node in nodes where node.value["shouldDisplay"]?.value != .bool(false) {
                if let argument = argument(node.value) { arguments.append(argument) }
            }
        }
        return Command(
            path: path, abstract: value["abstract"]?.value.string ?? "",
            discussion: value["discussion"]?.value.string ?? "",
            arguments: arguments, subcommands: subcommands, defaultSubcommand: defaults[path]
        )
    }

    private static func argument(_ value: JSONValue) -> Argument? {
        guard let kindText = value["kind"]?.value.string, let kind = Argument.Kind(rawValue: kindText) else {
            return nil
        }
        var short: [String] = []
        var long: [String] = []
        if case .array(let names)? = value["names"]?.value {
            for name in names {
                guard let text = name.value["name"]?.value.string else { continue }
                switch name.value["kind"]?.value.string {
                case "short": short.append("-" + text)
                case "longWithSingleDash": long.append("-" + text)
                default: long.append("--" + text)
                }
            }
        }
        var allValues: [String] = []
        if case .array(let values)? = value["allValues"]?.value { allValues = values.compactMap(\.value.string) }
        return Argument(
            kind: kind, names: short + long, preferredName: value["preferredName"]?.value["name"]?.value.string,
            valueName: value["valueName"]?.value.string ?? "", abstract: value["abstract"]?.value.string ?? "",
            defaultValue: value["defaultValue"]?.value.string, allValues: allValues,
            isOptional: value["isOptional"]?.value == .bool(true),
            isRepeating: value["isRepeating"]?.value == .bool(true)
        )
    }

    /// Which subcommand runs by default, by command path: the JSON description leaves it out.
    private static func defaultSubcommands(_ command: any ParsableCommand.Type, path: [String] = []) -> [[String]:
        String]
    {
        var result: [[String]: String] = [:]
        let configuration = command.configuration
        if let fallback = configuration.defaultSubcommand { result[path] = name(of: fallback) }
        for subcommand in configuration.subcommands {
            result.merge(defaultSubcommands(subcommand, path: path + [name(of: subcommand)])) { first, _ in first }
        }
        return result
    }

    private static func name(of command: any ParsableCommand.Type) -> String {
        command._commandName
    }
}

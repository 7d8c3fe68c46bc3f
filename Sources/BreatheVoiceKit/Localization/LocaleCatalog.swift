import BreatheCore

/// One language's sentences, read from its embedded Locales/<code>.json file.
public struct LocaleCatalog: Sendable {
    /// One entry of a locale file: a sentence, or a sentence per plural form.
    public enum Entry: Sendable, Equatable {
        case text(String)
        case plural(one: String, other: String)

        /// A sentence, or an object with the plural forms `one` and `other`; nil for anything else.
        init?(_ value: BreatheCore.JSONValue) {
            switch value {
            case .string(let text):
                self = .text(text)
            case .object:
                guard let one = value["one"]?.value.string, let other = value["other"]?.value.string else { return nil }
                self = .plural(one: one, other: other)
            default:
                return nil
            }
        }

        /// Every template the entry holds.
        public var templates: [String] {
            switch self {
            case .text(let text): [text]
            case .plural(let one, let other): [one, other]
            }
        }
    }

    /// The language code: the file's name.
    public let code: String
    /// The language's own name, from `_name`.
    public let name: String
    /// The eSpeak NG voice that speaks it by default, from `_voice`.
    public let voice: String
    /// The decimal separator, from `_decimalSeparator`.
    public let decimalSeparator: String
    /// Every sentence, by key.
    public let entries: [String: Entry]

    /// A locale file that is not a JSON object of sentences; a build defect that the locale tests catch.
    struct MalformedFile: Error {}

    /// Parsed with the program's own JSON parser: the binary then needs no Foundation for its sentences.
    init(code: String, json: String) throws {
        guard case .success(let root) = JSONParser.parse(json), case .object(let members) = root.value else { throw MalformedFile() }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(members.count)
        for member in members {
            guard let entry = Entry(member.node.value) else { throw MalformedFile() }
            entries[member.key] = entry
        }
        func meta(_ key: String) -> String? {
            if case .text(let value) = entries[key] { value } else { nil }
        }
        self.code = code
        name = meta("_name") ?? code
        voice = meta("_voice") ?? code
        decimalSeparator = meta("_decimalSeparator") ?? "."
        self.entries = entries.filter { !$0.key.hasPrefix("_") }
    }

    /// Every language built into the binary, by code, parsed once.
    public static let all: [String: LocaleCatalog] = {
        var catalogs: [String: LocaleCatalog] = [:]
        for (code, json) in embeddedLocaleFiles {
            // A malformed locale file is a build defect; the locale tests catch it, and here it is left out.
            if let catalog = try? LocaleCatalog(code: code, json: json) { catalogs[code] = catalog }
        }
        return catalogs
    }()

    /// The codes of every built-in language, sorted.
    public static var codes: [String] { all.keys.sorted() }

    /// The language every other one falls back to for a missing sentence.
    public static let fallbackCode = "en"
}

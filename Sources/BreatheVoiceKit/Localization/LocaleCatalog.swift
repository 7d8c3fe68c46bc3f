#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One language's sentences, read from its embedded Locales/<code>.json file.
public struct LocaleCatalog: Sendable {
    /// One entry of a locale file: a sentence, or a sentence per plural form.
    public enum Entry: Sendable, Decodable, Equatable {
        case text(String)
        case plural(one: String, other: String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                let forms = try container.decode([String: String].self)
                guard let one = forms["one"], let other = forms["other"] else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "plural needs one and other")
                }
                self = .plural(one: one, other: other)
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

    init(code: String, json: String) throws {
        let entries = try JSONDecoder().decode([String: Entry].self, from: Data(json.utf8))
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

import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Every command, argument and option has its help sentence in every language, written once: the Swift source names
/// its key (`HelpText.english`, `.english(…)`), and the English text lives only in `Locales/en.json`.
///
/// When a command or an option is added, this suite names the keys to write: the English text goes into
/// `Locales/en.json` and a translation into every other locale. That no help is written in Swift is read from the
/// sources (`OneHomeTests+Help`, in the source rules); that each language's help and man page show their own examples,
/// from the generated page (`HelpExamplesTests`, end to end).
@Suite struct HelpCatalogTests {
    static let tree = HelpTree.program
    static let english = HelpText(localizer: Localizer(language: "en"))

    /// Every help key the program uses, with the English text the Swift source gives it.
    static let expected: [(key: String, english: String)] = {
        var keys: [(String, String)] = []
        for command in tree.root.all {
            keys.append((HelpText.abstractKey(command), command.abstract))
            if !command.discussion.isEmpty { keys.append((HelpText.discussionKey(command), command.discussion)) }
            for argument in command.arguments where !argument.abstract.isEmpty {
                keys.append((english.key(argument, of: command), argument.abstract))
            }
        }
        return keys
    }()

    @Test func theTreeHasEveryCommand() {
        let paths = Self.tree.root.all.map { $0.path.joined(separator: " ") }
        for path in [
            "", "start", "patterns add", "prefs set", "history export", "stats", "remind", "schedule remove", "doctor",
        ] {
            #expect(paths.contains(path), "no command \"\(path)\" in the help tree")
        }
        #expect(Self.tree.root.defaultSubcommand == "start")
        #expect(Self.tree.root.command(at: ["start"])?.arguments.contains { $0.names == ["--pattern"] } == true)
    }

    /// Each sentence argument-parser shows is the one under the key `HelpText` picks for it: the Swift source names
    /// the right key.
    @Test func englishHelpMatchesTheCode() throws {
        let catalog = try #require(LocaleCatalog.all["en"])
        for (key, english) in Self.expected {
            guard case .text(let text)? = catalog.entries[key] else {
                Issue.record("Locales/en.json lacks \(key): \(english)")
                continue
            }
            #expect(HelpText.filled(text) == english, "Locales/en.json \(key) differs from the Swift help text")
        }
    }

    @Test(arguments: LocaleCatalog.codes)
    func everyLanguageHasEveryHelpSentence(code: String) throws {
        let localizer = Localizer(language: code)
        for (key, english) in Self.expected {
            let text = localizer.text(forKey: key)
            #expect(text != nil, "Locales/\(code).json lacks \(key) (English: \(english))")
            if let text, code != "en" {
                #expect(!text.isEmpty, "\(code) \(key) is empty")
            }
        }
        for frame in HelpPage.frameKeys {
            #expect(localizer.text(forKey: "helpPage." + frame) != nil, "Locales/\(code).json lacks helpPage.\(frame)")
        }
    }

    /// Every value name that is a word (`<priority>`, `<seconds>`) is said in each language's own words: none is left
    /// in English (issue 42). Names that list what is typed (`<auto|on|off>`) stay as they are.
    @Test(arguments: LocaleCatalog.codes.filter { LocaleCatalog.named($0)?.parent == nil && $0 != "en" })
    func everyValueNameIsTranslated(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        let names = Set(Self.tree.root.all.flatMap(\.arguments).filter { $0.kind != .flag }.map(\.valueName))
        for name in names where name.count > 1 && name.allSatisfy({ $0.isLetter && $0.isLowercase }) {
            #expect(
                catalog.ownKeys.contains("help.value." + name),
                "Locales/\(code).json lacks help.value.\(name): --help would show <\(name)> in English")
        }
    }

    /// No help key is left over from a command or option that no longer exists.
    @Test(arguments: LocaleCatalog.codes)
    func noStaleHelpKeys(code: String) throws {
        let catalog = try #require(LocaleCatalog.all[code])
        let used = Set(Self.expected.map(\.key)).union(HelpPage.frameKeys.map { "helpPage." + $0 })
        let valueNames = Set(Self.tree.root.all.flatMap(\.arguments).map { "help.value." + $0.valueName })
        for key in catalog.entries.keys where key.hasPrefix("help.") || key.hasPrefix("helpPage.") {
            #expect(
                used.contains(key) || valueNames.contains(key),
                "Locales/\(code).json: \(key) is not used by any command")
        }
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The user's guide's preference and flag tables, README's examples, every `--help` default and `prefs show` all say
/// what `PreferenceRules` says.
@Suite struct DefaultsAgreementTests {
    static func document(_ path: String) -> String {
        (try? String(contentsOf: BinaryRun.packageRoot.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// docs/user-guide.md: the preference table, the sound flags' table, the options and the reminders in full.
    static let guide = document("docs/user-guide.md")
    /// README.md: the everyday examples and the reminders in short.
    static let readme = document("README.md")

    /// The default as users read it: `prefs show`'s text, "none" where there is none.
    static func expected(_ key: PreferenceKey) -> String? {
        guard let value = PreferenceRules.defaultValue(key) else { return nil }
        let text = value.displayText
        return text.isEmpty ? "none" : text
    }

    /// The rows of the user's guide's preference table: each key named in the first cell, with its values and default
    /// cells.
    static var preferenceRows: [(keys: [PreferenceKey], values: String, defaults: String)] {
        var rows: [(keys: [PreferenceKey], values: String, defaults: String)] = []
        var inTable = false
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "| key | values | default | environment |" {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5, !cells[1].hasPrefix("---") else { continue }
            // The key cell before any parenthesis: "`voice` (`voice.en`, `voice.es`)" names `voice` only.
            let keyCell = cells[1].split(separator: "(").first.map(String.init) ?? ""
            let keys = keyCell.split(separator: "`").compactMap { PreferenceKey(rawValue: String($0)) }
            rows.append((keys, cells[2], cells[3]))
        }
        return rows
    }

    /// The option a preference names (`PreferenceKey.flag`: the origin `prefs show --origin` gives, the errors'
    /// "Option --rate") is one the program has.
    @Test(arguments: PreferenceKey.allCases.compactMap(\.flag))
    func everyPreferencesOptionExists(flag: String) {
        let options = Set(HelpTree.program.root.all.flatMap(\.arguments).flatMap(\.names))
        #expect(options.contains(flag), "no command takes \(flag)")
    }

    @Test func guideTableNamesEveryKey() {
        let named = Set(Self.preferenceRows.flatMap(\.keys))
        #expect(named == Set(PreferenceKey.allCases), "missing: \(Set(PreferenceKey.allCases).subtracting(named))")
    }

    @Test(arguments: PreferenceKey.allCases.filter { expected($0) != nil })
    func guideTableDefaultIsTheCoreDefault(key: PreferenceKey) throws {
        let row = try #require(Self.preferenceRows.first { $0.keys.contains(key) })
        let defaults = row.defaults.components(separatedBy: ", ")
        let stated = defaults.count == row.keys.count ? defaults[row.keys.firstIndex(of: key)!] : row.defaults
        #expect(stated == Self.expected(key), "docs/user-guide.md says \(stated) for \(key.rawValue)")
    }

    @Test(arguments: [
        (PreferenceKey.rate, PreferenceRules.rate), (.pitch, PreferenceRules.pitch), (.volume, PreferenceRules.volume),
        (.toneVolume, PreferenceRules.toneVolume),
    ])
    func guideRangesAreTheCoreRanges(key: PreferenceKey, range: ClosedRange<Int>) throws {
        let row = try #require(Self.preferenceRows.first { $0.keys.contains(key) })
        #expect(row.values.hasPrefix("\(range.lowerBound)–\(range.upperBound)"), "\(row.values)")
        let flag = try #require(key.flag)
        // The sound table: "| `--rate 80–450` | words per minute (default 175) |".
        let flagRow = try #require(Self.guide.split(separator: "\n").first { $0.hasPrefix("| `\(flag) ") })
        #expect(flagRow.hasPrefix("| `\(flag) \(range.lowerBound)–\(range.upperBound)`"), "\(flagRow)")
        #expect(flagRow.contains("(default \(Self.expected(key)!))"), "\(flagRow)")
    }

    @Test(arguments: [PreferenceKey.speech, .tones])
    func guideSwitchDefaultsAreTheCoreDefaults(key: PreferenceKey) throws {
        let flagRow = try #require(Self.guide.split(separator: "\n").first { $0.hasPrefix("| `\(key.flag!) on") })
        #expect(flagRow.contains("(default \(Self.expected(key)!))"), "\(flagRow)")
    }

    @Test func proseSaysTheSameLengthsAndPatterns() {
        let guide = Self.guide
        #expect(guide.contains("The default is \(Self.expected(.defaultMinutes)!) minutes."))
        #expect(guide.contains("(`--display MODE`, default `\(Self.expected(.display)!)`)"))
        // README's first example is a session with no option at all.
        #expect(
            Self.readme.contains(
                "# \(Self.expected(.defaultMinutes)!) minutes of \(Self.expected(.defaultPattern)!) breathing"))
        // Every "N minute(s) of PATTERN" in either reminders section is remind.minutes of remind.pattern.
        for (name, text) in [("docs/user-guide.md", guide), ("README.md", Self.readme)] {
            let after = text.components(separatedBy: "## Reminders from cron\n").dropFirst().first ?? ""
            let reminders = after.components(separatedBy: "\n## ").first ?? ""
            let mentions = reminders.matches(of: /(\d+(?:\.\d+)?) minutes? of (box|[a-z0-9-]+)/).map {
                ("\($0.1)", "\($0.2)")
            }
            #expect(!mentions.isEmpty, "\(name) says no reminder length")
            for (minutes, pattern) in mentions {
                #expect(
                    minutes == Self.expected(.remindMinutes) && pattern == Self.expected(.remindPattern),
                    "\(name): \(minutes) minutes of \(pattern)")
            }
        }
    }

    /// Each option's help, whitespace collapsed, by its flag: `--rate` → "Speech rate in words per minute, …".
    static func optionHelp(_ arguments: [String]) throws -> [String: String] {
        let run = try BinaryRun.run(arguments + ["--help"])
        var entries: [String: String] = [:]
        var current: String?
        for line in run.stdoutLines {
            if line.hasPrefix("  --") {
                let flag = String(line.dropFirst(2).prefix { $0 != " " && $0 != "," })
                current = flag
                entries[flag] = String(line.dropFirst(2 + flag.count))
            } else if let flag = current, line.hasPrefix("     ") {
                entries[flag, default: ""] += " " + line
            } else {
                current = nil
            }
        }
        return entries.mapValues { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    @Test(arguments: [
        (["start"], PreferenceKey.defaultPattern, PreferenceKey.defaultMinutes),
        (["remind"], .remindPattern, .remindMinutes),
    ])
    func helpDefaultsAreTheCoreDefaults(command: [String], patternKey: PreferenceKey, minutesKey: PreferenceKey) throws
    {
        let help = try Self.optionHelp(command)
        let expectations: [(String, PreferenceKey)] = [
            ("--pattern", patternKey), ("--minutes", minutesKey), ("--rate", .rate), ("--pitch", .pitch),
            ("--volume", .volume), ("--tone-volume", .toneVolume), ("--speech", .speech), ("--tones", .tones),
            ("--display", .display), ("--speech-via", .speechVia), ("--speech-priority", .speechPriority),
        ]
        for (flag, key) in expectations {
            let text = try #require(help[flag], "\(command) --help has no \(flag)")
            #expect(text.contains("default \(Self.expected(key)!)"), "\(command) \(flag): \(text)")
        }
    }

    @Test func scheduleAddHelpGivesTheReminderLength() throws {
        let help = try Self.optionHelp(["schedule", "add"])
        #expect(
            help["--minutes"]?.contains("default \(Self.expected(.remindMinutes)!)") == true,
            "\(help["--minutes"] ?? "")")
        #expect(help["--via"]?.contains("default \(Self.expected(.scheduleVia)!)") == true, "\(help["--via"] ?? "")")
    }

    @Test func remindDiscussionGivesTheReminderDefaults() throws {
        let run = try BinaryRun.run(["remind", "--help"])
        let text = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains("\(Self.expected(.remindMinutes)!) minutes of \(Self.expected(.remindPattern)!) breathing"))
    }

    @Test func prefsShowInAFreshHomeGivesTheCoreDefaults() throws {
        let run = try BinaryRun.run(
            ["prefs", "show", "--lang", "en"],
            environment: Dictionary(
                uniqueKeysWithValues: PreferenceKey.allCases.compactMap(\.environmentVariable).map {
                    ($0, String?.none)
                }))
        #expect(run.status == 0, "\(run.stderr)")
        var shown: [String: String] = [:]
        for line in run.stdoutLines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            shown[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        for key in PreferenceKey.allCases where key != .customPatterns {
            guard var expected = Self.expected(key) else { continue }
            // The wait is said in words ("15 minutes": "15m" is read as a letter).
            if key == .remindDefer, let wait = try? ReminderDefer.parse(expected).get() {
                expected = Localizer(language: "en").string(wait.message)
            }
            #expect(shown[key.rawValue] == expected, "prefs show: \(key.rawValue): \(shown[key.rawValue] ?? "missing")")
        }
    }

    /// The help catalogs write no preference's default or range: each says `{default:<key>}`, `{min:<key>}` and
    /// `{max:<key>}` where English does, filled in from `PreferenceRules` (`HelpText.filled`), so a changed default
    /// reaches every language's help and man page at once.
    @Test(arguments: LocaleCatalog.codes.filter { $0 != "en" })
    func everyLanguagesHelpReadsTheDefaultsFromTheRules(code: String) throws {
        func catalog(_ code: String) throws -> [String: Any] {
            let data = try Data(contentsOf: BinaryRun.packageRoot.appendingPathComponent("Locales/\(code).json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let english = try catalog("en")
        let translation = try catalog(code)
        let placeholder = /\{(?:default|min|max):[\w.]+\}/
        var checked = 0
        for (key, value) in english where key.hasPrefix("help.") {
            guard let text = value as? String else { continue }
            let expected = Set(text.matches(of: placeholder).map { String($0.output) })
            guard let translated = translation[key] as? String else { continue }
            #expect(
                Set(translated.matches(of: placeholder).map { String($0.output) }) == expected,
                "Locales/\(code).json \(key) should say \(expected.sorted())")
            checked += expected.count
        }
        // A regional variant (es-419) takes its help from its language (es).
        #expect(checked >= 20 || translation["help.option.rate"] == nil)
        // Filled in, as --help shows them.
        let help = HelpText.filled(try #require(english["help.option.rate"] as? String))
        #expect(
            help.contains("\(PreferenceRules.rate.lowerBound) to \(PreferenceRules.rate.upperBound)")
                && help.contains("default \(PreferenceRules.defaultInteger(.rate))"), "\(help)")
    }
}

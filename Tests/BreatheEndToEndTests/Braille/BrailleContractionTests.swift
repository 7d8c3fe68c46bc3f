import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// Issue 51: with BRLTTY set to literary (contracted) braille, a session's lines reach the display contracted with the
/// table BRLTTY names, as liblouis's own `lou_translate` contracts the same words with the same table: in every
/// language, the countdown's digits included; with computer braille, the text as before.
@Suite struct BrailleContractionTests {
    struct Setting: Sendable, CustomTestStringConvertible {
        var code: String
        /// BRLTTY's contraction table (`-c`): one of its own, or liblouis's through `louis:`.
        var brlttyTable: String
        /// The same table as liblouis names it.
        var louisTable: String
        var testDescription: String { "\(code), \(brlttyTable)" }
    }

    static let settings = [
        Setting(code: "en", brlttyTable: "en-us-g2", louisTable: "en-us-g2.ctb"),
        Setting(code: "es", brlttyTable: "es", louisTable: "es-g2.ctb"),
        Setting(code: "es-419", brlttyTable: "louis:es-g2.ctb", louisTable: "es-g2.ctb"),
        Setting(code: "fr", brlttyTable: "louis:fr-bfu-g2.ctb", louisTable: "fr-bfu-g2.ctb"),
        Setting(code: "pt-BR", brlttyTable: "pt", louisTable: "pt-pt-g2.ctb"),
    ]

    /// liblouis's own tool on `texts`, one a line, as Unicode braille (its `unicode.dis` display table).
    static func louTranslate(_ texts: [String], table: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lou-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in").path
        let output = directory.appendingPathComponent("out").path
        try (texts.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let descriptor = open(input, O_RDONLY)
        defer { close(descriptor) }
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/lou_translate"), ["--forward", "unicode.dis," + table],
            standardInput: descriptor, outputFile: output, standardError: directory.appendingPathComponent("err").path)
        #expect(child.wait() == .exited(0))
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        return lines.prefix(texts.count).map(String.init)
    }

    /// The cells of a `Braille "…"` line from BRLTTY's Virtual driver (each cell's dots by number, `|` between cells,
    /// a space for a blank cell: `46|35| |3456|14`), as Unicode braille; nil for another line.
    static func cells(_ line: FakeBrailleDisplay.Line) -> String? {
        guard line.text.hasPrefix("Braille \""), line.text.hasSuffix("\"") else { return nil }
        let cells = line.text.dropFirst(9).dropLast().split(separator: "|", omittingEmptySubsequences: false)
        return String(
            String.UnicodeScalarView(
                cells.map { cell in
                    let dots = cell.compactMap(\.wholeNumberValue).reduce(UInt32(0)) { $0 | 1 << ($1 - 1) }
                    return Unicode.Scalar(0x2800 + dots)!
                }))
    }

    @Test(arguments: settings)
    func aSessionInContractedBraille(_ setting: Setting) throws {
        let brltty = try PrivateBrltty(
            cells: 40, options: ["-c", setting.brlttyTable, "-o", "braille-variant=contracted6"])
        let display = brltty.display
        let home = try TemporaryHome()
        let first = display.lines.count
        let child = try ChildProcess(
            BinaryRun.binary,
            [
                "--pattern", "3-0-3", "--cycles", "1", "--braille", "on", "--lang", setting.code, "--plain",
                "--no-audio",
            ],
            environment: home.environment.merging(brltty.environment) { $1 },
            outputFile: home.root.appendingPathComponent("output").path,
            standardError: home.root.appendingPathComponent("errors").path)
        #expect(child.wait() == .exited(0))
        // What the session shows, in the words of its language, and what lou_translate makes of them.
        let localizer = Localizer(language: setting.code)
        var texts: [String] = []
        for kind in [PhaseKind.inhale, .exhale] {
            for seconds in 1...3 {
                texts.append(
                    localizer.string(
                        Message(.brailleStatus, ["phase": .message(.phaseName(kind)), "seconds": .integer(seconds)])))
            }
        }
        let expected = try Self.louTranslate(texts, table: setting.louisTable)
        // Give BRLTTY a moment to pass on the last line written before the session gave the display back.
        _ = display.waitForShown(after: 0, timeout: 1) { $0.hasPrefix("no screen") }
        let shown = display.lines.dropFirst(first).compactMap(Self.cells)
        for (text, braille) in zip(texts, expected) {
            let found = shown.filter { $0.hasPrefix(braille + "\u{2800}") }
            #expect(!found.isEmpty, "“\(text)” as \(braille) never shown; shown: \(shown)")
            // The words, then the progress (⣿ gone by, ⣀ ahead), then blank cells, 40 in all.
            for line in found {
                #expect(line.count == 40, "\(line)")
                let rest = line.dropFirst(braille.count + 1)
                #expect(rest.allSatisfy { "⣿⣀⠀".contains($0) }, "\(text): \(line)")
            }
        }
    }
}

extension BrailleContractionTests {
    /// BRLTTY's setting changed mid-session, as a user changes it (its preferences menu, or a settings client: here
    /// another BrlAPI client sets BRLTTY's global parameters): literary braille turned on with a table, the table
    /// changed, then computer braille again. Each time the session's next lines follow within two seconds (the
    /// countdown writes one a second), as lou_translate contracts the same words with the table named, and every line
    /// after that until the next change keeps it.
    @Test func aChangeOfBrlttysSettingMidSessionIsFollowed() throws {
        let brltty = try PrivateBrltty(cells: 40)
        let display = brltty.display
        let home = try TemporaryHome()
        let start = display.lines.count
        let child = try ChildProcess(
            BinaryRun.binary,
            [
                "--pattern", "30-0-3", "--cycles", "1", "--braille", "on", "--lang", "es", "--plain", "--no-audio",
            ],
            environment: home.environment.merging(brltty.environment) { $1 },
            outputFile: home.root.appendingPathComponent("output").path,
            standardError: home.root.appendingPathComponent("errors").path)
        let localizer = Localizer(language: "es")
        let texts = (1...30).map {
            localizer.string(
                Message(.brailleStatus, ["phase": .message(.phaseName(.inhale)), "seconds": .integer($0)]))
        }
        let spanish = try Self.louTranslate(texts, table: "es-g2.ctb")
        let english = try Self.louTranslate(texts, table: "en-us-g2.ctb")
        // The two tables contract these words apart, so the display shows which one the session used.
        #expect(Set(spanish).isDisjoint(with: english), "\(spanish) \(english)")
        // Computer braille: the text as it is, through BRLTTY's text table (shown on the display's Visual line).
        let computer = { (line: FakeBrailleDisplay.Line) in
            line.visual.map { visual in texts.contains { visual.hasPrefix($0 + " ") } } ?? false
        }
        // Contracted: the cells begin with the words as `table` has them, then a blank cell.
        let contracted = { (cells: String, table: [String]) in table.contains { cells.hasPrefix($0 + "\u{2800}") } }
        let settings = try BrlttySettingsClient(environment: brltty.environment)
        let changes: [(name: String, change: () throws -> Void, table: [String]?)] = [
            (
                "literary braille on, Spanish",
                {
                    try settings.setLiteraryBrailleTable("es")
                    try settings.setLiteraryBraille(true)
                }, spanish
            ),
            ("the table changed to en-us-g2", { try settings.setLiteraryBrailleTable("en-us-g2") }, english),
            ("literary braille off", { try settings.setLiteraryBraille(false) }, nil),
        ]
        // Computer braille first.
        var from = try #require(
            Self.waitForLine(display, after: start, timeout: 10, computer),
            "\(display.lines.dropFirst(start).map(\.text))")
        var table: [String]?
        for (name, change, next) in changes {
            let changed = display.lines.count
            // Until now, every line in the braille of the setting before.
            if let table {
                let since = display.lines[from..<changed].compactMap(Self.cells)
                #expect(since.allSatisfy { contracted($0, table) }, "before \(name): \(since)")
            }
            let asked = FakeBrailleDisplay.now()
            try change()
            let shows = { (line: FakeBrailleDisplay.Line) in
                next.map { table in Self.cells(line).map { contracted($0, table) } ?? false } ?? computer(line)
            }
            let found = Self.waitForLine(display, after: changed, timeout: 2, shows)
            #expect(
                found != nil,
                "\(name): not shown \(FakeBrailleDisplay.now() - asked) s on: \(display.lines.dropFirst(changed).map(\.text))"
            )
            from = found ?? display.lines.count
            table = next
            // The next second's line too.
            let again = Self.waitForLine(display, after: from + 1, timeout: 2, shows)
            #expect(again != nil, "\(name): one line only: \(display.lines.dropFirst(from).map(\.text))")
        }
        display.press("BOT")
        #expect(child.wait() == .exited(0))
    }

    /// The index in `display.lines`, from `index` on, of the first line that `matches`, waited for at most `timeout` s.
    static func waitForLine(
        _ display: FakeBrailleDisplay, after index: Int, timeout: Double,
        _ matches: (FakeBrailleDisplay.Line) -> Bool
    ) -> Int? {
        Waiting.value(within: timeout, every: 0.005) {
            let lines = display.lines
            return lines.indices.dropFirst(index).first(where: { matches(lines[$0]) })
        }
    }
}

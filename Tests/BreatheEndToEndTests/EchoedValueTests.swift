import Foundation
import Testing

@testable import BreatheTestSupport

/// Every value the program echoes in a refusal is quoted, cut short and cleaned of control characters: a megabyte, a
/// newline or an escape sequence still gives exactly one short line on stderr, in English and in Spanish.
@Suite struct EchoedValueTests {
    static let badValues = [
        String(repeating: "x", count: 100_000), // As long as one argument may be (the kernel allows 128 KiB).
        "4-4\nbreathe-voice: all is fine",
        "\u{1B}[2J\u{1B}[31mred",
        "bad\r\u{7F}\u{85}\u{2028}end",
    ]

    /// The commands, with VALUE standing for the bad value.
    static let commands: [[String]] = [
        ["start", "--no-audio", "--pattern", "VALUE"],
        ["start", "--no-audio", "--inhale", "VALUE"],
        ["start", "--no-audio", "--ramp", "VALUE"],
        ["start", "--no-audio", "--ramp", "exhale=VALUE"],
        ["start", "--no-audio", "--minutes", "VALUE"],
        ["start", "--no-audio", "--cycles", "VALUE"],
        ["start", "--no-audio", "--mood-before", "VALUE"],
        ["start", "--no-audio", "--events", "VALUE"],
        ["start", "--speech", "VALUE"],
        ["start", "--no-audio", "--lang", "VALUE"],
        ["remind", "--quiet-hours", "VALUE"],
        ["prefs", "set", "rate", "VALUE"],
        ["prefs", "set", "VALUE", "1"],
        ["patterns", "add", "VALUE", "4-4"],
        ["patterns", "add", "calm", "VALUE"],
        ["patterns", "remove", "VALUE"],
        ["patterns", "rename", "VALUE", "slow"],
        ["patterns", "rename", "box", "VALUE"],
        ["schedule", "add", "--every", "VALUE"],
        ["schedule", "add", "--at", "VALUE"],
        ["schedule", "add", "--every", "1h", "--days", "VALUE"],
        ["schedule", "add", "--every", "1h", "--pattern", "VALUE"],
        ["history", "--last", "VALUE"],
        ["history", "--since", "VALUE"],
        ["history", "export", "--format", "VALUE"],
    ]

    /// One line, no control character, and no longer than `limit` (at most about 200 characters).
    static func check(_ run: BinaryRun, _ what: String, limit: Int = 200) {
        #expect(run.status != 0, "\(what)")
        #expect(run.stderrLines.count == 1, "\(what): \(run.stderr.prefix(300))")
        #expect(run.stderr.count <= limit, "\(what): \(run.stderr.prefix(300))")
        let controls = run.stderr.dropLast().unicodeScalars.filter {
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }
        #expect(controls.isEmpty, "\(what): \(run.stderr.prefix(300))")
    }

    @Test(arguments: commands, LocaleFiles.wholeLanguages)
    func aBadValueIsOneShortCleanLine(command: [String], language: String) throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let environment: [String: String?] = ["LC_ALL": language, "BREATHE_VOICE_CRONTAB": "/bin/false"]
        // The same refusal of a short value: the bad value may add its 40 characters, "…" and quotes, no more (a
        // refusal that lists every choice, such as prefs set's keys, is longer than 200 characters by itself, and each
        // language adds its voice.<code> key to that list).
        let short = try home.run(
            command.map { $0.replacingOccurrences(of: "VALUE", with: "z!z") }, environment: environment)
        let keys = LocaleFiles.codes.map { "voice.\($0), " }.joined().count
        Self.check(short, "\(command) \(language) z!z", limit: 360 + keys)
        for value in Self.badValues {
            let arguments = command.map { $0.replacingOccurrences(of: "VALUE", with: value) }
            let run = try home.run(arguments, environment: environment)
            Self.check(
                run, "\(command) \(language) \(value.prefix(20).debugDescription)",
                limit: max(200, short.stderr.count + 41))
        }
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func aBadValueFromTheEnvironmentIsOneShortCleanLine(language: String) throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        for value in Self.badValues {
            let run = try home.run(
                ["start", "--no-audio"], environment: ["LC_ALL": language, "BREATHE_VOICE_RATE": value])
            Self.check(run, "BREATHE_VOICE_RATE \(language) \(value.prefix(20).debugDescription)")
        }
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func aMissingEditorIsOneLine(language: String) throws {
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let run = try home.run(
            ["prefs", "edit"], environment: ["LC_ALL": language, "EDITOR": "/nonexistent", "VISUAL": nil])
        Self.check(run, "EDITOR=/nonexistent \(language)")
        #expect(run.stderr.contains("/nonexistent"))
        let named = try home.run(
            ["prefs", "edit"], environment: ["LC_ALL": language, "EDITOR": "no-such-editor-here -w", "VISUAL": nil])
        Self.check(named, "EDITOR=no-such-editor-here \(language)")
    }
}

import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// `breathe-voice --help` leads with what a session takes, in every language: the session's common options and
/// examples, then the subcommands; the exit codes, keys, files and environment are `help TOPIC` pages.
@Suite struct RootHelpPageTests {
    static func page(_ code: String, columns: Int = 80) throws -> [String] {
        let run = try BinaryRun.run(["--help", "--lang", code], environment: ["COLUMNS": String(columns)])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        return run.stdoutLines
    }

    @Test(arguments: LocaleFiles.codes)
    func opensWithTheSessionsOptionsThenExamplesThenSubcommands(code: String) throws {
        let lines = try Self.page(code)
        let text = HelpText(localizer: Localizer(language: code))
        func heading(_ title: String) -> Int? { lines.firstIndex { $0.hasPrefix(title + ":") || $0 == title + ":" } }
        let usage = try #require(heading(text.frame("usage")), "\(lines)")
        let options = try #require(
            lines.firstIndex { $0.hasPrefix(text.frame("sessionOptions", ["command": ""]).prefix(8)) })
        let examples = try #require(heading(text.frame("examples")))
        let subcommands = try #require(heading(text.frame("subcommands")))
        let more = try #require(heading(text.frame("moreHelp")))
        #expect(usage < options && options < examples && examples < subcommands && subcommands < more)
        let session = lines[options..<examples].joined(separator: "\n")
        for option in ["--pattern", "--minutes", "--cycles", "--plain", "--no-audio", "--lang", "--voice", "--rate"] {
            #expect(session.contains("  " + option + " "), "\(code): \(option) is not among the session's options")
        }
        let start = try #require(HelpTree.program.root.command(at: ["start"]))
        let pattern = try #require(start.arguments.first { $0.preferredName == "pattern" })
        let sentence = text.abstract(pattern, of: start).split(separator: " ").prefix(3).joined(separator: " ")
        #expect(session.contains(sentence), "\(code): --pattern's sentence in the help's language")
        #expect(lines[examples..<subcommands].contains { $0.hasPrefix("    breathe-voice --pattern") })
        // The exit codes, keys, files and environment are pages of their own.
        let localizer = Localizer(language: code)
        #expect(!lines.contains(localizer.string(Message(.exitHeading))))
        for topic in HelpTopic.allCases {
            #expect(lines[more...].contains { $0.hasPrefix("  breathe-voice help \(topic.rawValue) ") })
        }
    }

    /// With no room, every row still wraps under its own column: nothing falls back to column 0 but the overview's
    /// prose, and no line is wider than the screen (no word here is).
    @Test(arguments: LocaleFiles.codes)
    func wrappedRowsKeepTheirIndent(code: String) throws {
        let lines = try Self.page(code, columns: 60)
        let usage = try #require(
            lines.firstIndex { $0.hasPrefix(HelpText(localizer: Localizer(language: code)).frame("usage")) })
        for line in lines[usage...] {
            // Only a word longer than the room left (a path) goes past the screen's edge.
            #expect(line.count <= 60 || !line.drop { $0 == " " }.contains(" "), "\(code): \(line)")
            #expect(
                line.isEmpty || line.hasPrefix(" ") || line.hasSuffix(":")
                    || line.hasPrefix(HelpText(localizer: Localizer(language: code)).frame("usage")),
                "\(code): a row fell back to column 0: \(line)")
        }
    }

    /// `help TOPIC` prints the topic in the help's language.
    @Test(arguments: LocaleFiles.codes)
    func topicsArePagesOfTheirOwn(code: String) throws {
        let localizer = Localizer(language: code)
        for topic in HelpTopic.allCases {
            let run = try BinaryRun.run(["help", topic.rawValue, "--lang", code], environment: ["COLUMNS": "80"])
            #expect(run.status == 0)
            #expect(run.stdout == topic.page(localizer, width: 80) + "\n")
            #expect(!run.stdout.contains("{"), "\(code) \(topic): a placeholder left unfilled")
        }
        let exitCodes = try BinaryRun.run(["help", "exit-codes", "--lang", code]).stdout
        #expect(exitCodes.hasPrefix(localizer.string(Message(.exitHeading)) + "\n"))
        let environment = try BinaryRun.run(["help", "environment", "--lang", code], environment: ["COLUMNS": "200"])
            .stdout
        #expect(environment.contains(LocaleCatalog.codes.joined(separator: ", ")))
    }

    @Test func theLanguageAloneStillAsksForTheProgramsPage() {
        #expect(Entry.asksForTheProgramsPage(["--help", "--lang", "fr"]))
        #expect(Entry.asksForTheProgramsPage(["--lang=es", "-h"]))
        #expect(!Entry.asksForTheProgramsPage(["--pattern", "box", "--help"]))
        #expect(HelpTopic(arguments: ["help", "keys", "--lang", "es"]) == .keys)
        #expect(HelpTopic(arguments: ["help", "start"]) == nil)
        #expect(HelpTopic(arguments: ["keys"]) == nil)
    }
}

import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A mistyped subcommand or option gets the nearest name, as git does; nothing is offered when nothing is close.
@Suite struct TypoSuggestionTests {
    static func text(_ code: String, _ arguments: [String]) -> ArgumentErrorText {
        ArgumentErrorText(localizer: Localizer(language: code), arguments: arguments, root: HelpTree.program.root)
    }

    /// The words typed, argument-parser's refusal of them, and the English line.
    static let cases: [(arguments: [String], refusal: String, en: String)] = [
        (["histroy"], "Error: Unexpected argument 'histroy'", "Unknown command 'histroy'. Did you mean 'history'?"),
        (["patterns", "lst"], "Error: Unexpected argument 'lst'", "Unknown command 'lst'. Did you mean 'list'?"),
        (
            ["--lang", "fr", "schedule", "ad"], "Error: Unexpected argument 'ad'",
            "Unknown command 'ad'. Did you mean 'add'?"
        ),
        // An option given at the root is start's.
        (
            ["--pattren", "box"], "Error: Unknown option '--pattren'. Did you mean '--pattern'?",
            "Unknown option '--pattren'. Did you mean '--pattern'?"
        ),
        (["stats", "--jsn"], "Error: Unknown option '--jsn'", "Unknown option '--jsn'. Did you mean '--json'?"),
        // Nothing close: nothing offered, whatever argument-parser's looser distance found.
        (["foo"], "Error: Unexpected argument 'foo'", "Unexpected argument 'foo'"),
        (
            ["--ramps"], "Error: Unknown option '--ramps'. Did you mean '--ramp'?",
            "Unknown option '--ramps'. Did you mean '--ramp'?"
        ),
        (["--frobnicate"], "Error: Unknown option '--frobnicate'", "Unknown option '--frobnicate'"),
        (
            ["--pltch"], "Error: Unknown option '--pltch'. Did you mean '--pitch'?",
            "Unknown option '--pltch'. Did you mean '--pitch'?"
        ),
        (["--xyz"], "Error: Unknown option '--xyz'. Did you mean '--hold'?", "Unknown option '--xyz'"),
        // A command without subcommands has no name to offer for a stray word.
        (["start", "histroy"], "Error: Unexpected argument 'histroy'", "Unexpected argument 'histroy'"),
    ]

    @Test(arguments: cases)
    func typoGetsTheNearestName(arguments: [String], refusal: String, en: String) {
        #expect(Self.text("en", arguments).line(for: refusal) == en)
    }

    @Test func theContextIsTheDeepestCommandNamed() {
        let root = HelpTree.program.root
        #expect(ArgumentErrorText.command(named: ["--lang", "fr", "patterns", "lst"], in: root).path == ["patterns"])
        #expect(ArgumentErrorText.command(named: ["prefs", "set", "raet", "200"], in: root).path == ["prefs", "set"])
        #expect(ArgumentErrorText.command(named: ["--", "history"], in: root).path == [])
    }

    /// The binary says it on one line, in the user's language, with exit 64 (usage).
    @Test(arguments: LocaleFiles.codes)
    func theBinarySuggestsInEveryLanguage(code: String) throws {
        let localizer = Localizer(language: code)
        func quoted(_ value: String) -> String { localizer.string(Message(.argsQuote, ["value": .text(value)])) }
        let runs: [([String], Message)] = [
            (
                ["histroy"],
                Message(
                    .argsUnknownCommandSuggestion,
                    ["value": .text(quoted("histroy")), "suggestion": .text(quoted("history"))])
            ),
            (
                ["patterns", "lst"],
                Message(
                    .argsUnknownCommandSuggestion, ["value": .text(quoted("lst")), "suggestion": .text(quoted("list"))])
            ),
            (
                ["--pattren", "box"],
                Message(
                    .argsUnknownOptionSuggestion,
                    ["option": .text(quoted("--pattren")), "suggestion": .text(quoted("--pattern"))])
            ),
            (
                ["prefs", "set", "raet", "200"],
                Message(.errorPrefUnknownKeySuggestion, ["key": .userValue("raet"), "suggestion": .text("rate")])
            ),
        ]
        for (arguments, message) in runs {
            let run = try BinaryRun.run(arguments + ["--lang", code])
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty)
            let expected = localizer.string(Message(.errorPrefix, ["message": .text(localizer.string(message))]))
            #expect(run.stderrLines == [expected], "\(arguments) in \(code)")
        }
    }

    /// `--lang` before the command, as people write a global option: the command is still the command (argument-parser
    /// gave everything to `start`, which refused `history lst` as two extra words), in that language.
    @Test(arguments: LocaleFiles.codes)
    func aLanguageBeforeTheCommandLeavesTheCommandItsOwn(code: String) throws {
        let localizer = Localizer(language: code)
        func quoted(_ value: String) -> String { localizer.string(Message(.argsQuote, ["value": .text(value)])) }
        let home = try TemporaryHome()
        let mistyped = try home.run(["--lang", code, "history", "lst"])
        let suggestion = Message(
            .argsUnknownCommandSuggestion, ["value": .text(quoted("lst")), "suggestion": .text(quoted("list"))])
        #expect(mistyped.status == 64)
        #expect(
            mistyped.stderrLines
                == [localizer.string(Message(.errorPrefix, ["message": .text(localizer.string(suggestion))]))])
        // The same as with `--lang` after the command's words: the command's own output, in that language.
        let commands = [
            ["history", "list"], ["prefs", "get", "rate"], ["patterns"], ["help", "history"],
            ["--pattern", "box", "--cycles", "1", "--output", home.root.appendingPathComponent("box.wav").path],
        ]
        for arguments in commands {
            let first = try home.run(["--lang=" + code] + arguments)
            let after = try home.run(arguments + ["--lang", code])
            #expect(first.status == 0, "--lang=\(code) \(arguments): \(first.stderr)")
            #expect(first.stdout == after.stdout && !first.stdout.isEmpty, "--lang=\(code) \(arguments)")
        }
    }

    /// `help WORD` names a command or a topic; a typo gets the nearest of them, anything else is refused too (where
    /// argument-parser would show the program's page and exit 0).
    @Test func helpWithAnUnknownWordIsRefused() throws {
        let cases: [([String], String)] = [
            (["help", "histroy"], "breathe-voice: Unknown command 'histroy'. Did you mean 'history'?"),
            (["help", "exit-code"], "breathe-voice: Unknown command 'exit-code'. Did you mean 'exit-codes'?"),
            (["help", "schedule", "ad"], "breathe-voice: Unknown command 'ad'. Did you mean 'add'?"),
            (["help", "frobnicate"], "breathe-voice: Unexpected argument 'frobnicate'"),
        ]
        for (arguments, line) in cases {
            let run = try BinaryRun.run(arguments + ["--lang", "en"])
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderrLines == [line])
        }
        let known = try BinaryRun.run(["help", "schedule", "add"])
        #expect(known.status == 0)
        #expect(known.stdout.contains("schedule add"))
    }

    /// A preference key with no close name still lists them all.
    @Test func aFarPreferenceKeyListsEveryKey() throws {
        let run = try BinaryRun.run(["prefs", "set", "zzzzzz", "1"])
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderr.contains("rate") && run.stderr.contains("toneVolume") && !run.stderr.contains("Did you mean"))
    }
}

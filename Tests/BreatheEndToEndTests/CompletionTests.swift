import Foundation
import Testing

@testable import BreatheTestSupport

/// The completion scripts (as `scripts/generate-files.sh` makes them for the binary under test: GeneratedFilesTests)
/// complete what users type, driven through each shell's own completion machinery: options at the root
/// (`breathe-voice --pattern <TAB>`, README's form), saved patterns, installed voices, preference keys and every
/// language's voice key. bash through its completion function and COMPREPLY; zsh and fish interactively, in a pty.
@Suite struct CompletionTests {
    static let root = BinaryRun.packageRoot

    /// A home with one saved pattern, `calm`, and the built binary first in PATH (the scripts call it back).
    static func home() throws -> (home: TemporaryHome, environment: [String: String?]) {
        let home = try TemporaryHome()
        let preferences = home.preferencesFile
        try FileManager.default.createDirectory(
            at: preferences.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 1, "customPatterns": {"calm": "4-2-6"}}"#.utf8).write(to: preferences)
        let bin = BinaryRun.binary.deletingLastPathComponent().path
        return (
            home, home.environment.merging(["PATH": bin + ":/usr/bin:/bin", "LC_ALL": "C.UTF-8"]) { _, new in new }
        )
    }

    /// What each case types, and a completion it must offer (never part of what was typed).
    static let cases: [(typed: String, offered: String)] = [
        ("breathe-voice --pattern r", "resonant"),
        ("breathe-voice --pattern ca", "calm"),
        ("breathe-voice --minutes 2 --pattern di", "diaphragmatic"),
        ("breathe-voice start --pattern ca", "calm"),
        ("breathe-voice --voice es-4", "es-419"),
        ("breathe-voice prefs set sched", "scheduleVia"),
    ]

    @Test(arguments: cases)
    func bashCompletes(typed: String, offered: String) throws {
        let (home, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let words = typed.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(
            separator: " ")
        let script = """
            source '\(try GeneratedFilesTests.generated("completions/breathe-voice.bash").path)'
            COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE='\(typed)'; COMP_POINT=${#COMP_LINE}
            $(complete -p breathe-voice | sed 's/.* -F \\([^ ]*\\) .*/\\1/') breathe-voice "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try BinaryRun.run(
            ["-c", script], environment: environment, executable: URL(fileURLWithPath: "/bin/bash"),
            directory: Self.root)
        #expect(run.stdoutLines.contains(offered), "\(typed): \(run.stdoutLines) \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// `prefs get voice.<TAB>` offers every language's voice key, as many as Locales/ holds.
    @Test(arguments: LocaleFiles.codes)
    func bashOffersEveryLanguagesVoiceKey(code: String) throws {
        try bashCompletes(typed: "breathe-voice prefs get voice.", offered: "voice.\(code)")
    }

    /// Types `typed` and TAB into an interactive shell in a pty and waits for `offered` to show up.
    static func interactive(_ shell: [String], setup: String, typed: String, offered: String) throws -> (
        found: Bool, transcript: String
    ) {
        let (home, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: home.root) }
        var env: [String: Any] = ["TERM": "dumb"]
        for (key, value) in environment { env[key] = value ?? NSNull() }
        let steps: [[String: Any]] = [
            ["send": setup + "\n"], ["expect": "READY> ", "timeout": 20],
            ["send": typed + "\t"], ["expect": offered, "timeout": 20],
            ["send": "\u{15}exit\n"],
        ]
        let script = try JSONSerialization.data(withJSONObject: ["env": env, "onlcr": true, "steps": steps])
        let run = try BinaryRun.run(
            [Self.root.appendingPathComponent("scripts/pty-session.py").path] + shell, freshHome: false, input: script,
            executable: URL(fileURLWithPath: "/usr/bin/python3"), directory: Self.root)
        let data = run.standardOutput
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let transcript = String(
            decoding: Data(base64Encoded: object?["transcript"] as? String ?? "") ?? Data(), as: UTF8.self)
        let error = object?["error"] as? String
        return (error == nil, transcript)
    }

    @Test(arguments: cases)
    func zshCompletesInATerminal(typed: String, offered: String) throws {
        let folder = try GeneratedFilesTests.generated("completions").path
        let setup = "fpath=('\(folder)' $fpath); autoload -U compinit; compinit -u -D; PS1='READY> '"
        let result = try Self.interactive(["/usr/bin/zsh", "-f", "-i"], setup: setup, typed: typed, offered: offered)
        #expect(result.found, "zsh, \(typed): \(result.transcript.suffix(400))")
    }

    @Test(arguments: cases)
    func fishCompletesInATerminal(typed: String, offered: String) throws {
        let script = try GeneratedFilesTests.generated("completions/breathe-voice.fish").path
        let setup = "source '\(script)'; function fish_prompt; echo 'READY> '; end"
        let result = try Self.interactive(
            ["/usr/bin/fish", "--no-config", "-i"], setup: setup, typed: typed, offered: offered)
        #expect(result.found, "fish, \(typed): \(result.transcript.suffix(400))")
    }
}

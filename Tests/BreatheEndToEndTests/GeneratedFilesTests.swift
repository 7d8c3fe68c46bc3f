import Foundation
import Testing

@testable import BreatheTestSupport

/// The man pages and completions as `scripts/generate-files.sh` makes them from the binary under test and Locales/:
/// what `make install`, `make deb` and `make generated` make. Nothing generated is committed (every page and completion
/// lists the languages, and each language has a page of its own: a committed copy would go stale with every locale file
/// added), so these tests check what the generator writes now: every whole language has its page, each page has every
/// section, command and option and nothing for mandoc's lint or `man --warnings` to say, every page and completion
/// names every language, each completion is valid for its shell, and `make install` installs exactly these files.
@Suite struct GeneratedFilesTests {
    static let root = BinaryRun.packageRoot

    /// Why `scripts/generate-files.sh` failed: its status and what it said.
    struct GenerationFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The folder `scripts/generate-files.sh` wrote for the binary under test (man/<code>/breathe-voice.1 and
    /// completions/), once per test process: a temporary home's folder, removed when the process exits.
    static let generation: Result<URL, GenerationFailed> = {
        do {
            let folder = try TemporaryHome().root.appendingPathComponent("generated")
            let run = try BinaryRun.run(
                [BinaryRun.binary.path, folder.path],
                executable: root.appendingPathComponent("scripts/generate-files.sh"))
            guard run.status == 0 else {
                return .failure(GenerationFailed(description: "generate-files.sh exited \(run.status): \(run.stderr)"))
            }
            return .success(folder)
        } catch {
            return .failure(GenerationFailed(description: "generate-files.sh did not run: \(error)"))
        }
    }()

    static func generated(_ path: String) throws -> URL { try generation.get().appendingPathComponent(path) }

    /// The page the generator wrote for `language`.
    static func manPage(language: String) throws -> String {
        try String(contentsOf: generated("man/\(language)/breathe-voice.1"), encoding: .utf8)
    }

    /// Every language whose locale file has the man page's sections (`scripts/generate-man.py --list`), each at
    /// man/<code>/breathe-voice.1, English's too.
    static let manPages: [(String, String)] = {
        let list = try? BinaryRun.run(
            [root.appendingPathComponent("scripts/generate-man.py").path, "--list"],
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        return (list?.stdoutLines ?? []).compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            return fields.count == 2 ? (fields[0], fields[1]) : nil
        }
    }()

    /// Each completion script, by the shell that reads it.
    static let completions: [(shell: String, file: String)] = [
        ("bash", "completions/breathe-voice.bash"), ("zsh", "completions/_breathe-voice"),
        ("fish", "completions/breathe-voice.fish"),
    ]

    /// Every whole language has a page: a locale file that is not a regional variant of another; the generator writes
    /// those pages and no other.
    @Test func everyWholeLanguageHasAManPage() throws {
        let whole = LocaleFiles.wholeLanguages
        #expect(!whole.isEmpty)
        #expect(Self.manPages.map(\.0) == ["en"] + whole.filter { $0 != "en" })
        let written = try FileManager.default.contentsOfDirectory(atPath: Self.generated("man").path)
        #expect(written.sorted() == Self.manPages.map(\.0).sorted())
        for (_, path) in Self.manPages {
            #expect(FileManager.default.fileExists(atPath: try Self.generated(path).path), "no \(path)")
        }
    }

    /// Every section, in order; each command and option of the binary has its entry; mandoc finds nothing to say.
    @Test(arguments: manPages)
    func manPageHasEverySectionAndIsLintClean(language: String, path: String) throws {
        let file = try Self.generated(path)
        let page = try String(contentsOf: file, encoding: .utf8)
        let headings = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        if language == "en" {
            #expect(
                headings == [
                    "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT",
                    "EXIT STATUS", "EXAMPLES", "AUTHORS", "SEE ALSO",
                ])
        } else {
            #expect(headings.count == 12)
        }
        for command in [
            "start", "demo", "patterns add", "prefs set", "history export", "stats", "remind", "schedule add",
            "schedule remove", "doctor",
        ] {
            #expect(
                page.contains(".B breathe\\-voice " + command.replacing("-", with: "\\-") + "\n"),
                "no command \(command)")
        }
        for option in [
            "pattern", "tone-volume", "voice", "via", "wav", "json", "events", "timing-report", "quiet-hours",
        ] {
            #expect(page.contains("\\fB\\-\\-" + option.replacing("-", with: "\\-") + "\\fR"), "no option --\(option)")
        }
        // The licence, by its SPDX identifier.
        #expect(page.contains("SPDX\\-License\\-Identifier: GPL\\-3.0\\-or\\-later"))
        for reference in ["espeak\\-ng (1)", "crontab (5)", "systemd.timer (5)", "speech\\-dispatcher (1)"] {
            #expect(page.contains(reference), "SEE ALSO lacks \(reference)")
        }
        let lint = try BinaryRun.run(["-T", "lint", file.path], executable: URL(fileURLWithPath: "/usr/bin/mandoc"))
        #expect(lint.status == 0)
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "mandoc -T lint: \(lint.stdout)\(lint.stderr)")
        let man = try BinaryRun.run(
            ["--warnings", "-l", file.path], environment: ["MANPAGER": "cat", "MANWIDTH": "100"],
            executable: URL(fileURLWithPath: "/usr/bin/man"))
        #expect(man.status == 0)
        #expect(man.stderr.isEmpty, "man -l: \(man.stderr)")
        #expect(man.stdout.contains("breathe-voice"))
        // Nothing is lost on the way: an ellipsis in a help sentence comes out as one.
        if language == "en" { #expect(man.stdout.contains("weekdays…") || man.stdout.contains("weekdays...")) }
    }

    /// Each page's --lang entry names every language of Locales/, a regional variant's too, as `--help` does.
    @Test(arguments: manPages)
    func manPageNamesEveryLanguage(language: String, path: String) throws {
        let text = try Self.manPage(language: language).replacing("\\-", with: "-").replacing("\n", with: " ")
        #expect(text.contains(": \(LocaleFiles.codes.joined(separator: ", ")). "), "\(path) lacks a language")
    }

    /// Each completion offers every language's voice preference (`prefs get voice.<code>`), and zsh's and fish's show
    /// --lang's help with every language; the shell reads the script without an error.
    @Test(arguments: completions)
    func completionNamesEveryLanguageAndIsValid(shell: String, file: String) throws {
        let path = try Self.generated(file)
        let script = try String(contentsOf: path, encoding: .utf8)
        let offered = Set(script.matches(of: /voice\.[A-Za-z0-9-]+/).map { String($0.output) })
        for code in LocaleFiles.codes {
            #expect(offered.contains("voice.\(code)"), "\(file) does not offer voice.\(code)")
        }
        if shell != "bash" {
            #expect(script.contains(LocaleFiles.codes.joined(separator: ", ")), "\(file): --lang's help lacks one")
        }
        let check = shell == "fish" ? ["--no-execute", path.path] : ["-n", path.path]
        let run = try BinaryRun.run(check, executable: URL(fileURLWithPath: "/usr/bin/\(shell)"))
        #expect(run.status == 0 && run.stderr.isEmpty, "\(shell) \(check.joined(separator: " ")): \(run.stderr)")
    }

    @Test func bashCompletesPatternNamesByCallingTheBinary() throws {
        let script = """
            source '\(try Self.generated("completions/breathe-voice.bash").path)'
            complete -p breathe-voice
            COMP_WORDS=(breathe-voice start --pattern re); COMP_CWORD=3
            COMP_LINE="breathe-voice start --pattern re"; COMP_POINT=${#COMP_LINE}
            _breathe-voice breathe-voice re --pattern
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bin = BinaryRun.binary.deletingLastPathComponent().path
        let run = try BinaryRun.run(
            ["-c", script], environment: ["PATH": bin + ":/usr/bin:/bin"],
            executable: URL(fileURLWithPath: "/bin/bash"), directory: Self.root)
        #expect(
            run.stdoutLines == ["complete -o filenames -F _breathe-voice_at_root breathe-voice", "resonant"],
            "\(run.stderr)")
    }

    /// `make install` installs the binary, stripped, and exactly the pages and completions these tests check, byte for
    /// byte; `make uninstall` removes every file.
    @Test func makeInstallInstallsExactlyTheGeneratedFilesAndUninstallRemovesThem() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let make = URL(fileURLWithPath: "/usr/bin/make")
        // The debug build stands in for the release build, which `make install` alone would build first.
        let install = try BinaryRun.run(
            [
                "-s", "install", "DESTDIR=\(destination.path)", "PREFIX=/usr/local",
                "INSTALL_BINARY=\(BinaryRun.binary.path)",
            ],
            executable: make, directory: Self.root)
        #expect(install.status == 0, "\(install.stderr)")
        // Each installed file but the binary, and the generated file it must be.
        var installed = Self.manPages.map { code, path in
            (
                code == "en"
                    ? "usr/local/share/man/man1/breathe-voice.1"
                    : "usr/local/share/man/\(code.replacing("-", with: "_"))/man1/breathe-voice.1", path
            )
        }
        installed += [
            ("usr/local/share/bash-completion/completions/breathe-voice", "completions/breathe-voice.bash"),
            ("usr/local/share/fish/vendor_completions.d/breathe-voice.fish", "completions/breathe-voice.fish"),
            ("usr/local/share/zsh/site-functions/_breathe-voice", "completions/_breathe-voice"),
        ]
        #expect(
            try Self.files(under: destination) == (["usr/local/bin/breathe-voice"] + installed.map(\.0)).sorted())
        for (file, generated) in installed {
            let copy = try? Data(contentsOf: destination.appendingPathComponent(file))
            #expect(copy == (try Data(contentsOf: Self.generated(generated))), "\(file) is not \(generated)")
        }
        let binary = destination.appendingPathComponent("usr/local/bin/breathe-voice")
        // Stripped: no symbol table left to map or read.
        let file = try BinaryRun.run(["-b", binary.path], executable: URL(fileURLWithPath: "/usr/bin/file"))
        #expect(file.stdout.contains(", stripped"), "\(file.stdout)")
        let run = try BinaryRun.run(["patterns", "--lang", "es"], executable: binary)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Respiración"))
        let uninstall = try BinaryRun.run(
            ["-s", "uninstall", "DESTDIR=\(destination.path)", "PREFIX=/usr/local"], executable: make,
            directory: Self.root)
        #expect(uninstall.status == 0)
        #expect(try Self.files(under: destination).isEmpty)
    }

    static func files(under folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var result: [String] = []
        for case let url as URL in walker
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            result.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return result.sorted()
    }
}

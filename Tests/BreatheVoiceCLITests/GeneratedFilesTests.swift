import Foundation
import Testing

/// The committed completions and man page match what the current binary generates, and `make install` installs
/// exactly them with the binary.
@Suite struct GeneratedFilesTests {
    static let root = BinaryRun.packageRoot

    @Test(arguments: [
        ("bash", "completions/breathe-voice.bash"), ("zsh", "completions/_breathe-voice"),
        ("fish", "completions/breathe-voice.fish"),
    ])
    func committedCompletionMatchesTheBinary(shell: String, path: String) throws {
        let run = try BinaryRun.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        let filtered = try BinaryRun.run(
            [Self.root.appendingPathComponent("scripts/complete-at-root.py").path, shell],
            input: run.standardOutput, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(filtered.status == 0, "\(filtered.stderr)")
        let committed = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(filtered.stdout == committed, "\(path) is stale: run `make generated`")
    }

    @Test func bashCompletesPatternNamesByCallingTheBinary() throws {
        let script = """
            source completions/breathe-voice.bash
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

    /// The page `scripts/generate-man.py` writes from the binary's command definitions and Locales/<language>.json.
    static func freshManPage(language: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("breathe-voice.1")
        let generate = try BinaryRun.run(
            [
                root.appendingPathComponent("scripts/generate-man.py").path, BinaryRun.binary.path, language,
                "2025-01-01", output.path,
            ],
            executable: URL(fileURLWithPath: "/usr/bin/python3")
        )
        #expect(generate.status == 0, "\(generate.stderr)")
        return try String(contentsOf: output, encoding: .utf8)
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

    /// Every whole language has a page: a locale file that is not a regional variant of another.
    @Test func everyWholeLanguageHasAManPage() throws {
        let whole = LocaleFiles.wholeLanguages
        #expect(!whole.isEmpty)
        #expect(Self.manPages.map(\.0) == ["en"] + whole.filter { $0 != "en" })
    }

    @Test(arguments: manPages)
    func committedManPageMatchesTheGenerator(language: String, path: String) throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(try Self.freshManPage(language: language) == committed, "\(path) is stale: run `make generated`")
    }

    /// Every section, in order; each command and option of the binary has its entry; mandoc finds nothing to say. The
    /// page as the generator writes it now, so that a new language's is checked before its first `make generated`.
    @Test(arguments: manPages)
    func manPageHasEverySectionAndIsLintClean(language: String, path: String) throws {
        let page = try Self.freshManPage(language: language)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("breathe-voice.1")
        try page.write(to: file, atomically: true, encoding: .utf8)
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

    @Test func makeInstallInstallsExactlyTheListedFilesAndUninstallRemovesThem() throws {
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
        let files = try Self.files(under: destination)
        let pages = Self.manPages.map { code, _ in
            code == "en"
                ? "usr/local/share/man/man1/breathe-voice.1"
                : "usr/local/share/man/\(code.replacing("-", with: "_"))/man1/breathe-voice.1"
        }
        #expect(
            files
                == ([
                    "usr/local/bin/breathe-voice",
                    "usr/local/share/bash-completion/completions/breathe-voice",
                    "usr/local/share/fish/vendor_completions.d/breathe-voice.fish",
                    "usr/local/share/zsh/site-functions/_breathe-voice",
                ] + pages).sorted())
        let installed = destination.appendingPathComponent("usr/local/bin/breathe-voice")
        // Stripped: no symbol table left to map or read.
        let file = try BinaryRun.run(["-b", installed.path], executable: URL(fileURLWithPath: "/usr/bin/file"))
        #expect(file.stdout.contains(", stripped"), "\(file.stdout)")
        let run = try BinaryRun.run(["patterns", "--lang", "es"], executable: installed)
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

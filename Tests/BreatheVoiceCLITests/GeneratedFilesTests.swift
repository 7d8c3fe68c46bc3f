import Foundation
import Testing

/// The committed completions and man page match what the current binary generates, and `make install` installs
/// exactly them with the binary.
@Suite struct GeneratedFilesTests {
    static let root = BinaryRun.packageRoot

    @Test(arguments: [("bash", "completions/breathe-voice.bash"), ("zsh", "completions/_breathe-voice"), ("fish", "completions/breathe-voice.fish")])
    func committedCompletionMatchesTheBinary(shell: String, path: String) throws {
        let run = try BinaryRun.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        let committed = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(run.stdout == committed, "\(path) is stale: run `make generated`")
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
        let run = try BinaryRun.run(["-c", script], environment: ["PATH": bin + ":/usr/bin:/bin"],
                                    executable: URL(fileURLWithPath: "/bin/bash"), directory: Self.root)
        #expect(run.stdoutLines == ["complete -o filenames -F _breathe-voice breathe-voice", "resonant"], "\(run.stderr)")
    }

    @Test func committedManPageMatchesTheGeneratorAndRenders() throws {
        let tool = Self.root.appendingPathComponent(".build/tools/debug/generate-manual")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "build the manual tool first: make manual-tool (make test does)")
        let committed = try String(contentsOf: Self.root.appendingPathComponent("breathe-voice.1"), encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generate = try BinaryRun.run([BinaryRun.binary.path, "--date", "2025-01-01", "--output-directory", folder.path], executable: tool)
        #expect(generate.status == 0, "\(generate.stderr)")
        let fresh = try String(contentsOf: folder.appendingPathComponent("breathe-voice.1"), encoding: .utf8)
        #expect(fresh == committed, "breathe-voice.1 is stale: run `make generated`")
        for section in ["EXIT CODES:", "143  terminated by SIGTERM", "FILES:", "ENVIRONMENT:", "NO_COLOR", "crontab", "timing-report"] {
            #expect(committed.contains(section), "man page lacks \(section)")
        }
        let man = try BinaryRun.run(["-l", Self.root.appendingPathComponent("breathe-voice.1").path],
                                    environment: ["MANPAGER": "cat", "MANWIDTH": "100"], executable: URL(fileURLWithPath: "/usr/bin/man"))
        #expect(man.status == 0)
        #expect(man.stdout.contains("breathe-voice"))
    }

    @Test func makeInstallInstallsExactlyTheListedFilesAndUninstallRemovesThem() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let make = URL(fileURLWithPath: "/usr/bin/make")
        // The debug build stands in for the release build, which `make install` alone would build first.
        let install = try BinaryRun.run(["-s", "install", "DESTDIR=\(destination.path)", "PREFIX=/usr/local", "INSTALL_BINARY=\(BinaryRun.binary.path)"],
                                        executable: make, directory: Self.root)
        #expect(install.status == 0, "\(install.stderr)")
        let files = try Self.files(under: destination)
        #expect(files == [
            "usr/local/bin/breathe-voice",
            "usr/local/share/bash-completion/completions/breathe-voice",
            "usr/local/share/fish/vendor_completions.d/breathe-voice.fish",
            "usr/local/share/man/man1/breathe-voice.1",
            "usr/local/share/zsh/site-functions/_breathe-voice",
        ])
        let installed = destination.appendingPathComponent("usr/local/bin/breathe-voice")
        let run = try BinaryRun.run(["patterns", "--lang", "es"], executable: installed)
        #expect(run.status == 0)
        #expect(run.stdout.contains("Respiración"))
        let uninstall = try BinaryRun.run(["-s", "uninstall", "DESTDIR=\(destination.path)", "PREFIX=/usr/local"], executable: make, directory: Self.root)
        #expect(uninstall.status == 0)
        #expect(try Self.files(under: destination).isEmpty)
    }

    static func files(under folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var result: [String] = []
        for case let url as URL in walker where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            result.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return result.sorted()
    }
}

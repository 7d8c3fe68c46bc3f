import Foundation
import Testing

@testable import BreatheTestSupport

/// `--version` names the program; `--version --verbose` adds the libraries that speak and play.
@Suite struct VersionTests {
    @Test func versionNamesTheProgram() throws {
        let run = try BinaryRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdoutLines == ["breathe-voice 0.1.0"])
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: [["--version", "--verbose"], ["--verbose", "--version"]])
    func verboseVersionAddsTheLibraries(arguments: [String]) throws {
        let run = try BinaryRun.run(arguments)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let lines = run.stdoutLines
        try #require(lines.count == 3, "\(lines)")
        #expect(lines[0] == "breathe-voice 0.1.0")
        // The versions the linked libraries report, as pkg-config knows the installed ones.
        #expect(lines[1] == "eSpeak NG " + (try Self.packageVersion("espeak-ng")))
        let pulse = try Self.packageVersion("libpulse")
        #expect(lines[2] == "libpulse " + pulse || lines[2].hasPrefix("libpulse " + pulse + "."), "\(lines[2])")
    }

    @Test func helpIsNotTakenForVersion() throws {
        let run = try BinaryRun.run(["--help", "--verbose", "--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW:"))
    }

    static func packageVersion(_ name: String) throws -> String {
        let run = try BinaryRun.run(
            ["--modversion", name], freshHome: false, executable: URL(fileURLWithPath: "/usr/bin/pkg-config"))
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

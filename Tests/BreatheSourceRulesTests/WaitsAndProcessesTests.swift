import Foundation
import Testing

@testable import BreatheTestSupport

/// Issue 53: one way to wait and one way to start a process in the tests. A test waits through `Waiting`
/// (Tests/BreatheTestSupport/Waiting.swift, the only file that sleeps); it starts a process through the support runners
/// (`BinaryRun`, `FaultRun`, `ChildProcess`, `PtySession`): only `BinaryRun` constructs Foundation's `Process`, every
/// other runner and stream (the recorder, a call's streams, the terminal's driver) is a Kit `ChildProcess`.
@Suite struct WaitsAndProcessesTests {
    /// Where sleeping is allowed.
    static let waitingFile = "Tests/BreatheTestSupport/Waiting.swift"
    /// Where constructing a `Process` is allowed.
    static let supportFolders = ["Tests/BreatheEndToEndTests/Support/", "Tests/BreatheTestSupport/"]

    /// Every Swift file under Tests, with its text.
    static func testFiles() throws -> [(path: String, text: String)] {
        let folder = BinaryRun.packageRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
            ("Tests/" + file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    /// The files of `files` whose text matches any of `patterns` (regular expressions).
    static func holding(_ patterns: [String], in files: [(path: String, text: String)]) -> [String] {
        files.filter { file in patterns.contains { file.text.range(of: $0, options: .regularExpression) != nil } }
            .map(\.path)
    }

    // Escaped, so that this file does not hold what it looks for.
    static let sleeps = [#"\busleep\("#, #"\bThread\.sleep"#, #"\bnanosleep\("#, #"\bTask\.sleep"#]
    /// Foundation's `Process` constructed: not `ChildProcess`, nor a name that ends in "Process".
    static let processes = [#"\bProcess\(\)"#]

    @Test func onlyTheWaitHelperSleeps() throws {
        let files = try Self.testFiles()
        // The reading sees the tests, and the one sleep it allows.
        #expect(files.count > 200, "\(files.count) files")
        #expect(Self.holding(Self.sleeps, in: files).contains(Self.waitingFile))
        let elsewhere = Self.holding(Self.sleeps, in: files.filter { $0.path != Self.waitingFile })
        #expect(elsewhere.isEmpty, "sleeping outside \(Self.waitingFile) (wait with Waiting): \(elsewhere)")
    }

    @Test func onlyTheSupportFoldersConstructProcesses() throws {
        let files = try Self.testFiles()
        // The reading sees the runners that do construct one.
        #expect(Self.holding(Self.processes, in: files).contains("Tests/BreatheTestSupport/BinaryRun.swift"))
        let outside = files.filter { file in !Self.supportFolders.contains { file.path.hasPrefix($0) } }
        #expect(outside.count > 150, "\(outside.count) files outside the support folders")
        let constructing = Self.holding(Self.processes, in: outside)
        #expect(constructing.isEmpty, "a Process constructed outside the support runners: \(constructing)")
        // Inside them, only the binary's runner.
        let runners = Self.holding(
            Self.processes, in: files.filter { file in outside.allSatisfy { $0.path != file.path } })
        #expect(
            runners == ["Tests/BreatheTestSupport/BinaryRun.swift"], "Foundation's Process constructed in \(runners)")
    }
}

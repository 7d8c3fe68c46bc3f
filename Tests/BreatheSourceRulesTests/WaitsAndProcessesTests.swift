import Foundation
import Testing

@testable import BreatheTestSupport

/// Issue 53: one way to wait and one way to start a process in the tests. A test waits through `Waiting`
/// (Tests/BreatheTestSupport/Waiting.swift, the only file that sleeps); it starts a process through the support runners
/// (`BinaryRun`, `FaultRun`, `PtySession`, the servers' daemons), all of them the Kit's `ChildProcess`, the one place
/// that calls posix_spawn: no test constructs Foundation's `Process` (which can miss the exit of a child that ends at
/// once, and wait for ever) nor spawns a program itself.
@Suite struct WaitsAndProcessesTests {
    /// Where sleeping is allowed.
    static let waitingFile = "Tests/BreatheTestSupport/Waiting.swift"
    /// The one runner, in the system module.
    static let runnerFile = "Sources/BreatheSystem/System/ChildProcess.swift"

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
    /// Foundation's `Process` constructed (not `ChildProcess`, nor a name that ends in "Process"), or a program spawned.
    static let processes = [#"\bProcess\(\)"#, #"\bposix_spawnp?\("#]

    @Test func onlyTheWaitHelperSleeps() throws {
        let files = try Self.testFiles()
        // The reading sees the tests, and the one sleep it allows.
        #expect(files.count > 200, "\(files.count) files")
        #expect(Self.holding(Self.sleeps, in: files).contains(Self.waitingFile))
        let elsewhere = Self.holding(Self.sleeps, in: files.filter { $0.path != Self.waitingFile })
        #expect(elsewhere.isEmpty, "sleeping outside \(Self.waitingFile) (wait with Waiting): \(elsewhere)")
    }

    @Test func onlyTheKitsRunnerStartsAProgram() throws {
        let files = try Self.testFiles()
        // The reading sees the runner that does start one.
        let runner = try String(
            contentsOf: BinaryRun.packageRoot.appendingPathComponent(Self.runnerFile), encoding: .utf8)
        #expect(!Self.holding(Self.processes, in: [(Self.runnerFile, runner)]).isEmpty)
        let starting = Self.holding(Self.processes, in: files)
        #expect(starting.isEmpty, "a program started outside ChildProcess: \(starting)")
    }
}

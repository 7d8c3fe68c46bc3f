import BreatheSystem
import Foundation

/// Runs the built `breathe-voice` binary, the way a user or cron would, and captures what it printed.
struct BinaryRun {
    var status: Int32
    var standardOutput: Data
    var standardError: Data

    var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    var stderr: String { String(decoding: standardError, as: UTF8.self) }
    var stdoutLines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary under test: the one built next to this test bundle (`.build/debug/breathe-voice`), or the one
    /// `BREATHE_VOICE_TEST_BINARY` names (`make test` in CI names the release build, the binary that ships).
    static let binary: URL =
        ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_BINARY"].map { URL(fileURLWithPath: $0) }
        ?? builtExecutable(named: "breathe-voice")

    /// An executable of this package built next to this test bundle: the binary, or a test tool such as `HistoryAppender`.
    static func builtExecutable(named name: String) -> URL {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        let beside = bundleDirectory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [testBundle, testBundle.deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/" + name)
    }

    /// How long a run may take before it is killed and the test fails (`ChildProcess.Failure.timedOut`) instead of
    /// hanging: longer than any session a test runs.
    static let patienceMilliseconds: Int64 = 600_000

    /// Runs the binary (or another `executable`) with `arguments`, in `directory` when given, through the Kit's
    /// `ChildProcess` (the one way the tests start a program). The environment is the test's own, changed by
    /// `environment` (nil removes a variable), unless `clearEnvironment` starts from an empty one; it holds a fresh
    /// temporary home unless `environment` names a HOME or `freshHome` is false (a system tool run as the test runs).
    /// Standard input is /dev/null unless `input` is given; with `errorsInOutput`, standard error goes into standard
    /// output, interleaved as written (`standardError` is then empty).
    static func run(
        _ arguments: [String],
        environment: [String: String?] = [:],
        clearEnvironment: Bool = false,
        freshHome: Bool = true,
        input: Data? = nil,
        executable: URL = binary,
        directory: URL? = nil,
        errorsInOutput: Bool = false
    ) throws -> BinaryRun {
        var variables = clearEnvironment ? [:] : ProcessInfo.processInfo.environment
        // Never touch the real home: unless the test names its own, every run gets fresh, empty XDG directories.
        if freshHome, environment["HOME"] == nil {
            let home = try TemporaryHome()
            for (key, value) in home.environment { variables[key] = value }
        }
        for (key, value) in environment { variables[key] = value }
        let result = try ChildProcess.run(
            executable.path, arguments, input: input.map { Array($0) } ?? [], within: patienceMilliseconds,
            environment: variables.map { "\($0.key)=\($0.value)" }, directory: directory?.path,
            errorsInOutput: errorsInOutput)
        return BinaryRun(
            status: result.status, standardOutput: Data(result.standardOutput),
            standardError: Data(result.standardError))
    }
}

/// A fresh home folder with its XDG directories, for one test; nothing in it is ever the user's.
struct TemporaryHome {
    let root: URL

    /// Removed when the test process exits (`TestFolder`), not when the value goes out of use: a test still reads files
    /// under it after its last use of the value.
    init() throws {
        root = URL(fileURLWithPath: try TestFolder.make("breathe-voice-test"))
        // Its own runtime folder, so that no two tests share a session lock.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("run"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    var environment: [String: String?] {
        [
            "HOME": root.path, "XDG_CONFIG_HOME": root.path + "/config", "XDG_STATE_HOME": root.path + "/state",
            "XDG_CACHE_HOME": root.path + "/cache", "XDG_RUNTIME_DIR": root.path + "/run",
        ]
    }

    var preferencesFile: URL { root.appendingPathComponent("config/breathe-voice/preferences.json") }
    var historyFile: URL { root.appendingPathComponent("state/breathe-voice/history.jsonl") }
    var lockFile: URL { root.appendingPathComponent("run/breathe-voice/session.lock") }

    /// Runs the binary in this home.
    func run(_ arguments: [String], environment: [String: String?] = [:], input: Data? = nil) throws -> BinaryRun {
        try BinaryRun.run(arguments, environment: self.environment.merging(environment) { _, new in new }, input: input)
    }
}

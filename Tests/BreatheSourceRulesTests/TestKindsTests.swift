import Foundation
import Testing

@testable import BreatheTestSupport

/// Issue 53: the tests by kind, each its own target (docs/contributing.md, "Where a test goes"). The unit targets'
/// files call the code in the test's own process and nothing else: they never start a process (the binary, a script, a
/// system program), never need one of the private servers, and never read where those servers are from the test's
/// environment. What does goes to BreatheIntegrationTests (the Kit in-process against servers or other programs) or
/// BreatheEndToEndTests (the binary run). A unit test names an environment's variables only in the environment it hands
/// the code (`["PULSE_SERVER": "/a/native"]`), never the test process's own.
@Suite struct TestKindsTests {
    /// The unit targets.
    static let unitFolders = ["Tests/BreatheCoreTests/", "Tests/BreatheVoiceKitTests/"]

    /// What a unit test never names (regular expressions, read in the code, not in comments): the runners and servers of
    /// the tests' support, and the system calls that start a process.
    static let processesAndServers = [
        #"\bBinaryRun\b"#, #"\bTemporaryHome\b"#, #"\bFaultRun\b"#, #"\bPtySession\b"#, #"\bChildProcess\b"#,
        #"\bFakeCrontab\b"#, #"\bGuideExampleRun\b"#, #"\bHistoryAppender\b"#, #"\bLiveServers\b"#, #"\bPulseServer\b"#,
        #"\bSessionBus\b"#, #"\bPrivateBrltty\b"#, #"\bBrlttySettingsClient\b"#, #"\bCallServer\b"#, #"\bSlowProxy\b"#,
        #"\bMonitorRecorder\b"#, #"\bProcess\(\)"#, #"\bposix_spawnp?\("#, #"\bfork\(\)"#, #"\bexecv[pe]?\("#,
        #"\bpopen\("#, #"\bsystem\("#,
    ]
    /// The test process's environment read whole, or for a private server's variable.
    static let serverEnvironment = [
        #"\bProcessInfo\.processInfo\.environment\b"#,
        #"(ProcessEnvironment\.current|getenv\().*(PULSE_SERVER|SPEECHD_ADDRESS|BRLAPI_HOST|DBUS_SESSION_BUS_ADDRESS|XDG_RUNTIME_DIR|BREATHE_VOICE_TEST_SERVER)"#,
    ]

    /// Every Swift file under Tests, with its lines of code (comments left out).
    static func testFiles() throws -> [(path: String, code: [Substring])] {
        let folder = BinaryRun.packageRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            return ("Tests/" + file, code)
        }
    }

    /// Each line of `files` that matches one of `patterns`, as "PATH: LINE".
    static func naming(_ patterns: [String], in files: [(path: String, code: [Substring])]) -> [String] {
        files.flatMap { file in
            file.code.filter { line in patterns.contains { line.range(of: $0, options: .regularExpression) != nil } }
                .map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
    }

    static func isUnit(_ path: String) -> Bool { unitFolders.contains { path.hasPrefix($0) } }

    @Test func theUnitTargetsStartNoProcessAndNeedNoServer() throws {
        let files = try Self.testFiles()
        let units = files.filter { Self.isUnit($0.path) }
        #expect(units.count > 100, "\(units.count) unit test files")
        let found = Self.naming(Self.processesAndServers + Self.serverEnvironment, in: units)
        #expect(
            found.isEmpty,
            "a unit test starts a process or needs a server (it belongs in BreatheIntegrationTests or BreatheEndToEndTests): \(found)"
        )
    }

    @Test func theReadingSeesTheOtherKinds() throws {
        let files = try Self.testFiles()
        let others = files.filter { !Self.isUnit($0.path) }
        let paths = Set(Self.naming(Self.processesAndServers, in: others).map { $0.prefix { $0 != ":" } })
        for file in [
            "Tests/BreatheEndToEndTests/StartTests.swift", "Tests/BreatheEndToEndTests/Audio/LiveAudioTests.swift",
            "Tests/BreatheIntegrationTests/System/ChildProcessTests.swift",
            "Tests/BreatheIntegrationTests/Audio/LivePulseSinkTests.swift", "Tests/BreatheTestSupport/BinaryRun.swift",
        ] {
            #expect(paths.contains(Substring(file)), "\(file) names none of the runners or servers")
        }
        #expect(!Self.naming(Self.serverEnvironment, in: others).isEmpty)
        #expect(
            Self.naming(
                Self.processesAndServers, in: [("a.swift", ["let run = try home.run([])", "let sink = FakeSink()"])]
            )
            .isEmpty)
        #expect(
            Self.naming(Self.serverEnvironment, in: [("a.swift", [#"let x = getenv("PULSE_SERVER")"#])])
                == [#"a.swift: let x = getenv("PULSE_SERVER")"#])
    }

    /// The test targets are these five and the support module, and none is named after a module that no longer exists.
    @Test func theTestFoldersAreTheKinds() throws {
        let folder = BinaryRun.packageRoot.appendingPathComponent("Tests")
        let targets = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(
            Set(targets) == [
                "BreatheCoreTests", "BreatheVoiceKitTests", "BreatheIntegrationTests", "BreatheEndToEndTests",
                "BreatheSourceRulesTests", "BreatheTestSupport",
            ])
    }
}

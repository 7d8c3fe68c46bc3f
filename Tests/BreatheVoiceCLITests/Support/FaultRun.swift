import Foundation

@testable import BreatheVoiceKit

/// Runs the built binary with its standard streams wired the way a fault needs (a full device, a closed descriptor, a
/// file), by posix_spawn, and reports how it ended and what it wrote to standard error.
struct FaultRun {
    /// Where one standard stream goes.
    enum Stream {
        /// Opened from a path (such as /dev/full), for writing, appended when it is a file.
        case path(String)
        /// Not open at all in the child.
        case closed
        /// An inherited descriptor of the test's (such as a pipe's end).
        case descriptor(Int32)
    }

    var ending: ChildProcess.Ending
    var stderr: String
    var stdout: String

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Starts the binary; `prefix` runs it under another program (such as `prlimit --fsize=…`).
    static func start(
        _ arguments: [String], home: TemporaryHome, environment: [String: String?] = [:],
        standardInput: Stream = .path("/dev/null"), standardOutput: Stream, prefix: [String] = []
    ) throws -> (pid: pid_t, stdoutFile: String, stderrFile: String) {
        let stderrFile = home.root.path + "/stderr-" + UUID().uuidString
        let stdoutFile = home.root.path + "/stdout-" + UUID().uuidString
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        func wire(_ stream: Stream, _ target: Int32, _ flags: Int32) {
            switch stream {
            case .path(let path): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .closed: posix_spawn_file_actions_addclose(&actions, target)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        wire(standardInput, 0, O_RDONLY)
        if case .path(let path) = standardOutput, path == "capture" {
            wire(.path(stdoutFile), 1, O_WRONLY | O_CREAT | O_APPEND)
        } else {
            wire(standardOutput, 1, O_WRONLY)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in home.environment.merging(environment, uniquingKeysWith: { _, new in new }) {
            env[key] = value
        }
        let executable = prefix.first ?? BinaryRun.binary.path
        let argv = (prefix.isEmpty ? [executable] : prefix + [BinaryRun.binary.path]) + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        // The child starts as a shell would start it, whatever the test runner ignores or blocks (both survive exec):
        // nothing blocked, and every signal a test sends at its default action.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGXFSZ] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return (pid, stdoutFile, stderrFile)
    }

    /// Runs the binary to its end.
    static func run(
        _ arguments: [String], home: TemporaryHome, environment: [String: String?] = [:],
        standardInput: Stream = .path("/dev/null"), standardOutput: Stream = .path("capture"), prefix: [String] = []
    ) throws -> FaultRun {
        let started = try start(
            arguments, home: home, environment: environment, standardInput: standardInput,
            standardOutput: standardOutput, prefix: prefix)
        return finish(started)
    }

    /// Waits for a started binary and collects what it wrote.
    static func finish(_ started: (pid: pid_t, stdoutFile: String, stderrFile: String)) -> FaultRun {
        var status: Int32 = 0
        _ = SystemCall.retryingOnInterrupt { waitpid(started.pid, &status, 0) }
        let signal = status & 0x7F
        let ending: ChildProcess.Ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: signal)
        let stderr = (try? String(contentsOfFile: started.stderrFile, encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOfFile: started.stdoutFile, encoding: .utf8)) ?? ""
        unlink(started.stderrFile)
        unlink(started.stdoutFile)
        return FaultRun(ending: ending, stderr: stderr, stdout: stdout)
    }
}

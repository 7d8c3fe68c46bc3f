import Foundation

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
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

    /// A run under way: the child and the files its stdout (when captured) and stderr go to.
    struct Started {
        let child: ChildProcess
        let stdoutFile: String
        let stderrFile: String

        var pid: pid_t { child.pid }
    }

    /// Starts the binary; `prefix` runs it under another program (such as `prlimit --fsize=…`, found on the PATH). The
    /// child starts as a shell would start it, whatever the test runner ignores or blocks (both survive exec): nothing
    /// blocked, and every signal a test sends at its default action (see `ChildProcess`). Of the test's other
    /// descriptors only those in `passing` are open in it.
    static func start(
        _ arguments: [String], home: TemporaryHome, environment: [String: String?] = [:],
        standardInput: Stream = .path("/dev/null"), standardOutput: Stream, prefix: [String] = [],
        passing: [Int32] = []
    ) throws -> Started {
        let stderrFile = home.root.path + "/stderr-" + UUID().uuidString
        let stdoutFile = home.root.path + "/stdout-" + UUID().uuidString
        func wire(_ stream: Stream, _ flags: Int32) -> ChildProcess.Stream {
            switch stream {
            case .path(let path): .file(path, flags: flags)
            case .closed: .closed
            case .descriptor(let descriptor): .descriptor(descriptor)
            }
        }
        let output: ChildProcess.Stream =
            if case .path(let path) = standardOutput, path == "capture" {
                .file(stdoutFile, flags: O_WRONLY | O_CREAT | O_APPEND)
            } else {
                wire(standardOutput, O_WRONLY)
            }
        let changes = home.environment.merging(environment, uniquingKeysWith: { _, new in new })
        var executable = BinaryRun.binary.path
        var argv = arguments
        if let program = prefix.first {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            guard let found = ChildProcess.find(program, path: path) else { throw POSIXError(.ENOENT) }
            executable = found
            argv = Array(prefix.dropFirst()) + [BinaryRun.binary.path] + arguments
        }
        let child = try ChildProcess(
            executable, argv, standardInput: wire(standardInput, O_RDONLY), standardOutput: output,
            standardError: .file(stderrFile, flags: O_WRONLY | O_CREAT | O_APPEND), passing: passing,
            environment: ChildProcess.environment(changedBy: changes))
        return Started(child: child, stdoutFile: stdoutFile, stderrFile: stderrFile)
    }

    /// Runs the binary to its end.
    static func run(
        _ arguments: [String], home: TemporaryHome, environment: [String: String?] = [:],
        standardInput: Stream = .path("/dev/null"), standardOutput: Stream = .path("capture"), prefix: [String] = [],
        passing: [Int32] = []
    ) throws -> FaultRun {
        let started = try start(
            arguments, home: home, environment: environment, standardInput: standardInput,
            standardOutput: standardOutput, prefix: prefix, passing: passing)
        return finish(started)
    }

    /// Waits for a started binary and collects what it wrote.
    static func finish(_ started: Started) -> FaultRun {
        collect(started, started.child.wait())
    }

    /// Waits for a started run, but no longer than `seconds`: a run still going then is ended (SIGTERM, then SIGKILL)
    /// and reported as nil, so that a hang fails the test instead of hanging it. The bound only tells an answer from a
    /// hang, generously, so that a loaded machine never fails it.
    static func finish(_ started: Started, within seconds: Double) -> FaultRun? {
        if let ending = Waiting.value(within: seconds, { started.child.ending() }) { return collect(started, ending) }
        started.child.kill(SIGTERM)
        Waiting.until(timeout: 0.5) { started.child.hasEnded }
        started.child.kill(SIGKILL)
        _ = finish(started)
        return nil
    }

    /// What a run that ended wrote, its files removed.
    private static func collect(_ started: Started, _ ending: ChildProcess.Ending) -> FaultRun {
        let stderr = (try? String(contentsOfFile: started.stderrFile, encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOfFile: started.stdoutFile, encoding: .utf8)) ?? ""
        unlink(started.stderrFile)
        unlink(started.stdoutFile)
        return FaultRun(ending: ending, stderr: stderr, stdout: stdout)
    }
}

import Foundation

@testable import BreatheVoiceKit

/// A child process started with posix_spawn and reaped with waitpid, for tests that start many at once or kill them:
/// Foundation's Process can miss the exit of a child that ends at once (see `PulseServer.spawnAndWait`).
struct ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killed(by: Int32)
    }

    let pid: pid_t

    /// Starts `executable` with the test's environment, changed by `environment`. Standard input is `standardInput`
    /// (default /dev/null); standard output is `standardOutput` (a descriptor) or the file `outputFile`, else /dev/null;
    /// standard error goes to /dev/null unless `standardError` names a file.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], standardInput: Int32? = nil,
        standardOutput: Int32? = nil, outputFile: String? = nil, standardError: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        } else {
            posix_spawn_file_actions_addopen(
                &actions, 1, outputFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        posix_spawn_file_actions_addopen(
            &actions, 2, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        self.pid = pid
    }

    func kill(_ signal: Int32) {
        _ = Foundation.kill(pid, signal)
    }

    /// Waits for the child to end without reaping it, so that what the kernel kept of it (`/proc/PID/io`) can still be
    /// read; `wait()` reaps it afterwards.
    func waitForExit() {
        var info = siginfo_t()
        _ = SystemCall.retryingOnInterrupt { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
    }

    /// The bytes the child read with read(2) and its kin over its whole life (`rchar` of `/proc/PID/io`), any file.
    func bytesRead() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
            .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    /// Waits for the child to end and reaps it.
    func wait() -> Ending {
        var status: Int32 = 0
        _ = SystemCall.retryingOnInterrupt { waitpid(pid, &status, 0) }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: signal)
    }
}

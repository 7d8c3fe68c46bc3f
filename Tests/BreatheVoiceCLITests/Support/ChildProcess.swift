import BreatheVoiceKit
import Foundation

/// A child process started with posix_spawn and reaped with waitpid, for tests that start many at once or kill them:
/// Foundation's Process can miss the exit of a child that ends at once (see `PulseServer.spawnAndWait`).
struct ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killed(by: Int32)
    }

    let pid: pid_t

    /// Starts `executable` with the test's environment. Standard input is `standardInput` (default /dev/null);
    /// standard output and error go to /dev/null unless `standardError` names a file.
    init(_ executable: URL, _ arguments: [String], standardInput: Int32? = nil, standardError: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 2, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        self.pid = pid
    }

    func kill(_ signal: Int32) {
        _ = Foundation.kill(pid, signal)
    }

    /// Waits for the child to end and reaps it.
    func wait() -> Ending {
        var status: Int32 = 0
        _ = SystemCall.retryingOnInterrupt { waitpid(pid, &status, 0) }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(by: signal)
    }
}

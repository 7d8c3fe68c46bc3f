import BreatheCommandLine
import BreatheSystem
import BreatheVoiceKit
import Foundation

/// Kit's `ChildProcess`, as the tests start it (many at once, killed, their `/proc` read): Foundation's Process can miss
/// the exit of a child that ends at once (see `PulseServer.spawnAndWait`).
extension ChildProcess {
    /// Starts `executable` with the test's environment, changed by `environment`. Standard input is `standardInput`
    /// (default /dev/null); standard output is `standardOutput` (a descriptor) or the file `outputFile`, else /dev/null;
    /// standard error goes to /dev/null unless `standardError` names a file.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], standardInput: Int32? = nil,
        standardOutput: Int32? = nil, outputFile: String? = nil, standardError: String? = nil
    ) throws {
        try self.init(
            executable.path, arguments, standardInput: standardInput.map(Stream.descriptor) ?? .null(writing: false),
            standardOutput: standardOutput.map(Stream.descriptor)
                ?? .file(outputFile ?? "/dev/null", flags: O_WRONLY | O_CREAT | O_TRUNC),
            standardError: .file(standardError ?? "/dev/null", flags: O_WRONLY | O_CREAT | O_APPEND),
            environment: Self.environment(changedBy: environment))
    }

    /// The test's environment with `changes` made ("NAME=value" entries): a nil value removes its variable.
    static func environment(changedBy changes: [String: String?]) -> [String] {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in changes { variables[key] = value }
        return variables.map { "\($0.key)=\($0.value)" }
    }

    /// Waits for the child to end without reaping it, so that what the kernel kept of it (`/proc/PID/io`) can still be
    /// read; `wait()` reaps it afterwards.
    func waitForExit() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// Whether the child has ended, without reaping it (`wait()` or `ending()` still can): Foundation's `isRunning`.
    var hasEnded: Bool {
        var info = siginfo_t()
        var looked = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        while looked != 0 && errno == EINTR { looked = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) }
        return looked != 0 || info._sifields._sigchld.si_pid != 0
    }

    /// The bytes the child read with read(2) and its kin over its whole life (`rchar` of `/proc/PID/io`), any file.
    func bytesRead() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
            .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }
}

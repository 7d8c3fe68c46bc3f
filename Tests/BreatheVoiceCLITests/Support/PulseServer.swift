import Foundation

/// The private PulseAudio servers the live tests use: the shared one from scripts/with-pulse.sh, or one of their own.
enum PulseServer {
    /// CI (and `make test`) sets this: a missing server is then a failure, never a skip.
    static var required: Bool { ProcessInfo.processInfo.environment["BREATHE_VOICE_REQUIRE_PULSE"] == "1" }

    /// True when `pactl info` answers for `server` (nil: the environment's own).
    static func answers(server: String? = nil) -> Bool {
        var environment = ProcessInfo.processInfo.environment
        if let server { environment["PULSE_SERVER"] = server }
        return spawnAndWait(["pactl", "info"], environment: environment) == 0
    }

    /// Live tests run when a server answers, and must run (and fail without one) when one is required.
    static var shouldRunLiveTests: Bool { required || answers() }

    /// Runs a tool with posix_spawnp and waitpid, output discarded: Foundation's Process can miss the exit of a
    /// child that ends at once, and then waits forever.
    static func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }

    /// A second private server, owned by one test, in its own runtime folder.
    final class Own {
        let folder: URL
        let process = Process()
        var address: String { "unix:" + folder.appendingPathComponent("pulse/native").path }

        init() throws {
            folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("breathe-voice-own-pulse-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit=yes",
                                 "--use-pid-file=no", "--disable-shm=yes", "--log-target=file:" + folder.appendingPathComponent("log").path,
                                 "-L", "module-native-protocol-unix auth-anonymous=1",
                                 "-L", "module-null-sink sink_name=own rate=22050 channels=1", "-L", "module-always-sink"]
            var env = ProcessInfo.processInfo.environment
            env["XDG_RUNTIME_DIR"] = folder.path
            env["PULSE_SERVER"] = nil
            process.environment = env
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            // Wait for readiness by asking the server, for at most 10 s.
            let deadline = Date().addingTimeInterval(10)
            while !PulseServer.answers(server: address), Date() < deadline, process.isRunning {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        var isUp: Bool { process.isRunning && PulseServer.answers(server: address) }

        /// The server's process id, for a test driver that kills it at a moment of its own choosing.
        var processIdentifier: Int32 { process.processIdentifier }

        /// Kills this server (and only this one) at once, as a crash would.
        func kill() {
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        deinit {
            kill()
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

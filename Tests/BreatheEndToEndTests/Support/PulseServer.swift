import Foundation

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The private PulseAudio servers the live tests use: the shared one from scripts/with-pulse.sh, or one of their own.
enum PulseServer {
    /// True when `pactl info` answers for `server` (nil: the environment's own).
    static func answers(server: String? = nil) -> Bool { LiveServers.soundServerAnswers(server: server) }

    /// Runs a tool to its end, output discarded (`LiveServers.spawnAndWait`).
    static func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
        LiveServers.spawnAndWait(arguments, environment: environment)
    }

    /// Which server the shared one is: scripts/with-pipewire.sh sets BREATHE_VOICE_TEST_SERVER=pipewire.
    static var isPipeWire: Bool { ProcessInfo.processInfo.environment["BREATHE_VOICE_TEST_SERVER"] == "pipewire" }

    /// A second private server, owned by one test, in its own runtime folder, of the same kind as the shared one:
    /// PulseAudio, or (under scripts/with-pipewire.sh) pipewire, wireplumber and pipewire-pulse on the shared private
    /// D-Bus. Its `processIdentifier` is the process the client talks to (pulseaudio or pipewire-pulse).
    /// A daemon started through the Kit's `ChildProcess`, not Foundation's Process: Process learns that a child ended
    /// when the child's end of a socket pair closes, so a daemon that closes every descriptor it inherited (pulseaudio
    /// does) looks ended at once, and Process's one waiting thread then blocks in waitpid on it, which holds up
    /// `waitUntilExit` of every other Process of the test run until the daemon dies. Nothing else of ours is open in
    /// it (`ChildProcess` closes it all): a pipe another test reads to its end must not stay open in a daemon.
    final class Daemon {
        let processIdentifier: pid_t
        private var ended = false

        init(_ arguments: [String], environment: [String: String]) throws {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            guard let tool = arguments.first, let program = ChildProcess.find(tool, path: path) else {
                throw POSIXError(.ENOENT)
            }
            processIdentifier =
                try ChildProcess(
                    program, Array(arguments.dropFirst()),
                    environment: environment.map { "\($0.key)=\($0.value)" }
                ).pid
        }

        /// Still running (a daemon that ended is reaped here).
        var isRunning: Bool {
            guard !ended else { return false }
            var status: Int32 = 0
            if waitpid(processIdentifier, &status, WNOHANG) == processIdentifier { ended = true }
            return !ended
        }

        /// SIGKILL, then waits for it.
        func kill() {
            guard !ended else { return }
            Foundation.kill(processIdentifier, SIGKILL)
            var status: Int32 = 0
            _ = SystemCall.retryingOnInterrupt { waitpid(processIdentifier, &status, 0) }
            ended = true
        }
    }

    final class Own {
        let folder: URL
        /// The daemons in start order; the last is the one that answers the pulse protocol.
        private var processes: [Daemon] = []
        var address: String { "unix:" + folder.appendingPathComponent("pulse/native").path }
        private var server: Daemon { processes[processes.count - 1] }

        init() throws {
            folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "breathe-voice-own-pulse-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            if PulseServer.isPipeWire {
                for name in ["config", "state"] {
                    try FileManager.default.createDirectory(
                        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
                }
                try start(["pipewire"])
                wait { FileManager.default.fileExists(atPath: self.folder.appendingPathComponent("pipewire-0").path) }
                try start(["wireplumber"])
                try start(["pipewire-pulse"])
                wait { PulseServer.answers(server: self.address) }
                // pipewire-pulse has no always-sink: a null sink to play to, as the default.
                var environment = ProcessInfo.processInfo.environment
                environment["PULSE_SERVER"] = address
                _ = PulseServer.spawnAndWait(
                    ["pactl", "load-module", "module-null-sink", "sink_name=own", "rate=22050", "channels=1"],
                    environment: environment)
                wait { PulseServer.spawnAndWait(["pactl", "set-default-sink", "own"], environment: environment) == 0 }
            } else {
                try start([
                    "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit=yes",
                    "--use-pid-file=no", "--disable-shm=yes",
                    "--log-target=file:" + folder.appendingPathComponent("log").path,
                    "-L", "module-native-protocol-unix auth-anonymous=1",
                    "-L", "module-null-sink sink_name=own rate=22050 channels=1", "-L", "module-always-sink",
                ])
                wait { PulseServer.answers(server: self.address) }
            }
        }

        private func start(_ arguments: [String]) throws {
            var env = ProcessInfo.processInfo.environment
            env["XDG_RUNTIME_DIR"] = folder.path
            env["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
            env["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
            env["PULSE_SERVER"] = nil
            // PipeWire's daemons want a session bus: the shared server's (scripts/with-pipewire.sh keeps it from the
            // tests' sessions, which would join it as media players).
            env["DBUS_SESSION_BUS_ADDRESS"] = env["BREATHE_VOICE_TEST_PIPEWIRE_BUS"]
            processes.append(try Daemon(arguments, environment: env))
        }

        /// Waits for readiness, for at most 10 s, while every daemon runs.
        private func wait(until ready: () -> Bool) {
            Waiting.until(timeout: 10, every: 0.05) { ready() || !processes.allSatisfy(\.isRunning) }
        }

        var isUp: Bool { processes.allSatisfy(\.isRunning) && PulseServer.answers(server: address) }

        /// The server's process id, for a test driver that kills it at a moment of its own choosing.
        var processIdentifier: Int32 { server.processIdentifier }

        /// Kills this server (and only this one) at once, as a crash would.
        func kill() {
            server.kill()
        }

        deinit {
            for process in processes.reversed() { process.kill() }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

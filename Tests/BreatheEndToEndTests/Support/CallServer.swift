import Foundation

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A private sound server of the shared one's kind (`PulseServer.Own`, PulseAudio or PipeWire) with a microphone to
/// call from: a virtual source `mic` (module-remap-source over the null sink's monitor, which both servers have), so a
/// `parec -d mic` is a recording from a real source, not a monitor. Each test owns one: a call kept open here never
/// makes another test's reminder wait.
final class CallServer {
    let server: PulseServer.Own
    /// The streams started and not stopped yet, by pid.
    private var streams: [Int32: ChildProcess] = [:]

    init() throws {
        server = try PulseServer.Own()
        let status = PulseServer.spawnAndWait(
            ["pactl", "load-module", "module-remap-source", "source_name=mic", "master=own.monitor"],
            environment: environment)
        if status != 0 { throw CocoaError(.featureUnsupported) }
        waitUntil { self.hasMicrophone }
    }

    private var hasMicrophone: Bool {
        list("sources").contains { $0.split(separator: "\t").dropFirst().first == "mic" }
    }

    var address: String { server.address }
    var isReady: Bool { server.isUp && hasMicrophone }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = server.address
        return environment
    }

    /// `pactl list short KIND`, one line per object. Through posix_spawn and a file, as `PulseServer.spawnAndWait`:
    /// Foundation's Process can miss the exit of a child that ends at once.
    func list(_ kind: String) -> [String] {
        let file = NSTemporaryDirectory() + "breathe-voice-pactl-" + UUID().uuidString
        defer { unlink(file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments: [String] = ["pactl", "list", "short", kind]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "pactl", &actions, nil, argv, envp) == 0 else { return [] }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits (at most 10 s) for `condition`.
    func waitUntil(_ condition: () -> Bool) {
        Waiting.until(timeout: 10, every: 0.05, condition)
    }

    /// Starts a stream and returns once the server lists it: `parec -d mic` (a call's microphone), `pacat` playing
    /// silence with `--property=media.role=phone` (the other side of a call) or with no role (music).
    @discardableResult
    func start(_ arguments: [String], kind: String) throws -> ChildProcess {
        let before = list(kind).count
        let zero = open("/dev/zero", O_RDONLY | O_CLOEXEC)
        defer { if zero >= 0 { close(zero) } }
        let process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: ["PULSE_SERVER": server.address],
            standardInput: zero)
        streams[process.pid] = process
        waitUntil { self.list(kind).count > before || process.hasEnded }
        return process
    }

    @discardableResult
    func recordFromMicrophone() throws -> ChildProcess {
        try start(["parec", "-d", "mic", "--raw"], kind: "source-outputs")
    }

    @discardableResult
    func playSilence(role: String?) throws -> ChildProcess {
        try start(
            ["pacat", "--playback", "--raw"] + (role.map { ["--property=media.role=" + $0] } ?? []), kind: "sink-inputs"
        )
    }

    /// Ends a stream at once, and reaps it.
    func stop(_ process: ChildProcess) {
        guard streams.removeValue(forKey: process.pid) != nil else { return }
        process.kill(SIGKILL)
        _ = process.wait()
    }

    deinit {
        for process in streams.values { stop(process) }
    }
}

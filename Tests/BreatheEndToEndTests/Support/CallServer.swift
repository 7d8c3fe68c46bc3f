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

    /// `pactl list short KIND`, one line per object (none when it cannot run).
    func list(_ kind: String) -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let pactl = ChildProcess.find("pactl", path: path),
            let result = try? ChildProcess.run(
                pactl, ["list", "short", kind], environment: environment.map { "\($0.key)=\($0.value)" })
        else { return [] }
        return String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
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

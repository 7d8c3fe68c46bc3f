import Foundation

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// The built binary in a fresh pseudo-terminal, driven by `pty-session.py` (keys, signals, Ctrl-Z and `fg`, and
/// `stty -g` before, during and after), as a person at a terminal with a job-control shell would drive it.
struct PtySession {
    /// One thing to do or wait for; see pty-session.py.
    enum Step {
        case expect(String, timeout: Double = 30)
        case send(String)
        case kill(String)
        /// SIGKILL to another process: a test's own sound server, killed mid-session.
        case killProcess(Int32)
        /// A signal by name ("STOP", "CONT") to another process: a test's own sound server, frozen mid-session.
        case signalProcess(Int32, String)
        case quiet(Double)
        case stopped
        case foreground

        var json: [String: Any] {
            switch self {
            case .expect(let text, let timeout): ["expect": text, "timeout": timeout]
            case .send(let text): ["send": text]
            case .kill(let name): ["kill": name]
            case .killProcess(let pid): ["killpid": Int(pid), "signal": "KILL"]
            case .signalProcess(let pid, let signal): ["killpid": Int(pid), "signal": signal]
            case .quiet(let seconds): ["quiet": seconds]
            case .stopped: ["stopped": true]
            case .foreground: ["fg": true]
            }
        }
    }

    var transcript: Data
    var status: Int32?
    var stty: [String: String]
    /// What was printed during each `.quiet` step.
    var quiet: [Data]
    var error: String?

    var text: String { String(decoding: transcript, as: UTF8.self) }
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    static let driver = BinaryRun.packageRoot.appendingPathComponent("scripts/pty-session.py")

    /// `onlcr`: the terminal's driver turns each newline into CR LF, as a terminal does by default (the driver's default
    /// here is off, so that the bytes arrive exactly as written).
    static func run(
        _ arguments: [String], steps: [Step], environment: [String: String?] = [:], onlcr: Bool = false
    ) throws -> PtySession {
        // A fresh home for every run, so that a test never reads or writes the user's own history and preferences
        // (and a first session's badges do not depend on which test ran before); a caller's values win.
        var env: [String: Any] = ["TERM": "xterm-256color", "NO_COLOR": NSNull()]
        for (key, value) in try TemporaryHome().environment.merging(environment, uniquingKeysWith: { _, new in new }) {
            env[key] = value ?? NSNull()
        }
        let script = try JSONSerialization.data(withJSONObject: [
            "env": env, "steps": steps.map(\.json), "onlcr": onlcr,
        ])
        // The driver ends its session within its steps' timeouts; ten minutes is a hung driver.
        let result = try ChildProcess.run(
            "/usr/bin/python3", [driver.path, BinaryRun.binary.path] + arguments, input: Array(script),
            within: 600_000)
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
        else {
            let said = String(decoding: result.standardError, as: UTF8.self)
            return PtySession(
                transcript: Data(), status: nil, stty: [:], quiet: [],
                error: "no result from the driver (exit \(result.status)): \(said)")
        }
        return PtySession(
            transcript: Data(base64Encoded: object["transcript"] as? String ?? "") ?? Data(),
            status: (object["status"] as? NSNumber)?.int32Value,
            stty: object["stty"] as? [String: String] ?? [:],
            quiet: (object["quiet"] as? [String] ?? []).map { Data(base64Encoded: $0) ?? Data() },
            error: object["error"] as? String
        )
    }

    /// Bytes a screen reader would read out as noise: ESC, CR, backspace, bell.
    var noiseBytes: [UInt8] { transcript.filter { [0x1B, 0x0D, 0x08, 0x07].contains($0) } }
}

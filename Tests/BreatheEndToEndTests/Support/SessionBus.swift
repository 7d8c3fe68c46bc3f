import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// A private session bus for one test: the real `dbus-daemon --session`, listening in a folder of its own, as the
/// private PulseAudio is for the sound. Sessions run with `environment` reach it (and only it), and `playerctl` (the
/// real client, as a desktop's media keys or a script use it) talks to them through it. Stopped and removed when
/// released. Without dbus-daemon the test fails: it never skips.
final class SessionBus {
    let folder: String
    let address: String
    private let daemon: ChildProcess
    /// The folder is the test's own (a home's runtime folder), not removed with the bus.
    private let ownsFolder: Bool

    /// A bus listening at `FOLDER/bus`: in a folder of its own, or in `runtimeFolder`, where a session finds it
    /// without `DBUS_SESSION_BUS_ADDRESS` (`$XDG_RUNTIME_DIR/bus`, as systemd's user instance puts it).
    init(runtimeFolder: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        ownsFolder = runtimeFolder == nil
        folder = runtimeFolder ?? NSTemporaryDirectory() + "breathe-voice-bus-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        address = "unix:path=" + folder + "/bus"
        daemon = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/dbus-daemon"),
            ["--session", "--nofork", "--nopidfile", "--nosyslog", "--address=" + address])
        let ready = Waiting.until(timeout: 10, every: 0.02) {
            FileManager.default.fileExists(atPath: self.folder + "/bus")
        }
        try #require(ready, "dbus-daemon did not listen at \(address) within 10 s", sourceLocation: sourceLocation)
    }

    deinit {
        daemon.kill(SIGCONT)
        daemon.kill(SIGKILL)
        _ = daemon.wait()
        if ownsFolder { try? FileManager.default.removeItem(atPath: folder) } else { unlink(folder + "/bus") }
    }

    /// What a process needs to reach this bus, and nothing else's.
    var environment: [String: String?] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Freezes the daemon (SIGSTOP): it accepts nothing more and answers nothing, as a bus stuck in a debugger.
    func freeze() { daemon.kill(SIGSTOP) }

    /// `playerctl ARGUMENTS` on this bus: what it printed, and how it ended.
    func playerctl(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRun.run(
            arguments, environment: environment.merging(["HOME": folder]) { _, new in new },
            executable: URL(fileURLWithPath: "/usr/bin/playerctl"))
    }

    /// The players on the bus, as `playerctl --list-all` names them.
    func players() throws -> [String] {
        try playerctl(["--list-all"]).stdoutLines.filter { !$0.isEmpty }
    }

    /// The first breathe-voice session's player name (`breathe_voice.instance<pid>`) once it is on the bus, waiting at
    /// most `seconds`; nil when none came.
    func sessionPlayer(pid: pid_t? = nil, within seconds: Double = 15) -> String? {
        var found: String?
        _ = Waiting.until(timeout: seconds, every: 0.02) {
            let names = (try? self.players()) ?? []
            found = names.first {
                pid.map { "breathe_voice.instance" + String($0) } == $0
                    || (pid == nil && $0.hasPrefix("breathe_voice.instance"))
            }
            return found != nil
        }
        return found
    }

    /// Whether `player`'s `PlaybackStatus` becomes `status` within `seconds`.
    func status(of player: String, becomes status: String, within seconds: Double = 15) -> Bool {
        Waiting.until(timeout: seconds, every: 0.02) {
            (try? self.playerctl(["-p", player, "status"]).stdout) == status + "\n"
        }
    }

}

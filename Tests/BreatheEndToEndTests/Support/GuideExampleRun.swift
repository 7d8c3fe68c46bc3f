import Foundation
import Testing

@testable import BreatheTestSupport

/// Runs a block of the docs (`GuideExample`) as a new user would type it, in a private home: its own XDG folders, a
/// fake crontab (`BREATHE_VOICE_CRONTAB`), no sound server (`PULSE_SERVER` unset), a session bus of its own where a
/// desktop keeps it (`$XDG_RUNTIME_DIR/bus`, a real dbus-daemon), the English locale, a dumb 80-column terminal, and
/// `breathe-voice` on PATH as the binary under test.
struct GuideExampleRun {
    /// What one command printed (standard output and standard error in the order written) and its exit status.
    struct Result: Equatable {
        var lines: [String]
        var status: Int32
    }

    /// Each step's result, in order.
    let results: [Result]

    /// A separator line no command prints: the ASCII record separator, then the status.
    private static let separator = "\u{1E}"

    /// The longest a block may take: a few short sessions.
    static let deadlineSeconds = 180

    static func run(_ example: GuideExample) throws -> GuideExampleRun {
        let home = try TemporaryHome()
        let crontab = try FakeCrontab()
        defer { crontab.remove() }
        let bus = try SessionBus(runtimeFolder: home.root.path + "/run")
        let bin = home.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("breathe-voice"), withDestinationURL: BinaryRun.binary)
        var environment: [String: String?] = home.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "dumb"
        environment["COLUMNS"] = "80"
        environment["BREATHE_VOICE_CRONTAB"] = crontab.script.path
        // Each command, then a line with its status; `(exit N)` gives the next command that status as `$?`.
        var script = "exec 2>&1 </dev/null\n"
        for step in example.steps {
            script += step.command + "\n"
            script += "status=$?; printf '\\n\(separator)%d\\n' \"$status\"; (exit $status)\n"
        }
        let run = try BinaryRun.run(
            [String(deadlineSeconds), "/bin/sh", "-c", script], environment: environment, clearEnvironment: true,
            executable: URL(fileURLWithPath: "/usr/bin/timeout"), directory: home.root)
        withExtendedLifetime(bus) {}
        return GuideExampleRun(results: try Self.results(run.stdout, steps: example.steps.count, status: run.status))
    }

    /// Splits the shell's output at the separators.
    static func results(_ output: String, steps: Int, status: Int32) throws -> [Result] {
        var results: [Result] = []
        var lines: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(separator), let code = Int32(line.dropFirst()) {
                // The separator's own newline ended the command's last line: the empty line before it is ours.
                if lines.last == "" { lines.removeLast() }
                results.append(Result(lines: lines, status: code))
                lines = []
            } else {
                lines.append(String(line))
            }
        }
        guard results.count == steps else {
            throw GuideExampleError.incomplete(ran: results.count, of: steps, status: status, output: output)
        }
        return results
    }
}

/// A block that did not run to its end.
enum GuideExampleError: Error, CustomStringConvertible {
    case incomplete(ran: Int, of: Int, status: Int32, output: String)

    var description: String {
        switch self {
        case .incomplete(let ran, let of, let status, let output):
            "only \(ran) of \(of) commands ended (sh exited \(status), 124 is the deadline):\n\(output)"
        }
    }
}

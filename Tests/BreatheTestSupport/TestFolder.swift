import Foundation
import Synchronization

/// A fresh folder for one test, in the temporary folder (`TMPDIR`, else `/tmp`); never the user's home. Every folder
/// this test process made is removed, with everything in it, when the process exits: not when the test's last use of
/// its path ends, since a test (or a session it started) may still read files under it after that, and most tests only
/// keep the path (`try Scratch().path + "/history.jsonl"`). `make test` fails if one is left (scripts/make-test.sh).
///
/// A process that a test started and that is still running then, with one of these folders in its environment (its
/// `HOME`, an XDG folder), would write into the folder after it is gone and make it again: it is ended first, and
/// named on standard error, since a test should have waited for it.
enum TestFolder {
    private static let made: Mutex<[String]> = {
        atexit {
            let folders = TestFolder.made.withLock { $0 }
            TestFolder.endProcesses(using: folders)
            for path in folders { try? FileManager.default.removeItem(atPath: path) }
        }
        return Mutex([])
    }()

    /// A new, empty folder named `PREFIX-UUID`.
    static func make(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(prefix + "-" + UUID().uuidString).path
        made.withLock { $0.append(path) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Ends (SIGKILL) every other process whose environment names one of `folders`, and waits a little for each to be
    /// gone (a zombie counts as gone: it writes nothing).
    private static func endProcesses(using folders: [String]) {
        guard !folders.isEmpty, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
            return
        }
        let me = getpid()
        var ended: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), pid != me,
                let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
            else { continue }
            let values = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard
                let folder = folders.first(where: { folder in
                    values.contains { $0.contains("=" + folder + "/") || $0.hasSuffix("=" + folder) }
                })
            else { continue }
            let name =
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            FileHandle.standardError.write(
                Data("test folder: ended process \(pid) (\(name)), still running with \(folder)\n".utf8))
            kill(pid, SIGKILL)
            ended.append(pid)
        }
        Waiting.until(timeout: 2) { !ended.contains(where: isRunning) }
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // The state follows the command's closing parenthesis: Z (zombie) or X (dead) write nothing more.
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }
}

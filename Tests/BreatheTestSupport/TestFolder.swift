import Foundation
import Synchronization

/// A fresh folder for one test, in the temporary folder (`TMPDIR`, else `/tmp`); never the user's home. Every folder
/// this test process made is removed, with everything in it, when the process exits: not when the test's last use of
/// its path ends, since a test (or a session it started) may still read files under it after that, and most tests only
/// keep the path (`try Scratch().path + "/history.jsonl"`). `make test` fails if one is left (scripts/make-test.sh).
enum TestFolder {
    private static let made: Mutex<[String]> = {
        atexit {
            for path in TestFolder.made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
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
}

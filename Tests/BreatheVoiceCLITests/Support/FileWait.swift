import Foundation

/// Waits for what a running program writes to a file (its standard output, a log), looking every 10 ms.
enum FileWait {
    /// Whether `text` appeared in `file` within `timeout` seconds.
    static func until(_ text: String, appearsIn file: String, within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? String(contentsOfFile: file, encoding: .utf8))?.contains(text) == true { return true }
            usleep(10_000)
        }
        return false
    }
}

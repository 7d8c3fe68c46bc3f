#if canImport(Glibc)
import BreatheSystem
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether a cron daemon runs on this machine, found in `/proc` by what the cron implementations call their daemon
/// (Vixie and Debian's cron, cronie, dcron, BusyBox: `cron` or `crond`; fcron; bcron's scheduler), not by any list of
/// packages or services.
enum CronDaemon {
    /// The names a cron daemon runs under (`/proc/PID/comm`).
    static let names: Set<String> = ["cron", "crond", "fcron", "bcron-sched"]

    /// What `/proc` showed.
    enum Finding: Equatable, Sendable {
        /// A daemon runs: its name and process number.
        case running(name: String, pid: Int)
        /// None runs, and every process could be seen.
        case notRunning
        /// None could be seen, but `/proc` hides other users' processes (mounted with `hidepid`), so one may run.
        case hidden
    }

    /// Looks through the processes under `processRoot` (`/proc`, or a folder a test lays out the same way).
    static func find(processRoot: String = "/proc", ownUserID: UInt32 = getuid()) -> Finding {
        guard let directory = opendir(processRoot) else { return .hidden }
        defer { closedir(directory) }
        var sawOthers = false
        var found: (name: String, pid: Int)?
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int(name), pid > 0 else { continue }
            guard let bytes = try? FileSystem.readFile(processRoot + "/" + name + "/comm", limit: 64),
                let comm = String(validating: bytes, as: UTF8.self)?.trimmingSuffixNewline
            else { continue }
            var status = stat()
            if stat(processRoot + "/" + name, &status) == 0, status.st_uid != ownUserID { sawOthers = true }
            guard names.contains(comm) else { continue }
            if found == nil || pid < found!.pid { found = (comm, pid) }
        }
        if let found { return .running(name: found.name, pid: found.pid) }
        // A cron daemon runs as root: when not one process of another user can be read, /proc hides them.
        return sawOthers || ownUserID == 0 ? .notRunning : .hidden
    }
}

extension String {
    /// The text without one final newline, as `/proc/PID/comm` ends.
    fileprivate var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}

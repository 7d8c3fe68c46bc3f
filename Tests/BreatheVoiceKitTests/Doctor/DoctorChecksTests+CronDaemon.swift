import Foundation
import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
@testable import BreatheVoiceKit

/// What starts the scheduled reminders: a cron daemon, found in /proc (a fake one; the crontab's side is
/// DoctorCrontabTests, in the integration tests).
extension DoctorChecksTests {
    /// The cron daemon is found by its process name in /proc, whoever runs it; /proc that shows no other user's process
    /// cannot say none runs.
    @Test func theCronDaemonIsFoundInProc() throws {
        func proc(_ processes: [(pid: Int, comm: String)]) throws -> String {
            let root = try Self.folder()
            for process in processes {
                let folder = root.appendingPathComponent(String(process.pid))
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data((process.comm + "\n").utf8).write(to: folder.appendingPathComponent("comm"))
            }
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("self"), withIntermediateDirectories: true)
            return root.path
        }
        let own = getuid()
        // Folders the test makes are its own: as another user, every one is "another user's".
        let other = own &+ 1
        #expect(
            CronDaemon.find(processRoot: try proc([(1, "systemd"), (77, "crond"), (900, "bash")]), ownUserID: other)
                == .running(name: "crond", pid: 77))
        #expect(
            CronDaemon.find(processRoot: try proc([(5, "cron"), (3, "fcron")]), ownUserID: other)
                == .running(name: "fcron", pid: 3))
        #expect(
            CronDaemon.find(processRoot: try proc([(1, "init"), (2, "cronjob"), (3, "anacron")]), ownUserID: other)
                == .notRunning)
        #expect(
            CronDaemon.find(processRoot: try proc([(10, "bash")]), ownUserID: own) == (own == 0 ? .notRunning : .hidden)
        )
        #expect(CronDaemon.find(processRoot: "/nonexistent/proc", ownUserID: other) == .hidden)
    }
}

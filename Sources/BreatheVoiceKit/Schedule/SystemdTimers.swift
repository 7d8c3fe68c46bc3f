import BreatheCore
import BreatheSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reminders as systemd user timers: the unit files in `$XDG_CONFIG_HOME/systemd/user` and `systemctl --user`.
///
/// `systemctl` is the program named by `BREATHE_VOICE_SYSTEMCTL` if set (tests point it at a script), else `systemctl`
/// from PATH. Without it, or without a user manager answering, the files are still written and the user is told what
/// to run.
package struct SystemdTimers: Sendable {
    /// Where user units live: `$XDG_CONFIG_HOME/systemd/user` (default `~/.config/systemd/user`).
    var folder: String
    /// Runs `systemctl --user ARGUMENTS`; true when it exited 0.
    var systemctl: @Sendable (_ arguments: [String]) -> Bool

    package init(folder: String, systemctl: @escaping @Sendable (_ arguments: [String]) -> Bool) {
        self.folder = folder
        self.systemctl = systemctl
    }

    /// The variable that names another systemctl program.
    static let overrideVariable = "BREATHE_VOICE_SYSTEMCTL"

    package static func live(environment: [String: String]) -> SystemdTimers {
        let name = environment[overrideVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "systemctl"
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin:/bin"
        return SystemdTimers(folder: XDGDirectories(environment: environment).configHome + "/systemd/user") {
            arguments in
            guard let program = ChildProcess.find(name, path: path),
                let result = try? ChildProcess.run(program, ["--user"] + arguments)
            else { return false }
            return result.status == 0
        }
    }

    func timerPath(_ units: SystemdReminderUnits) -> String { folder + "/" + units.timerName }
    func servicePath(_ units: SystemdReminderUnits) -> String { folder + "/" + units.serviceName }

    /// The reminders whose timers are in the folder, by number.
    func installed() -> [SystemdReminderUnits] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [SystemdReminderUnits] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let id = SystemdReminderUnits.id(fromTimerName: name),
                let bytes = try? FileSystem.readFile(folder + "/" + name)
            else { continue }
            found.append(SystemdReminderUnits.parse(id: id, timer: String(decoding: bytes, as: UTF8.self)))
        }
        return found.sorted { $0.id < $1.id }
    }

    /// Writes both files (the service first, so the timer never names a missing unit).
    package func write(_ units: SystemdReminderUnits, service: String) throws(BreatheError) {
        try FileSystem.writeAtomically(servicePath(units), Array(service.utf8))
        try FileSystem.writeAtomically(timerPath(units), Array(units.timer.utf8))
    }

    /// Deletes both files and the `timers.target.wants` link `enable` made.
    func delete(_ units: SystemdReminderUnits) {
        FileSystem.remove(folder + "/timers.target.wants/" + units.timerName)
        FileSystem.remove(timerPath(units))
        FileSystem.remove(servicePath(units))
    }
}

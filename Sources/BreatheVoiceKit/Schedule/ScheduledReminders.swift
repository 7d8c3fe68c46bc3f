import BreatheCore
import BreatheSystem

/// Every scheduled reminder, the crontab's and systemd's, as its number and its summary (the options it was added
/// with): what `doctor` and `patterns remove` look through for the pattern each plays. A crontab that cannot be read
/// holds none here (`doctor` says why elsewhere).
package enum ScheduledReminders {
    package static func all(crontab: CrontabProgram, timers: SystemdTimers?) -> [(id: Int, summary: String)] {
        let document = (try? crontab.read()).flatMap { try? CrontabDocument.parse($0).get() }
        let cron = document?.reminders.map { (id: $0.id, summary: $0.summary) } ?? []
        return cron + (timers?.installed().map { (id: $0.id, summary: $0.summary) } ?? [])
    }

    /// The variables each reminder sets before it runs (its crontab line's `NAME=value` words, its service's
    /// `Environment=` lines), by number: the folders it reads, which `doctor` holds against the shell's.
    package static func settings(crontab: CrontabProgram, timers: SystemdTimers?) -> [(
        id: Int, settings: [String: String]
    )] {
        let document = (try? crontab.read()).flatMap { try? CrontabDocument.parse($0).get() }
        let cron = document?.reminders.map { (id: $0.id, settings: $0.settings) } ?? []
        guard let timers else { return cron }
        return cron
            + timers.installed().compactMap { units in
                guard let bytes = try? FileSystem.readFile(timers.servicePath(units)) else { return nil }
                return (units.id, SystemdReminderUnits.settings(inService: String(decoding: bytes, as: UTF8.self)))
            }
    }
}

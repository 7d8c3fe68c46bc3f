import BreatheCore
import BreatheSystem

/// `patterns rename`'s side in the reminders: every crontab reminder and systemd timer that plays the pattern with
/// `--pattern OLD` is made to say `--pattern NEW`, its summary with it, so that it still plays after the rename.
///
/// Everything is worked out first (`plan`), then written in one go (`apply`): the unit files, the crontab, then the
/// preferences. When a step fails, what was already written is put back, so that the reminders and the saved patterns
/// never disagree. `rename` holds the crontab lock from the plan to the last write; the caller holds the preferences
/// lock (its loaded preferences).
package struct ReminderPatternRename {
    var crontab: CrontabProgram
    var systemd: SystemdTimers?

    package init(crontab: CrontabProgram, systemd: SystemdTimers?) {
        self.crontab = crontab
        self.systemd = systemd
    }

    /// What the rename changes, before anything is written.
    package struct Plan {
        /// The crontab as it is and as it will be, when one of its reminders names the pattern.
        var crontab: (original: [UInt8], renamed: [UInt8])?
        /// Each unit file that names the pattern: its path, its text and its new text.
        var unitFiles: [(path: String, original: [UInt8], renamed: [UInt8])]
        /// The reminders that will play the new name, by number, with their new summaries.
        package var reminders: [(id: Int, summary: String)]
    }

    /// The changes that renaming `old` to `new` makes. A crontab that cannot be read or parsed, and a unit file that
    /// cannot be read, hold no reminder here, as for `patterns remove` (`doctor` says why).
    package func plan(_ old: String, to new: String) -> Plan {
        var plan = Plan(crontab: nil, unitFiles: [], reminders: [])
        if let original = try? crontab.read(), case .success(var document) = CrontabDocument.parse(original) {
            let renamed = document.renamePattern(old, to: new)
            if !renamed.isEmpty {
                plan.crontab = (original, document.bytes)
                plan.reminders += renamed.map { (id: $0.id, summary: $0.summary) }
            }
        }
        for units in systemd?.installed() ?? [] {
            guard let systemd else { break }
            var summary: String?
            var touched = false
            for path in [systemd.servicePath(units), systemd.timerPath(units)] {
                guard let bytes = try? FileSystem.readFile(path),
                    let renamed = SystemdReminderUnits.renamingPattern(
                        old, to: new, inUnit: String(decoding: bytes, as: UTF8.self))
                else { continue }
                plan.unitFiles.append((path, bytes, Array(renamed.utf8)))
                touched = true
                if path == systemd.timerPath(units) {
                    summary = SystemdReminderUnits.parse(id: units.id, timer: renamed).summary
                }
            }
            if touched { plan.reminders.append((id: units.id, summary: summary ?? units.summary)) }
        }
        plan.reminders.sort { $0.id < $1.id }
        return plan
    }

    /// Writes the unit files, installs the crontab, then runs `commit` (the preferences' save). A failure puts back
    /// what was written before it, then is thrown. Returns whether systemd's user manager took the new units (nil when
    /// no unit changed): without a `daemon-reload`, a running timer would still start the old command.
    /// Plans and applies the rename under the crontab lock, `commit` (the preferences' save) last; the plan, and what
    /// `apply` says of the reload.
    package func rename(_ old: String, to new: String, then commit: () throws(BreatheError) -> Void)
        throws(BreatheError) -> (
            plan: Plan, reloaded: Bool?
        )
    {
        let lock = try FileLock.crontab()
        defer { withExtendedLifetime(lock) {} }
        let plan = plan(old, to: new)
        return (plan, try apply(plan, then: commit))
    }

    func apply(_ plan: Plan, then commit: () throws(BreatheError) -> Void) throws(BreatheError) -> Bool? {
        var written: [(path: String, original: [UInt8])] = []
        func undo() {
            for file in written.reversed() { try? FileSystem.writeAtomically(file.path, file.original) }
        }
        do {
            for file in plan.unitFiles {
                try FileSystem.writeAtomically(file.path, file.renamed)
                written.append((file.path, file.original))
            }
            if let change = plan.crontab { try crontab.install(change.renamed) }
        } catch {
            undo()
            throw error
        }
        do {
            try commit()
        } catch {
            if let change = plan.crontab { try? crontab.install(change.original) }
            undo()
            throw error
        }
        guard !plan.unitFiles.isEmpty, let systemd else { return nil }
        return systemd.systemctl(["daemon-reload"])
    }
}

/// The variables a reminder's command sets, so that under cron or systemd it reads the files the user's shell reads:
/// the user's runtime folder (cron sets no `XDG_RUNTIME_DIR`, and the sound server listens there), and each XDG folder
/// that was set to an absolute path where `schedule add` ran (preferences, quiet hours, history, the phrase cache). A
/// folder that was unset, empty or relative is left out: the shell falls back to the default, as the reminder will.
struct ReminderEnvironment: Sendable {
    /// The XDG folders a reminder takes from the shell that scheduled it, in the order they are written.
    static let carried = ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]

    /// Each variable and its value, in the order they are written.
    var assignments: [(name: String, value: String)]

    init(userID: UInt32, shell environment: [String: String]) {
        assignments = [("XDG_RUNTIME_DIR", "/run/user/" + String(userID))]
        for name in Self.carried {
            // A value no crontab line or unit line can carry (a newline in a folder's name) is left out, as a relative
            // one is: that shell's own programs would hardly cope with it either.
            guard let value = environment[name], value.hasPrefix("/"), ShellWord.fitsOnOneLine(value) else { continue }
            assignments.append((name, value))
        }
    }

    /// The assignments before the command of a crontab line: `NAME=value`, each value quoted for the shell and cron.
    var cronWords: String {
        assignments.map { $0.name + "=" + ShellWord.cronQuote($0.value) }.joined(separator: " ")
    }

    /// One `Environment=` line a variable, for a systemd service: quoted when needed, `%` doubled (systemd expands
    /// specifiers there, not variables).
    var systemdLines: [String] {
        assignments.map {
            "Environment=" + SystemdReminderUnits.quote($0.name + "=" + $0.value, expandsVariables: false)
        }
    }

    /// The variables a crontab line sets before its program (`NAME=value` words, as the shell reads them).
    static func settings(inCommand command: String) -> [String: String] {
        var settings: [String: String] = [:]
        for word in ShellWord.split(command).prefix(while: ScheduledReminder.isSetting) {
            guard let equals = word.firstIndex(of: "=") else { continue }
            settings[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        return settings
    }

    /// The variables a systemd service's `Environment=` lines set, as systemd reads them (quotes and backslashes
    /// undone, `%%` a `%`).
    static func settings(inService text: String) -> [String: String] {
        var settings: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("Environment=") {
            for (_, word) in PatternOption.words(in: String(line.dropFirst("Environment=".count))) {
                guard let equals = word.firstIndex(of: "=") else { continue }
                settings[String(word[..<equals])] = String(word[word.index(after: equals)...]).replacingText(
                    "%%", with: "%")
            }
        }
        return settings
    }
}

extension ScheduledReminder {
    /// The variables its first line sets before the program: the folders the reminder reads (`ReminderEnvironment`).
    package var settings: [String: String] {
        commands.first.map(ReminderEnvironment.settings(inCommand:)) ?? [:]
    }
}

extension SystemdReminderUnits {
    /// The variables a service file of ours sets (`Environment=`): the folders its reminder reads.
    package static func settings(inService text: String) -> [String: String] {
        ReminderEnvironment.settings(inService: text)
    }
}

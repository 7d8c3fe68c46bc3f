/// One reminder as a systemd user timer and the service it starts: `breathe-voice-remind-N.timer` and `.service`.
///
/// The timer fires at the same minutes as the reminder's crontab lines (one `OnCalendar=` per line); the service runs
/// `breathe-voice remind` by its absolute path with `XDG_RUNTIME_DIR` set, as the crontab line does.
package struct SystemdReminderUnits: Hashable, Sendable {
    package var id: Int
    package var summary: String
    /// The `OnCalendar=` expressions, one per crontab line.
    package var calendars: [String]

    init(id: Int, summary: String, calendars: [String]) {
        self.id = id
        self.summary = summary
        self.calendars = calendars
    }

    static let namePrefix = "breathe-voice-remind-"

    /// `breathe-voice-remind-3`.
    var baseName: String { Self.namePrefix + String(id) }
    package var timerName: String { baseName + ".timer" }
    package var serviceName: String { baseName + ".service" }

    /// The reminder number in a timer's file name, or nil when the name is not one of ours.
    package static func id(fromTimerName name: String) -> Int? {
        guard name.hasPrefix(namePrefix), name.hasSuffix(".timer") else { return nil }
        let digits = name.dropFirst(namePrefix.count).dropLast(".timer".count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(digits)
    }

    /// The units for `schedule`, numbered `id`.
    package init(id: Int, schedule: ReminderSchedule) {
        self.init(
            id: id, summary: schedule.summary.singleLine,
            calendars: schedule.cronTimings.map(SystemdCalendar.expression))
    }

    /// The timer file's text.
    package var timer: String {
        var lines = [
            "[Unit]",
            "Description=" + description,
            "Documentation=man:breathe-voice(1)",
            "",
            "[Timer]",
        ]
        lines += calendars.map { "OnCalendar=" + $0 }
        lines += [
            // On the minute, as cron: the default accuracy would let a reminder come up to a minute late.
            "AccuracySec=1s",
            "Unit=" + serviceName,
            "",
            "[Install]",
            "WantedBy=timers.target",
        ]
        return lines.map { $0 + "\n" }.joined()
    }

    /// The service file's text: `program remind arguments`, with the runtime folder where the sound server listens
    /// and the XDG folders `environment` sets (`ReminderEnvironment`), as the crontab line has them.
    package func service(
        program: String, remindArguments: [String], userID: UInt32, environment: [String: String] = [:]
    ) -> String {
        // systemd expands no variables in the executable's path, only specifiers: its `$` stays single.
        let command =
            ([Self.quote(program, expandsVariables: false)] + (["remind"] + remindArguments).map { Self.quote($0) })
            .joined(separator: " ")
        let head = [
            "[Unit]",
            "Description=" + description,
            "Documentation=man:breathe-voice(1)",
            "",
            "[Service]",
            "Type=oneshot",
        ]
        let lines =
            head + ReminderEnvironment(userID: userID, shell: environment).systemdLines + ["ExecStart=" + command]
        return lines.map { $0 + "\n" }.joined()
    }

    var description: String {
        Self.escapeSpecifiers("breathe-voice reminder " + String(id) + ": " + summary)
    }

    /// True when systemd takes `program` as the executable of `ExecStart=`: it refuses a path holding a quote, a
    /// backslash or a control character ("Executable name contains special characters"), and no line holds a newline.
    package static func accepts(program: String) -> Bool {
        ShellWord.fitsOnOneLine(program) && !program.contains(where: { $0 == "\"" || $0 == "'" || $0 == "\\" })
    }

    /// A word for `ExecStart=`: plain when it is safe, else in double quotes with `\`, `"` escaped; `%` is doubled so
    /// that systemd expands no specifier in it, and `$` too in an argument (`expandsVariables`), where systemd would
    /// expand variables (it expands none in the executable's path).
    static func quote(_ word: String, expandsVariables: Bool = true) -> String {
        let escaped = expandsVariables ? escapeSpecifiers(word).replacingText("$", with: "$$") : escapeSpecifiers(word)
        let plain =
            !escaped.isEmpty
            && escaped.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "-_./:=+,@%$".unicodeScalars.contains($0))
            }
        if plain { return escaped }
        return "\"" + escaped.replacingText("\\", with: "\\\\").replacingText("\"", with: "\\\"") + "\""
    }

    static func escapeSpecifiers(_ text: String) -> String {
        text.replacingText("%", with: "%%")
    }

    /// Reads the summary and calendars back from a timer file this program wrote.
    package static func parse(id: Int, timer text: String) -> SystemdReminderUnits {
        var summary = ""
        var calendars: [String] = []
        let prefix = "Description=breathe-voice reminder " + String(id) + ": "
        for line in text.split(separator: "\n") {
            if line.hasPrefix(prefix) { summary = String(line.dropFirst(prefix.count)).replacingText("%%", with: "%") }
            if line.hasPrefix("OnCalendar=") { calendars.append(String(line.dropFirst("OnCalendar=".count))) }
        }
        return SystemdReminderUnits(id: id, summary: summary, calendars: calendars)
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// `schedule add`, `list` and `remove` end to end: the built binary, a fake crontab program in
/// BREATHE_VOICE_CRONTAB that keeps the crontab in a temporary file.
@Suite struct ScheduleTests {
    @Test func addListRemoveThroughTheCrontabProgram() throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let original = "# my jobs\r\nMAILTO=\"\"\r\n*/5 * * * * /usr/bin/true"
        try Data(original.utf8).write(to: fake.store)
        // One home for every run: its XDG folders go into each reminder's line, so that it reads this home's files.
        let home = try TemporaryHome()
        func run(_ arguments: [String]) throws -> BinaryRun {
            try home.run(
                arguments, environment: ["BREATHE_VOICE_CRONTAB": fake.script.path, "LC_ALL": "C", "LANG": nil])
        }
        let settings =
            "XDG_RUNTIME_DIR=/run/user/\(getuid()) XDG_CONFIG_HOME=\(home.root.path)/config"
            + " XDG_STATE_HOME=\(home.root.path)/state XDG_CACHE_HOME=\(home.root.path)/cache"

        let list0 = try run(["schedule", "list"])
        #expect(list0.status == 0)
        #expect(list0.stdoutLines == ["No reminders are scheduled."])

        let add = try run([
            "schedule", "add", "--every", "2h", "--from", "09:00", "--to", "18:00", "--days", "mon-fri",
        ])
        #expect(add.status == 0)
        #expect(add.stderr.isEmpty)
        #expect(
            add.stdoutLines == [
                "Added reminder 1: every 2 hours from 09:00 to 18:00, Monday to Friday."
            ])
        let binary = BinaryRun.binary.resolvingSymlinksInPath().path
        #expect(
            fake.text == original + "\n" + """
                # BEGIN breathe-voice reminders, managed by "breathe-voice schedule": change them with it (a newline was added before this line)
                # breathe-voice reminder 1: --every 2h --from 09:00 --to 18:00 --days mon-fri
                0 9-17/2 * * 1-5 \(settings) \(binary) remind
                # END breathe-voice reminders

                """)

        let second = try run([
            "schedule", "add", "--at", "12:30", "--pattern", "4-7-8", "--minutes", "2", "--allow-silent",
        ])
        #expect(
            second.stdoutLines == [
                "Added reminder 2: every day at 12:30, with --pattern 4-7-8 --minutes 2 --allow-silent."
            ])
        #expect(
            fake.text?.contains(
                "30 12 * * * \(settings) \(binary) remind --pattern 4-7-8 --minutes 2 --allow-silent\n"
            ) == true)

        let words = try run(["schedule", "list"])
        #expect(
            words.stdoutLines == [
                "Reminder 1: every 2 hours from 09:00 to 18:00, Monday to Friday.",
                "Reminder 2: every day at 12:30, with --pattern 4-7-8 --minutes 2 --allow-silent.",
            ])
        // Nothing a screen reader would spell out symbol by symbol, unless cron's own syntax is asked for.
        #expect(!words.stdout.contains("*") && !words.stdout.contains("/"))
        let list = try run(["schedule", "list", "--cron"])
        #expect(
            list.stdoutLines == [
                "Reminder 1 (--every 2h --from 09:00 --to 18:00 --days mon-fri): crontab times 0 9-17/2 * * 1-5.",
                "Reminder 2 (--at 12:30 --pattern 4-7-8 --minutes 2 --allow-silent): crontab times 30 12 * * *.",
            ])

        let before = fake.text
        let dry = try run(["schedule", "remove", "1", "--dry-run"])
        #expect(dry.status == 0)
        #expect(
            dry.stdoutLines == [
                "Dry run, the crontab is not changed. It would change like this:",
                "- # breathe-voice reminder 1: --every 2h --from 09:00 --to 18:00 --days mon-fri",
                "- 0 9-17/2 * * 1-5 \(settings) \(binary) remind",
            ])
        #expect(fake.text == before)

        let remove = try run(["schedule", "remove", "1"])
        #expect(remove.stdoutLines == ["Removed reminder 1: every 2 hours from 09:00 to 18:00, Monday to Friday."])
        let all = try run(["schedule", "remove", "--all"])
        #expect(all.status == 0)
        #expect(
            all.stdoutLines == [
                "Removed reminder 2: every day at 12:30, with --pattern 4-7-8 --minutes 2 --allow-silent."
            ])
        #expect(fake.text == original)
    }

    /// `schedule add` and `list` say the times in the interface's language, day names in its own words (`--lang` is
    /// kept for the reminder, and said as one of its options, LANG here).
    @Test(arguments: [
        (
            "es", "Recordatorio 1 añadido: cada 45 minutos de 09:00 a 18:00, de lunes a viernes, con --lang LANG.",
            "Recordatorio 1: cada 45 minutos de 09:00 a 18:00, de lunes a viernes, con --lang LANG."
        ),
        (
            "es-419", "Recordatorio 1 añadido: cada 45 minutos de 09:00 a 18:00, de lunes a viernes, con --lang LANG.",
            "Recordatorio 1: cada 45 minutos de 09:00 a 18:00, de lunes a viernes, con --lang LANG."
        ),
        (
            "fr", "Rappel 1 ajouté : toutes les 45 minutes de 09:00 à 18:00, du lundi au vendredi, avec --lang LANG.",
            "Rappel 1 : toutes les 45 minutes de 09:00 à 18:00, du lundi au vendredi, avec --lang LANG."
        ),
        (
            "pt-BR",
            "Lembrete 1 adicionado: a cada 45 minutos das 09:00 às 18:00, de segunda a sexta, com --lang LANG.",
            "Lembrete 1: a cada 45 minutos das 09:00 às 18:00, de segunda a sexta, com --lang LANG."
        ),
    ])
    func theTimesAreSaidInTheUsersLanguage(language: String, added: String, listed: String) throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let add = try fake.run([
            "schedule", "add", "--every", "45m", "--from", "09:00", "--to", "18:00", "--days", "mon-fri", "--lang",
            language,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdoutLines == [added.replacingOccurrences(of: "LANG", with: language)])
        let list = try fake.run(["schedule", "list", "--lang", language])
        #expect(list.stdoutLines == [listed.replacingOccurrences(of: "LANG", with: language)])
        let cron = try fake.run(["schedule", "list", "--cron", "--lang", language])
        #expect(cron.stdoutLines.count == 1 && cron.stdout.contains("0 9-18/3 * * 1-5"), "\(cron.stdout)")
    }

    /// A reminder whose saved options were edited by hand into something else is shown with cron's times instead.
    @Test func aSummaryEditedByHandIsShownWithCronsTimes() throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        try Data(
            """
            # BEGIN breathe-voice reminders, managed by "breathe-voice schedule": change them with it
            # breathe-voice reminder 1: twice an hour, by hand
            0,30 * * * * /usr/bin/breathe-voice remind
            # END breathe-voice reminders

            """.utf8
        ).write(to: fake.store)
        let list = try fake.run(["schedule", "list"])
        #expect(list.stdoutLines == ["Reminder 1 (twice an hour, by hand): crontab times 0,30 * * * *."])
    }

    @Test func aDryRunAddChangesNothing() throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let run = try fake.run(["schedule", "add", "--every", "45m", "--dry-run"])
        #expect(run.status == 0)
        #expect(run.stdoutLines.first == "Dry run, the crontab is not changed. It would change like this:")
        #expect(run.stdoutLines.filter { $0.hasPrefix("+ ") }.count == 6) // BEGIN, the reminder, three lines, END.
        #expect(fake.text == nil)
    }

    @Test(arguments: [
        (
            ["--every", "50m"], "en",
            "breathe-voice: cron cannot repeat every 50 minutes exactly through the day: use --every 48m or --every 1h, or give --from and --to."
        ),
        (
            ["--every", "50m"], "es",
            "breathe-voice: cron no puede repetir cada 50 minutos de forma exacta durante todo el día: usa --every 48m o --every 1h, o indica --from y --to."
        ),
        (
            ["--every", "7m"], "en",
            "breathe-voice: cron cannot repeat every 7 minutes exactly through the day: use --every 6m or --every 8m, or give --from and --to."
        ),
        (
            ["--every", "2 hours"], "en",
            "breathe-voice: Interval \"2 hours\" is not a duration: write minutes or hours, such as 45m, 2h or 1h30m."
        ),
        (
            ["--at", "25:00"], "es",
            "breathe-voice: La hora «25:00» no tiene la forma HH:MM: usa una hora de 24 horas, como 09:00 o 18:30."
        ),
        (
            ["--every", "1h", "--pattern", "nope"], "en",
            "breathe-voice: Unknown pattern \"nope\": use one of 4-7-8, box, diaphragmatic, resonant, 7-11, sigh, or timings such as 4-7-8."
        ),
    ])
    func refusalsAreOneLineAndExit64(arguments: [String], language: String, expected: String) throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let run = try fake.run(["schedule", "add"] + arguments + ["--lang", language])
        #expect(run.status == 64)
        #expect(run.stderrLines == [expected])
        #expect(run.stdout.isEmpty)
        #expect(fake.text == nil)
    }

    @Test func aMissingCrontabCommandIsExit69WithThePackageToInstall() throws {
        let run = try BinaryRun.run(
            ["schedule", "list"], environment: ["BREATHE_VOICE_CRONTAB": nil, "PATH": "/nonexistent", "LC_ALL": "C"])
        #expect(run.status == 69)
        #expect(
            run.stderrLines == [
                "breathe-voice: The crontab command \"crontab\" was not found: install the cron package (Debian: sudo apt install cron)."
            ])
    }

    @Test func removingAnUnknownReminderIsExit64() throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let run = try fake.run(["schedule", "remove", "3"])
        #expect(run.status == 64)
        #expect(run.stderrLines == ["breathe-voice: There is no reminder 3: see breathe-voice schedule list."])
    }
}

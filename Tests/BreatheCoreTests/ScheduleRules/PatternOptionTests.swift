import Testing

@testable import BreatheCore

/// `--pattern` in a reminder's words: found and renamed as the shell (and systemd) reads the words, everything else
/// left byte for byte.
@Suite struct PatternOptionTests {
    @Test(arguments: [
        ("--at 14:00 --pattern calm", "calm"), ("--every 2h --pattern=calm --minutes 2", "calm"),
        ("--at 14:00 --pattern 'calmé'", "calmé"), ("--at 14:00 '--pattern=calmé'", "calmé"),
        ("--at 09:00 --pattern box --pattern calm", "calm"), ("--at 12:30 --pattern", nil),
        ("--at 12:30 --lang 'es --pattern calm'", nil), ("remind --pattern \"calm\"", "calm"),
    ])
    func theNameIsTheLastPatternOptionsWord(text: String, name: String?) {
        #expect(PatternOption.name(in: text) == name)
    }

    @Test(arguments: [
        // (text, old, new, renamed or nil)
        ("--at 14:00 --pattern calm --minutes 2", "calm", "slow", "--at 14:00 --pattern slow --minutes 2"),
        ("--every 2h --pattern=calm", "calm", "slow", "--every 2h --pattern=slow"),
        ("--at 14:00 --pattern 'calmé'", "calmé", "slow", "--at 14:00 --pattern slow"),
        ("--at 14:00 --pattern calm", "calm", "lenté", "--at 14:00 --pattern 'lenté'"),
        ("--at 14:00 --pattern calmer", "calm", "slow", nil),
        ("--at 14:00 --pattern Calm", "calm", "slow", nil),
        ("--at 14:00 --pattern box", "calm", "slow", nil),
        ("--output '/tmp/a --pattern calm' --pattern box", "calm", "slow", nil),
        ("--pattern calm  --pattern  calm", "calm", "slow", "--pattern slow  --pattern  slow"),
    ])
    func renamingChangesOnlyThePatternOptionsWord(text: String, old: String, new: String, renamed: String?) {
        #expect(PatternOption.renaming(old, to: new, in: text, quote: ShellWord.quote) == renamed)
    }

    @Test func aCrontabReminderIsRenamedInItsSummaryAndItsLines() throws {
        let other = "0 3 * * * /usr/bin/backup --pattern calm\n"
        var document = try CrontabDocument.parse(Array(other.utf8)).get()
        let program = "/opt/my 50% tools/breathe-voice"
        let schedule = try ReminderSchedule.make(
            every: nil, at: ["14:00", "18:00"], from: nil, to: nil, days: nil, session: SessionRequest(),
            remindArguments: ["--pattern", "calm", "--minutes", "2"]
        ).get()
        _ = document.add(summary: schedule.summary, lines: schedule.crontabLines(program: program, userID: 1000))
        _ = document.add(summary: "--every 1h --pattern box", lines: ["0 * * * * /bin/bv remind --pattern box"])
        let renamed = document.renamePattern("calm", to: "lenté")
        #expect(renamed.map(\.id) == [1])
        let expected = try ReminderSchedule.make(
            every: nil, at: ["14:00", "18:00"], from: nil, to: nil, days: nil, session: SessionRequest(),
            remindArguments: ["--pattern", "lenté", "--minutes", "2"]
        ).get()
        // Exactly what `schedule add --pattern lenté` would have written.
        #expect(renamed.first?.summary == expected.summary)
        #expect(renamed.first?.lines == expected.crontabLines(program: program, userID: 1000))
        let reread = try CrontabDocument.parse(document.bytes).get()
        #expect(reread.reminders.map(\.summary) == [expected.summary, "--every 1h --pattern box"])
        // The user's own job outside the block is never touched.
        #expect(String(decoding: document.bytes, as: UTF8.self).hasPrefix(other))
        #expect(document.renamePattern("gone", to: "slow").isEmpty)
    }

    @Test func systemdUnitsAreRenamedInTheirDescriptionAndExecStart() throws {
        let schedule = try ReminderSchedule.make(
            every: "1h", at: [], from: nil, to: nil, days: nil, session: SessionRequest(),
            remindArguments: ["--pattern", "calm"]
        ).get()
        let units = SystemdReminderUnits(id: 3, schedule: schedule)
        let service = units.service(
            program: "/usr/bin/breathe-voice", remindArguments: ["--pattern", "calm"], userID: 1)
        let renamed = try #require(SystemdReminderUnits.renamingPattern("calm", to: "lenté", inUnit: service))
        let expectedSchedule = try ReminderSchedule.make(
            every: "1h", at: [], from: nil, to: nil, days: nil, session: SessionRequest(),
            remindArguments: ["--pattern", "lenté"]
        ).get()
        let expected = SystemdReminderUnits(id: 3, schedule: expectedSchedule)
        #expect(
            renamed
                == expected.service(
                    program: "/usr/bin/breathe-voice", remindArguments: ["--pattern", "lenté"], userID: 1))
        #expect(SystemdReminderUnits.renamingPattern("calm", to: "lenté", inUnit: units.timer) == expected.timer)
        #expect(SystemdReminderUnits.renamingPattern("box", to: "slow", inUnit: units.timer) == nil)
    }
}

import Testing

@testable import BreatheCore

/// Crontab time fields become `OnCalendar=` expressions; the units read back what they wrote.
@Suite struct SystemdCalendarTests {
    @Test(arguments: [
        (CronTiming(minute: "0", hour: "9-17/2", dayOfWeek: "1-5"), "Mon,Tue,Wed,Thu,Fri *-*-* 09..17/2:00:00"),
        (CronTiming(minute: "30", hour: "12"), "*-*-* 12:30:00"),
        (CronTiming(minute: "*/15", hour: "*"), "*-*-* *:00/15:00"),
        (CronTiming(minute: "0,45", hour: "*/3"), "*-*-* 00/3:00,45:00"),
        (CronTiming(minute: "5", hour: "7", dayOfWeek: "0,6"), "Sat,Sun *-*-* 07:05:00"),
        (CronTiming(minute: "10", hour: "8,9,11", dayOfWeek: "0,1,5,6"), "Mon,Fri,Sat,Sun *-*-* 08,09,11:10:00"),
        (CronTiming(minute: "10-50/20", hour: "8-11", dayOfWeek: "1,3,5"), "Mon,Wed,Fri *-*-* 08..11:10..50/20:00"),
    ])
    func cronFieldsBecomeCalendarExpressions(timing: CronTiming, expected: String) {
        #expect(SystemdCalendar.expression(for: timing) == expected)
    }

    @Test func unitsNameTheirNumberAndReadBackTheirSummaryAndTimes() {
        let units = SystemdReminderUnits(
            id: 12, summary: "--every 50% --pattern a", calendars: ["*-*-* 12:30:00", "Mon *-*-* 08:00:00"])
        #expect(units.timerName == "breathe-voice-remind-12.timer")
        #expect(SystemdReminderUnits.id(fromTimerName: units.timerName) == 12)
        #expect(SystemdReminderUnits.id(fromTimerName: "breathe-voice-remind-x.timer") == nil)
        #expect(SystemdReminderUnits.id(fromTimerName: "breathe-voice-remind-3.service") == nil)
        #expect(units.timer.contains("Description=breathe-voice reminder 12: --every 50%% --pattern a\n"))
        #expect(SystemdReminderUnits.parse(id: 12, timer: units.timer) == units)
    }

    @Test func serviceQuotesWhatSystemdWouldExpand() {
        let units = SystemdReminderUnits(id: 1, summary: "s", calendars: [])
        let service = units.service(
            program: "/opt/my tools/breathe-voice", remindArguments: ["--pattern", "4-7-8", "--lang", "es"],
            userID: 1000)
        #expect(service.contains("\nExecStart=\"/opt/my tools/breathe-voice\" remind --pattern 4-7-8 --lang es\n"))
        #expect(service.contains("\nEnvironment=XDG_RUNTIME_DIR=/run/user/1000\n"))
        // systemd expands specifiers everywhere, variables only in the arguments (`$$` in the path would stay `$$`).
        let odd = units.service(program: "/x/100%$HOME", remindArguments: ["--pattern", "a$b\"c"], userID: 1)
        #expect(odd.contains("\nExecStart=/x/100%%$HOME remind --pattern \"a$$b\\\"c\"\n"), "\(odd)")
        // What systemd refuses in an executable's path ("contains special characters"), and a line's end.
        for program in ["/x/a\"b", "/x/it's", "/x/back\\slash", "/x/new\nline", "/x/tab\t"] {
            #expect(!SystemdReminderUnits.accepts(program: program), "\(program)")
        }
        #expect(SystemdReminderUnits.accepts(program: "/opt/my tools/100% $HOME/añejo"))
    }
}

import Foundation
import Testing

@testable import BreatheTestSupport

/// `patterns rename OLD NEW` (issue 50): the saved pattern, the preferences that name it and every scheduled reminder
/// that plays it (crontab lines and systemd timers) take the new name; a refusal is one line, exit 64, and changes
/// nothing; a crontab that cannot be written leaves everything as it was.
@Suite struct PatternsRenameTests {
    typealias Setup = SystemdScheduleTests.Setup

    @Test func theRemindersAndPreferencesThatPlayItFollowTheNewName() throws {
        let setup = try Setup()
        defer { setup.remove() }
        for arguments in [
            ["patterns", "add", "calm", "4-2-6"], ["patterns", "add", "brisk", "2-2"],
            ["schedule", "add", "--at", "14:00", "--pattern", "calm", "--minutes", "2"],
            ["schedule", "add", "--every", "1h", "--pattern", "calm", "--via", "systemd"],
            ["schedule", "add", "--at", "09:00", "--pattern", "brisk"],
            ["schedule", "add", "--at", "10:00"],
            ["prefs", "set", "remind.pattern", "calm"], ["prefs", "set", "defaultPattern", "calm"],
        ] {
            let run = try setup.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let briskLine = try #require(setup.crontab.text?.split(separator: "\n").first { $0.hasPrefix("0 9 ") })

        let rename = try setup.run(["patterns", "rename", "calm", "slow"])
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(rename.stderr.isEmpty)
        #expect(
            rename.stdoutLines == [
                "Renamed pattern calm to slow.",
                "Set defaultPattern to slow.",
                "Set remind.pattern to slow.",
                "Reminder 1 (--at 14:00 --pattern slow --minutes 2) now plays the pattern slow.",
                "Reminder 2 (--every 1h --pattern slow) now plays the pattern slow.",
            ])

        // The crontab says what `schedule add --pattern slow` would have said; the other reminders are as they were.
        let crontab = try #require(setup.crontab.text)
        let binary = BinaryRun.binary.resolvingSymlinksInPath().path
        #expect(crontab.contains("# breathe-voice reminder 1: --at 14:00 --pattern slow --minutes 2\n"))
        #expect(crontab.contains(" \(binary) remind --pattern slow --minutes 2\n"), "\(crontab)")
        #expect(crontab.contains(briskLine + "\n"))
        #expect(!crontab.contains("calm"), "\(crontab)")
        let service = try setup.unitText("breathe-voice-remind-2.service")
        #expect(service.contains("\nExecStart=\(binary) remind --pattern slow\n"), "\(service)")
        let timer = try setup.unitText("breathe-voice-remind-2.timer")
        #expect(timer.contains("\nDescription=breathe-voice reminder 2: --every 1h --pattern slow\n"), "\(timer)")
        #expect(setup.calls.last == "--user daemon-reload", "\(setup.calls)")
        // systemd still takes both files.
        let verify = try SystemdScheduleTests.tool([
            "systemd-analyze", "verify", "--man=no",
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-2.timer").path,
            setup.unitFolder.appendingPathComponent("breathe-voice-remind-2.service").path,
        ])
        #expect(verify.status == 0 && verify.output.isEmpty, "\(verify.output)")

        let list = try setup.run(["schedule", "list"])
        #expect(
            list.stdoutLines == [
                "Reminder 1: every day at 14:00, with --pattern slow --minutes 2.",
                "Reminder 2: every hour, with --pattern slow, by the systemd timer breathe-voice-remind-2.timer.",
                "Reminder 3: every day at 09:00, with --pattern brisk.",
                "Reminder 4: every day at 10:00.",
            ])
        let patterns = try setup.run(["patterns", "list", "--json"])
        #expect(patterns.stdout.contains(#""name": "slow""#) && !patterns.stdout.contains("calm"), "\(patterns.stdout)")
        #expect(try setup.run(["prefs", "get", "remind.pattern"]).stdout == "slow\n")
        #expect(try setup.run(["prefs", "get", "defaultPattern"]).stdout == "slow\n")
        // Every reminder's pattern is there: doctor finds none gone.
        let doctor = try setup.run(["doctor", "--json"])
        #expect(!doctor.stdout.contains("reminder-patterns"), "\(doctor.stdout)")
        // And the name that is gone is refused as any unknown one.
        let old = try setup.run(["patterns", "rename", "calm", "other"])
        #expect(old.status == 64)
        #expect(old.stderrLines == [#"breathe-voice: There is no saved pattern "calm"."#])

        // A change of case alone is a rename too, said in the user's language.
        let spanish = try setup.run(["patterns", "rename", "slow", "Slow", "--lang", "es"])
        #expect(spanish.status == 0, "\(spanish.stderr)")
        #expect(spanish.stdoutLines.first == "Patrón slow renombrado como Slow.")
        #expect(
            spanish.stdoutLines.contains(
                "El recordatorio 1 (--at 14:00 --pattern Slow --minutes 2) usa ahora el patrón Slow."))
    }

    static let refusals: [(arguments: [String], language: String, expected: String)] = [
        (["nope", "slow"], "en", #"There is no saved pattern "nope"."#),
        (
            ["box", "mybox"], "en",
            #"Pattern "box" is built in and cannot be renamed: to have it under a name of your own, run "breathe-voice patterns add mybox 4-4-4-4"."#
        ),
        (["calm", "calm"], "en", #"Pattern "calm" already has that name."#),
        (
            ["calm", "4-7-8"], "en",
            #"Pattern name "4-7-8" is not allowed: use 1 to 32 letters, digits, - or _, starting with a letter."#
        ),
        (["calm", "sigh"], "en", #"Pattern name "sigh" is taken by a built-in pattern: choose another name."#),
        (
            ["calm", "brisk"], "en",
            #"Pattern name "brisk" is taken by another saved pattern: choose another name, or remove that one first with "breathe-voice patterns remove brisk"."#
        ),
        (
            ["calm", "Brisk"], "en",
            #"Pattern name "Brisk" is taken by the saved pattern "brisk": names that differ only in case sound the same. Choose another name."#
        ),
        (["nope", "slow"], "es", "No hay ningún patrón guardado «nope»."),
        (["calm", "calm"], "fr", "La cadence «\u{A0}calm\u{A0}» porte déjà ce nom."),
        (
            ["calm", "brisk"], "pt-BR",
            "O nome de ritmo “brisk” já é usado por outro ritmo salvo: escolha outro nome, ou remova antes esse com “breathe-voice patterns remove brisk”."
        ),
        (
            ["box", "mybox"], "es",
            "El patrón «box» es un patrón incluido y no se puede renombrar: para tenerlo con un nombre tuyo, ejecuta «breathe-voice patterns add mybox 4-4-4-4»."
        ),
    ]

    @Test(arguments: refusals)
    func aRefusalIsOneLineExit64AndChangesNothing(arguments: [String], language: String, expected: String) throws {
        let setup = try Setup()
        defer { setup.remove() }
        #expect(try setup.run(["patterns", "add", "calm", "4-2-6"]).status == 0)
        #expect(try setup.run(["patterns", "add", "brisk", "2-2"]).status == 0)
        #expect(try setup.run(["schedule", "add", "--at", "14:00", "--pattern", "calm"]).status == 0)
        let preferences = try Data(contentsOf: setup.home.preferencesFile)
        let crontab = setup.crontab.contents
        let refused = try setup.run(["patterns", "rename"] + arguments + ["--lang", language])
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderrLines == ["breathe-voice: " + expected])
        #expect(try Data(contentsOf: setup.home.preferencesFile) == preferences)
        #expect(setup.crontab.contents == crontab)
    }

    /// The crontab refuses the new one: the unit files already rewritten are put back, the preferences never change,
    /// and the command says why with the crontab's own words (exit 74).
    @Test func aCrontabThatCannotBeWrittenLeavesEverythingAsItWas() throws {
        let setup = try Setup()
        defer { setup.remove() }
        #expect(try setup.run(["patterns", "add", "calm", "4-2-6"]).status == 0)
        #expect(try setup.run(["schedule", "add", "--at", "14:00", "--pattern", "calm"]).status == 0)
        #expect(
            try setup.run(["schedule", "add", "--every", "1h", "--pattern", "calm", "--via", "systemd"]).status == 0)
        let preferences = try Data(contentsOf: setup.home.preferencesFile)
        let crontab = setup.crontab.contents
        let service = try setup.unitText("breathe-voice-remind-2.service")
        let timer = try setup.unitText("breathe-voice-remind-2.timer")
        try setup.crontab.refuse(with: "crontab: installing new crontab: disk full\n")

        let failed = try setup.run(["patterns", "rename", "calm", "slow"])
        #expect(failed.status == 74)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderrLines.count == 1)
        #expect(failed.stderrLines.first?.contains("disk full") == true, "\(failed.stderr)")
        #expect(try Data(contentsOf: setup.home.preferencesFile) == preferences)
        #expect(setup.crontab.contents == crontab)
        #expect(try setup.unitText("breathe-voice-remind-2.service") == service)
        #expect(try setup.unitText("breathe-voice-remind-2.timer") == timer)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: setup.unitFolder.path)
        #expect(leftovers.sorted() == ["breathe-voice-remind-2.service", "breathe-voice-remind-2.timer"])
    }

    /// Without a systemd user manager the units are renamed all the same, and the user is told what to run.
    @Test func withoutAUserManagerItSaysToReload() throws {
        let setup = try Setup(managerAnswers: false)
        defer { setup.remove() }
        #expect(try setup.run(["patterns", "add", "calm", "4-2-6"]).status == 0)
        #expect(
            try setup.run(["schedule", "add", "--at", "14:00", "--pattern", "calm", "--via", "systemd"]).status == 0)
        let rename = try setup.run(["patterns", "rename", "calm", "slow"])
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(
            rename.stderrLines == [
                "No systemd user manager answered: run systemctl --user daemon-reload, so that the timers play slow."
            ])
        #expect(try setup.unitText("breathe-voice-remind-1.service").contains(" remind --pattern slow\n"))
    }
}

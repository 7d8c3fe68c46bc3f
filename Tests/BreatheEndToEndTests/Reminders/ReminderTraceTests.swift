import Foundation
import Testing

@testable import BreatheTestSupport

/// A reminder that could not play leaves a trace (issue 49): a `failed` record, with why, that `history`, `history
/// export`, `stats` and `doctor` read, while its exit status and its one line on standard error stay as they were; and a
/// saved pattern a scheduled reminder plays cannot vanish without a word.
@Suite struct ReminderTraceTests {
    /// A crontab of the test's own, in this home.
    static func environment(_ fake: FakeCrontab) -> [String: String?] {
        ["BREATHE_VOICE_CRONTAB": fake.script.path, "LC_ALL": "C", "LANG": nil]
    }

    @Test func aReminderWithNoSoundServerIsRecordedAsFailedAndReadEverywhere() throws {
        let home = try TemporaryHome()
        let none = ["PULSE_SERVER": "unix:" + home.root.path + "/none"]
        let remind = try home.run(["remind", "--pattern", "1-1", "--cycles", "1", "--lang", "en"], environment: none)
        // As before: exit 69 and one line.
        #expect(remind.status == 69)
        #expect(remind.stdout.isEmpty)
        #expect(remind.stderrLines.count == 1)
        #expect(remind.stderrLines.first?.hasPrefix("breathe-voice: No sound server answered (") == true)

        let history = try home.run(["history", "--lang", "en"])
        #expect(history.status == 0 && history.stderr.isEmpty, "\(history.stderr)")
        #expect(history.stdoutLines.count == 1)
        #expect(history.stdoutLines.first?.hasSuffix(": reminder failed: no sound server answered.") == true)
        let expected = [
            "es": ": recordatorio fallido: no respondió ningún servidor de sonido.",
            "fr": "\u{A0}: rappel en échec\u{A0}: aucun serveur de son n'a répondu.",
            "pt-BR": ": lembrete com falha: nenhum servidor de som respondeu.",
        ]
        for (language, suffix) in expected {
            let localized = try home.run(["history", "--lang", language])
            #expect(localized.stdoutLines.first?.hasSuffix(suffix) == true, "\(language): \(localized.stdout)")
        }

        let csv = try home.run(["history", "export", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.count == 2)
        #expect(rows.first?.hasSuffix(",status,mood_before,mood_after,language,source,reason") == true)
        #expect(rows.last?.hasSuffix(",1-1,,1,0,2,0,failed,,,en,cron,sound") == true, "\(csv.stdout)")
        let json = try home.run(["history", "export", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""status": "failed""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""reason": "sound""#), "\(json.stdout)")
        let lines = try home.run(["history", "--json"])
        #expect(lines.stdout.contains(#""status":"failed""#) && lines.stdout.contains(#""reason":"sound""#))

        // Never breathed, so never counted.
        let stats = try home.run(["stats", "--lang", "en"])
        #expect(
            stats.stdoutLines == [
                "No session breathed yet: the one in the history ended before its first breath, or was a skipped or failed reminder."
            ])
        let statsJSON = try home.run(["stats", "--json"])
        #expect(statsJSON.stdout.contains(#""sessions": 0"#), "\(statsJSON.stdout)")

        // doctor says when and why, as a note: what would make the next one fail is each other check's to say.
        let doctor = try home.run(
            ["doctor", "--lang", "en"], environment: none.merging(["BREATHE_VOICE_CRONTAB": "/bin/true"]) { $1 })
        let notes = doctor.stdoutLines.filter { $0.hasPrefix("note: ") }
        #expect(notes.count == 1, "\(doctor.stdout)")
        #expect(notes.first?.hasPrefix("note: the last reminder, ") == true)
        #expect(notes.first?.hasSuffix(", failed: no sound server answered") == true, "\(doctor.stdout)")
        let spanish = try home.run(
            ["doctor", "--lang", "es"], environment: none.merging(["BREATHE_VOICE_CRONTAB": "/bin/true"]) { $1 })
        #expect(
            spanish.stdoutLines.contains {
                $0.hasPrefix("nota: el último recordatorio, ")
                    && $0.hasSuffix(", falló: no respondió ningún servidor de sonido")
            },
            "\(spanish.stdout)")
        let report = try home.run(
            ["doctor", "--json"], environment: none.merging(["BREATHE_VOICE_CRONTAB": "/bin/true"]) { $1 })
        #expect(report.stdout.contains(#""check": "last-reminder""#) && report.stdout.contains(#""status": "note""#))

        // A reminder that plays afterwards (in silence, as allowed) is the last one: no note.
        let silent = try home.run(
            ["remind", "--allow-silent", "--pattern", "1-1", "--cycles", "1", "--lang", "en"], environment: none)
        #expect(silent.status == 0, "\(silent.stderr)")
        let after = try home.run(
            ["doctor", "--lang", "en"], environment: none.merging(["BREATHE_VOICE_CRONTAB": "/bin/true"]) { $1 })
        #expect(!after.stdout.contains("note: "), "\(after.stdout)")
    }

    /// Preferences a reminder cannot use stop it with exit 78, as before, and leave a trace; so does a pattern that is
    /// not there (exit 64).
    @Test func unusablePreferencesAndAMissingPatternAreRecordedAsFailed() throws {
        let home = try TemporaryHome()
        try FileManager.default.createDirectory(
            at: home.preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: home.preferencesFile)
        let broken = try home.run(["remind", "--lang", "en", "--pattern", "calm"])
        #expect(broken.status == 78)
        #expect(broken.stderrLines.count == 1, "\(broken.stderr)")
        try FileManager.default.removeItem(at: home.preferencesFile)
        let missing = try home.run(["remind", "--lang", "en", "--pattern", "calm"])
        #expect(missing.status == 64)
        #expect(missing.stderrLines.first?.hasPrefix(#"breathe-voice: Unknown pattern "calm""#) == true)
        #expect(missing.stderrLines.count == 1)
        let history = try home.run(["history", "--lang", "en"])
        #expect(history.stdoutLines.count == 2, "\(history.stdout)")
        #expect(history.stdoutLines.first?.hasSuffix(": reminder failed: the preferences could not be used.") == true)
        #expect(history.stdoutLines.last?.hasSuffix(": reminder failed: its saved pattern no longer exists.") == true)
        let csv = try home.run(["history", "export", "--format", "csv"]).stdout.split(separator: "\r\n")
        #expect(csv.count == 3)
        #expect(csv[1].hasSuffix(",failed,,,en,cron,preferences") && csv[1].contains(",calm,,"), "\(csv)")
        #expect(csv[2].hasSuffix(",failed,,,en,cron,pattern") && csv[2].contains(",calm,,"), "\(csv)")
    }

    /// `patterns remove` refuses a pattern a scheduled reminder plays (exit 64, naming the reminder), unless --force,
    /// which removes it and warns; then `doctor` calls that reminder a problem, and the reminder fails with a trace.
    @Test func aPatternAScheduledReminderPlaysCannotVanishSilently() throws {
        let home = try TemporaryHome()
        let fake = try FakeCrontab()
        defer { fake.remove() }
        let cron = Self.environment(fake)
        #expect(try home.run(["patterns", "add", "calm", "4-2-6"], environment: cron).status == 0)
        let add = try home.run(["schedule", "add", "--at", "14:00", "--pattern", "calm"], environment: cron)
        #expect(add.status == 0, "\(add.stderr)")
        // Another saved pattern, which no reminder plays, goes without a word.
        #expect(try home.run(["patterns", "add", "slow", "5-5"], environment: cron).status == 0)
        let free = try home.run(["patterns", "remove", "slow", "--lang", "en"], environment: cron)
        #expect(free.status == 0 && free.stderr.isEmpty, "\(free.stderr)")

        let refused = try home.run(["patterns", "remove", "calm", "--lang", "en"], environment: cron)
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderrLines == [
                #"breathe-voice: Pattern "calm" is played by reminder 1 (--at 14:00 --pattern calm): remove that reminder first with "breathe-voice schedule remove 1", or add --force."#
            ])
        let spanish = try home.run(["patterns", "remove", "calm", "--lang", "es"], environment: cron)
        #expect(spanish.status == 64)
        #expect(
            spanish.stderrLines.first?.hasPrefix("breathe-voice: El patrón «calm» lo usa el recordatorio 1 (") == true)
        let doctorBefore = try home.run(["doctor", "--lang", "en"], environment: cron)
        #expect(!doctorBefore.stdout.contains("no longer saved"), "\(doctorBefore.stdout)")

        let forced = try home.run(["patterns", "remove", "calm", "--force", "--lang", "en"], environment: cron)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdoutLines == ["Removed pattern calm."])
        #expect(
            forced.stderrLines == [
                "Warning: reminder 1 (--at 14:00 --pattern calm) plays the pattern calm, which is now removed: it will fail until you schedule it again with another pattern."
            ])
        #expect(try home.run(["patterns", "list"], environment: cron).stdout.contains("calm") == false)

        let doctor = try home.run(["doctor", "--lang", "en"], environment: cron)
        #expect(doctor.status == 1)
        #expect(
            doctor.stdoutLines.contains(
                "problem: reminder 1 plays the pattern calm, which is no longer saved: it fails every time — fix: save the pattern calm again with breathe-voice patterns add, or remove reminder 1 with breathe-voice schedule remove 1 and add it again with another pattern"
            ), "\(doctor.stdout)")
        let french = try home.run(["doctor", "--lang", "fr"], environment: cron)
        #expect(
            french.stdoutLines.contains {
                $0.hasPrefix("problème\u{A0}: le rappel 1 joue la cadence calm, qui n'est plus enregistrée")
            }, "\(french.stdout)")
    }
}

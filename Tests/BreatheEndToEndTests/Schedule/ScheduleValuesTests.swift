import Foundation
import Testing

@testable import BreatheTestSupport

/// Every value `schedule add` writes into the crontab line is checked by the code `remind` checks it with, after the
/// preferences are loaded: what remind would refuse is refused now, in the same words, and what remind takes (a saved
/// pattern) is taken.
@Suite struct ScheduleValuesTests {
    @Test(arguments: [
        ["--lang", "es;id"],
        ["--lang", "es_x;id"],
        ["--lang", "es.;id"],
        ["--lang", ""],
        ["--pattern", "nope"],
        ["--pattern", "4-7-8;id"],
        ["--pattern", "0-0"],
        ["--pattern", "calm"],
        ["--minutes", "0"],
        ["--minutes", "2;id"],
        ["--minutes", "1441"],
        ["--minutes", "abc"],
    ])
    func aValueRemindWouldRefuseIsRefusedTheSameWay(option: [String]) throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let environment: [String: String?] = ["BREATHE_VOICE_CRONTAB": fake.script.path, "LC_ALL": "C", "LANG": nil]
        let remind = try home.run(["remind"] + option, environment: environment)
        let add = try home.run(["schedule", "add", "--every", "1h"] + option, environment: environment)
        #expect(remind.status == 64)
        #expect(add.status == remind.status)
        #expect(add.stderrLines.count == 1)
        #expect(add.stderrLines == remind.stderrLines)
        #expect(add.stdout.isEmpty)
        #expect(fake.text == nil)
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func aSavedPatternCanBeScheduled(language: String) throws {
        let fake = try FakeCrontab()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let home = try TemporaryHome()
        defer { try? FileManager.default.removeItem(at: home.root) }
        let environment: [String: String?] = [
            "BREATHE_VOICE_CRONTAB": fake.script.path, "LC_ALL": language, "LANG": nil,
        ]
        let save = try home.run(["patterns", "add", "calm", "4-4"], environment: environment)
        #expect(save.status == 0)
        let add = try home.run(["schedule", "add", "--at", "12:00", "--pattern", "calm"], environment: environment)
        #expect(add.status == 0)
        #expect(add.stderr.isEmpty)
        #expect(fake.text?.contains(" remind --pattern calm\n") == true)
    }
}

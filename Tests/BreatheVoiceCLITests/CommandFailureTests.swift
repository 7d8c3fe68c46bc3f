import Testing

@testable import BreatheCore
@testable import BreatheVoiceKit

/// The one mapping from a `BreatheError` to a command's line and exit code, and the preferences every command that
/// runs with them loads the same way.
@Suite struct CommandFailureTests {
    @Test func catchingPassesTheValueThrough() throws {
        #expect(try CommandFailure.catching(Localizer(language: "en")) { () throws(BreatheError) in 42 } == 42)
    }

    @Test(arguments: LocaleFiles.wholeLanguages)
    func catchingReportsTheErrorInTheLanguageGiven(language: String) {
        let localizer = Localizer(language: language)
        do {
            try CommandFailure.catching(localizer) { () throws(BreatheError) in throw .busy(Message(.errorSessionBusy))
            }
            Issue.record("nothing thrown")
        } catch {
            #expect(error.code == ExitStatus.busy)
            #expect(
                error.line == localizer.string(Message(.errorPrefix, ["message": .message(Message(.errorSessionBusy))]))
            )
            #expect(error.line?.contains(localizer.string(Message(.errorSessionBusy))) == true)
        }
    }

    @Test func exitIsQuietForSuccess() throws {
        try CommandFailure.exit(ExitStatus.success)
    }

    @Test(arguments: [ExitStatus.interrupted, ExitStatus.terminated])
    func exitEndsTheCommandWithTheStatusAndNoLine(status: Int32) {
        do {
            try CommandFailure.exit(status)
            Issue.record("nothing thrown")
        } catch {
            #expect(error.code == status)
            #expect(error.line == nil)
        }
    }

    @Test func commandsThatWriteTheFileTakeTheLock() {
        #expect(BreatheVoice.Prefs.Set.updatesPreferences)
        #expect(BreatheVoice.Prefs.Unset.updatesPreferences)
        #expect(BreatheVoice.Patterns.Add.updatesPreferences)
        #expect(BreatheVoice.Patterns.Remove.updatesPreferences)
        #expect(!BreatheVoice.Prefs.Show.updatesPreferences)
        #expect(!BreatheVoice.History.List.updatesPreferences)
        #expect(!BreatheVoice.Start.updatesPreferences)
    }

    @Test func sessionOptionsOverrideTheirPreferences() throws {
        #expect(try BreatheVoice.Start.parse(["--terse"]).preferenceFlags[.terse] == "on")
        #expect(try BreatheVoice.Start.parse([]).preferenceFlags[.terse] == nil)
        #expect(try BreatheVoice.Remind.parse(["--terse"]).preferenceFlags[.terse] == "on")
        #expect(
            try BreatheVoice.Schedule.Add.parse(["--every", "2h", "--via", "systemd"]).preferenceFlags == [
                .scheduleVia: "systemd"
            ])
    }
}

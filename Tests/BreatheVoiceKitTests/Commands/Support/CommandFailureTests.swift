import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheTestSupport
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
            try BreatheVoice.Start.parse(["--count", "--terse", "--speech", "off", "--tones", "on"]).preferenceFlags
                == [
                    .count: "on", .terse: "on", .speech: "off", .tones: "on",
                ])
        #expect(try BreatheVoice.Start.parse(["--terse", "--terse"]).preferenceFlags == [.terse: "on"])
        #expect(try BreatheVoice.Start.parse(["--screen-reader"]).preferenceFlags == [.screenReader: "on"])
        #expect(throws: (any Error).self) { try BreatheVoice.Start.parse(["--terse=on"]) }
        #expect(throws: (any Error).self) { try BreatheVoice.Start.parse(["--count", "on"]) }
        #expect(
            try BreatheVoice.Schedule.Add.parse(["--every", "2h", "--via", "systemd"]).preferenceFlags == [
                .scheduleVia: "systemd"
            ])
    }

    /// Every row that declares a switch (`.onOff(_, switch:)`: `count` and `terse` today) gives `start` and `remind`
    /// that switch, which turns its own preference on and no other.
    @Test func everySwitchRowIsASwitchOfStartAndRemind() throws {
        let keys = PreferenceKey.allCases.filter { $0.declaration.isSwitch }
        #expect(keys == [.count, .terse])
        #expect(PreferenceSwitch.allCases.map(\.key) == keys)
        for key in keys {
            let option = try #require(key.declaration.option)
            #expect(try BreatheVoice.Start.parse([option]).preferenceFlags == [key: "on"])
            #expect(try BreatheVoice.Remind.parse([option]).preferenceFlags == [key: "on"])
            // A switch turns its preference on: off must be its default, else the switch could say nothing.
            #expect(PreferenceRules.defaultValue(key) == .onOff(false))
        }
    }
}

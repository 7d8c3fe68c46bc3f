import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// What a command asks for, as the frontend reads it: the sound beside the screen reader, the display a reminder prefers,
/// and a display that cannot be had.
@Suite struct SessionFrontendRequestsTests {
    static func preferences(_ flags: [PreferenceKey: String] = [:]) throws -> Preferences {
        try Preferences.resolve(
            flags: flags, environment: [:], document: PreferencesDocument(), rules: PreferenceRules(languages: ["en"]),
            localeLanguage: "en"
        ).get()
    }

    /// Reading the screen reader, the program's own voice is silent; speaking it, the phrases go through
    /// speech-dispatcher, which may be missing. A typed `--speech-via` wins over both.
    @Test func theScreenReaderWayShapesTheSoundUnlessSpeechViaWasTyped() throws {
        let preferences = try Self.preferences()
        let asked = SessionFrontend.AudioRequest(output: nil, requiresAudio: true, explicitSpeechSettings: [.rate])
        let plain = asked.choices(preferences)
        #expect(plain.speech && plain.speechVia == .espeak && !plain.dispatcherOptional)
        #expect(plain.requireAudio && plain.explicitSpeechSettings == [.rate])
        let reading = asked.choices(preferences, screenReader: .read)
        #expect(!reading.speech && reading.tones)
        let speaking = asked.choices(preferences, screenReader: .speak)
        #expect(speaking.speech && speaking.speechVia == .speechd && speaking.dispatcherOptional)
        let typed = try Self.preferences([.speechVia: "espeak"])
        var chosen = asked
        chosen.choosesSpeechVia = true
        #expect(chosen.choices(typed, screenReader: .read).speech)
        let own = chosen.choices(typed, screenReader: .speak)
        #expect(own.speechVia == .espeak && !own.dispatcherOptional)
    }

    /// Cron mails what a job prints: quiet unless a display was asked for.
    @Test func aReminderIsQuietUnlessADisplayWasAskedFor() {
        let session = SessionRequest()
        #expect(SessionFrontend.ReminderRequest(session: session).preferredDisplay == "quiet")
        let plain = SessionFrontend.ReminderRequest(session: session, display: .init(plain: true))
        #expect(plain.preferredDisplay == "plain")
        let visual = SessionFrontend.ReminderRequest(session: session, display: .init(display: .visual))
        #expect(visual.preferredDisplay == "plain")
    }

    /// A display that cannot be had is a usage error (exit 64) in the user's words, not a crash.
    @Test func aDisplayThatCannotBeHadIsAUsageError() throws {
        let asked = SessionFrontend.DisplayRequest(display: .plain, events: "json")
        let preferences = try Self.preferences()
        do throws(BreatheError) {
            _ = try asked.resolve(preferred: "auto", preferences: preferences, environment: ["TERM": "xterm"])
            Issue.record("resolved")
        } catch {
            #expect(error.exitCode == ExitStatus.usage)
            #expect(error.message == Message(.errorEventsDisplay, ["mode": .text("plain")]))
        }
        let quiet = try SessionFrontend.DisplayRequest().resolve(
            preferred: "quiet", preferences: preferences, environment: [:])
        #expect(quiet.display == .quiet)
    }

    /// The mood is asked at the end only when `--mood-after` was not given and the display talks to the user.
    @Test func theMoodIsNotAskedWhenGivenOrQuiet() {
        let given = SessionFrontend.StartRequest(session: SessionRequest(), moodAfter: 4)
        #expect(!given.waitsForMood(display: .plain))
        #expect(!SessionFrontend.StartRequest(session: SessionRequest()).waitsForMood(display: .quiet))
    }
}

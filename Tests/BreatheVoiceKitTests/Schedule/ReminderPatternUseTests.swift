import Testing

@testable import BreatheCommandLine
@testable import BreatheCore
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// The pattern each scheduled reminder plays, read from its summary; which are gone; which play a given one.
@Suite struct ReminderPatternUseTests {
    static let saved = [
        BreathingPattern(name: "calm", phases: [Phase(.inhale, seconds: 4), Phase(.exhale, seconds: 6)])
    ]

    @Test(arguments: [
        ("--at 14:00 --pattern calm", "calm"), ("--every 2h --pattern=calm --minutes 2", "calm"),
        ("--every 45m --pattern 4-7-8 --minutes 2", "4-7-8"), ("--at 12:30 --days sat,sun", nil),
        ("--at 12:30 --pattern", nil), ("--at 09:00 --pattern box --pattern calm", "calm"),
    ])
    func thePatternIsTheOneItsOptionsName(summary: String, name: String?) {
        #expect(ReminderPatternUse.patternName(inSummary: summary) == name)
        #expect(ReminderPatternUse.pattern(ofSummary: summary, remindPattern: "box") == name ?? "box")
    }

    @Test func onlyAPatternNoOneHasIsMissing() {
        for name in ["calm", "box", "4-7-8", "5.5-5.5"] {
            #expect(!ReminderPatternUse.isMissing(name, saved: Self.saved))
        }
        #expect(ReminderPatternUse.isMissing("gone", saved: Self.saved))
        #expect(ReminderPatternUse.isMissing("calm", saved: []))
        // Bad timings are another problem, not a pattern gone.
        #expect(!ReminderPatternUse.isMissing("4-x", saved: []))
    }

    @Test func theRemindersPlayingAPatternAreFoundByItsExactName() {
        let reminders = [
            (id: 1, summary: "--at 14:00 --pattern calm"), (id: 2, summary: "--every 2h"),
            (id: 3, summary: "--at 09:00 --pattern Calm"), (id: 4, summary: "--at 10:00 --pattern calm --minutes 1"),
        ]
        #expect(
            ReminderPatternUse.reminders(playing: "calm", among: reminders, remindPattern: "box").map(\.id) == [1, 4])
        #expect(
            ReminderPatternUse.reminders(playing: "calm", among: reminders, remindPattern: "calm").map(\.id) == [
                1, 2, 4,
            ])
    }
}

import Testing

@testable import BreatheVoiceCLI

/// The guess, from the words alone, that a run will play through the sound server.
struct EarlyConnectionTests {
    @Test(arguments: [
        [], ["start"], ["--pattern", "box"], ["start", "--minutes", "2", "--lang", "es"], ["--screen-reader"],
        ["start", "--", "--no-audio"],
    ])
    func aLiveSessionConnectsEarly(arguments: [String]) {
        #expect(EarlyConnection.isWanted(arguments: arguments))
    }

    @Test(arguments: [
        ["--no-audio"], ["start", "--no-audio"], ["--output", "x.wav"], ["start", "--output=x.wav"], ["--help"],
        ["-h"], ["--version"], ["--generate-completion-script", "bash"], ["demo"], ["remind"], ["patterns"],
        ["stats"], ["history"], ["prefs", "show"], ["schedule", "list"], ["doctor"], ["voices"], ["help", "start"],
    ])
    func anythingElseDoesNot(arguments: [String]) {
        #expect(!EarlyConnection.isWanted(arguments: arguments))
    }
}

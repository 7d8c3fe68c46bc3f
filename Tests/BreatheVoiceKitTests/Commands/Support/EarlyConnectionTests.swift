import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

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

    /// The guess is checked against the command definitions: the options it reads as "no live session" are options
    /// of `start` (a rename would silently break the guess otherwise), and every command but `start` is refused.
    @Test func theGuessFollowsTheCommandDefinitions() {
        let page = BreatheVoice.Start.helpMessage(columns: 1000)
        let builtIn: Set = ["--help", "-h", "--version", "--generate-completion-script", "--experimental-dump-help"]
        for option in EarlyConnection.refusingOptions.subtracting(builtIn) {
            #expect(page.contains(option + " ") || page.contains(option + "\n"), "start has no \(option)")
        }
        for command in BreatheVoice.configuration.subcommands {
            let name = command._commandName
            #expect(EarlyConnection.isWanted(arguments: [name]) == (command == BreatheVoice.Start.self), "\(name)")
        }
        #expect(BreatheVoice.configuration.defaultSubcommand == BreatheVoice.Start.self)
    }
}

import Foundation
import Testing

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

    // MARK: Before the parse, only with the user's cookie whole

    /// The file libpulse reads first, whole (256 bytes), lets the handshake start before the parse; a missing, short or
    /// non-regular one does not (libpulse would write it).
    @Test func theCookieIsWholeOnlyWhereLibpulseReadsIt() throws {
        let home = try TemporaryHome()
        let config = home.root.appendingPathComponent("config/pulse")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        var environment = home.environment.compactMapValues { $0 }
        let cookie = config.appendingPathComponent("cookie")
        #expect(!EarlyConnection.cookieIsWhole(environment: environment), "no cookie yet")
        try Data(count: 100).write(to: cookie)
        #expect(!EarlyConnection.cookieIsWhole(environment: environment), "a short cookie is written again")
        try Data(count: 256).write(to: cookie)
        #expect(EarlyConnection.cookieIsWhole(environment: environment))
        // The old place in the home serves as well.
        try FileManager.default.removeItem(at: cookie)
        try FileManager.default.createDirectory(at: cookie, withIntermediateDirectories: true)
        #expect(!EarlyConnection.cookieIsWhole(environment: environment), "a folder is no cookie")
        try Data(count: 256).write(to: home.root.appendingPathComponent(".pulse-cookie"))
        #expect(EarlyConnection.cookieIsWhole(environment: environment))
        // PULSE_COOKIE names the only file read.
        let named = home.root.appendingPathComponent("named-cookie")
        environment["PULSE_COOKIE"] = named.path
        #expect(!EarlyConnection.cookieIsWhole(environment: environment), "PULSE_COOKIE's file is missing")
        try Data(count: 256).write(to: named)
        #expect(EarlyConnection.cookieIsWhole(environment: environment))
    }
}

import ArgumentParser
import Testing

@testable import BreatheCommandLine
@testable import BreatheSystem
@testable import BreatheVoiceKit

/// Every command names itself: argument-parser otherwise derives the name from the type with `String(describing:)`
/// at every start, a cost paid by `--version` and every other run.
@Suite struct CommandNameTests {
    static func all(_ command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { all($0) }
    }

    @Test func everyCommandHasAnExplicitName() {
        let commands = Self.all(BreatheVoice.self)
        #expect(commands.count > 20)
        for command in commands {
            #expect(command.configuration.commandName != nil, "\(command) has no commandName")
        }
    }
}

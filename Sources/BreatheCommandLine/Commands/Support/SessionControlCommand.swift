import ArgumentParser
import BreatheCore
import BreatheSystem

/// `breathe-voice pause|resume|skip|repeat|stop`: a command that only names what it asks of the running session;
/// `SessionRemote` reaches it through the session bus. Its name is the action's, its help `help.<name>.abstract`.
protocol SessionControlCommand: PreferencesCommand {
    static var action: SessionRemote.Action { get }
}

extension SessionControlCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: action.commandName, abstract: HelpText.english("help." + action.commandName + ".abstract"))
    }

    func run(_ loaded: LoadedPreferences) throws {
        try loaded.catching { () throws(BreatheError) in
            try SessionRemote.send(Self.action, environment: ProcessEnvironment.current)
        }
    }
}

extension SessionRemote.Action {
    /// The command that asks for it.
    var commandName: String {
        switch self {
        case .pause: "pause"
        case .resume: "resume"
        case .skip: "skip"
        case .repeatInstruction: "repeat"
        case .stop: "stop"
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.History {
    /// `breathe-voice history clear --yes`: deletes every recorded session.
    struct Clear: PreferencesCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "clear", abstract: HelpText.english("help.history.clear.abstract"))
        }
        @OptionGroup var language: LanguageOption
        @Flag(help: .english("help.option.yes")) var yes = false

        func run(_ loaded: LoadedPreferences) throws {
            guard yes else { throw CommandFailure(.usage(Message(.errorClearNeedsYes)), localizer: loaded.localizer) }
            let store = HistoryStore()
            try loaded.catching { () throws(BreatheError) in try store.clear() }
            var output = FileDescriptorSink.standardOutput
            output.say(Message(.historyCleared, ["file": .text(store.path)]), loaded.localizer)
        }
    }
}

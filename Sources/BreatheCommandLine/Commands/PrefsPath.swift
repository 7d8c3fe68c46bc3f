import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs path`: the preferences file's path.
    struct Path: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "path", abstract: HelpText.english("help.prefs.path.abstract"))
        }

        func run() throws {
            var output = FileDescriptorSink.standardOutput
            output.write(PlainText.line(PreferencesStore().path))
        }
    }
}

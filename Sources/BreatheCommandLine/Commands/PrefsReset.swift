import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Prefs {
    /// `breathe-voice prefs reset`: moves the file aside so every default applies.
    struct Reset: PreferencesFileCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "reset",
                abstract:
                    HelpText.english("help.prefs.reset.abstract")
            )
        }
        @OptionGroup var language: LanguageOption

        func run(_ store: PreferencesStore, _ localizer: Localizer) throws(BreatheError) {
            var output = FileDescriptorSink.standardOutput
            if let backup = try store.reset() {
                output.say(Message(.prefsReset, ["file": .text(store.path), "backup": .text(backup)]), localizer)
            } else {
                output.say(Message(.prefsResetNothing), localizer)
            }
        }
    }
}

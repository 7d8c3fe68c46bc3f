import ArgumentParser
import BreatheCore
import BreatheVoiceKit

extension BreatheVoice.Prefs {
    /// `prefs edit`: edit a copy in $VISUAL or $EDITOR; the copy replaces the file only if it is valid.
    struct Edit: PreferencesFileCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit the preferences in $VISUAL or $EDITOR; the change is kept only if the file is valid."
        )
        @OptionGroup var language: LanguageOption

        func run(_ store: PreferencesStore, _ localizer: Localizer) throws(BreatheError) {
            var output = FileDescriptorSink.standardOutput
            let original = try store.read()
            let starting = original ?? Array(PreferencesDocument().encoded().utf8)
            let copy = store.path + ".edit"
            try FileSystem.writeAtomically(copy, starting)
            defer { FileSystem.remove(copy) }
            do {
                // The editor must not inherit our ignored SIGPIPE and SIGXFSZ (ignored signals survive exec).
                signal(SIGPIPE, SIG_DFL)
                signal(SIGXFSZ, SIG_DFL)
                defer {
                    signal(SIGPIPE, SIG_IGN)
                    signal(SIGXFSZ, SIG_IGN)
                }
                try Editor().edit(copy)
            }
            let edited = try FileSystem.readFile(copy) ?? []
            if edited == starting {
                output.say(Message(.prefsEditUnchanged, ["file": .text(store.path)]), localizer)
                return
            }
            switch store.check(edited) {
            case .failure(let error):
                throw BreatheError.badPreferences(Message(.prefsEditInvalid, ["problem": .message(error.message)]))
            case .success:
                try FileSystem.writeAtomically(store.path, edited)
                output.say(Message(.prefsEditSaved, ["file": .text(store.path)]), localizer)
            }
        }
    }
}

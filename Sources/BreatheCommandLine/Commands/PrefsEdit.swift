import ArgumentParser
import BreatheCore
import BreatheSystem

extension BreatheVoice.Prefs {
    /// `prefs edit`: edit a copy in $VISUAL or $EDITOR; the copy replaces the file only if it is valid.
    struct Edit: PreferencesFileCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "edit",
                abstract: HelpText.english("help.prefs.edit.abstract")
            )
        }
        @OptionGroup var language: LanguageOption

        func run(_ store: PreferencesStore, _ localizer: Localizer) throws(BreatheError) {
            var output = FileDescriptorSink.standardOutput
            let original = try store.read()
            let starting = original ?? Array(PreferencesDocument().encoded().utf8)
            let copy = store.path + ".edit"
            try FileSystem.writeAtomically(copy, starting)
            // Removed at the end unless it holds an edit that could not be saved.
            var keepsCopy = false
            // A signal that ends the command meanwhile removes it too.
            let registration = TemporaryFiles.register(copy)
            defer {
                TemporaryFiles.unregister(registration)
                if !keepsCopy { FileSystem.remove(copy) }
            }
            try Editor().edit(copy)
            let names: [String: MessageArgument] = ["copy": .text(copy), "file": .text(store.path)]
            // The copy must still be a regular file of a sane size: never read through a link, a FIFO or a device.
            let edited: [UInt8]
            switch SafeFile.read(copy) {
            case .success(let bytes?): edited = bytes
            case .success(nil): throw .badPreferences(Message(.prefsEditCopyGone, names))
            case .failure(let problem):
                if case .tooLarge = problem {
                    // A regular file: the user's edit, kept for them.
                    keepsCopy = true
                    throw .badPreferences(
                        Message(.prefsEditCopyKept, names.merging(["reason": .message(problem.reason)]) { $1 }))
                }
                throw .badPreferences(
                    Message(.prefsEditCopyUnusable, names.merging(["reason": .message(problem.reason)]) { $1 }))
            }
            // The file itself may have gone (an editor that writes by rename, a stray command) or been replaced, by a
            // link even, while the editor ran: then the edit is written as a new regular file, even when unchanged, so
            // that the preferences are never lost.
            let current = SafeFile.read(store.path)
            let originalIntact: Bool
            switch current {
            case .success(let bytes): originalIntact = bytes == original
            case .failure: originalIntact = false
            }
            if edited == starting && originalIntact {
                output.say(Message(.prefsEditUnchanged, ["file": .text(store.path)]), localizer)
                return
            }
            // What the copy newly saves is checked by the rules `prefs set` and `patterns add` follow.
            let checked = store.check(edited, edit: true).flatMap { checked in
                Result { () throws(BreatheError) in
                    try SavedValues.checkNew(checked.document, since: try? store.check(starting).get().document)
                    return checked
                }
            }
            switch checked {
            case .failure(let error):
                // What was typed is kept beside the file, where the next edit's copy does not overwrite it; the saved
                // file is fine, so nothing suggests moving it aside.
                let rejected = store.path + ".rejected"
                try FileSystem.writeAtomically(rejected, edited)
                throw .badPreferences(
                    Message(
                        .prefsEditRejected,
                        ["file": .text(store.path), "copy": .text(rejected), "problem": .message(error.message)]))
            case .success:
                try FileSystem.writeAtomically(store.path, edited)
                output.say(Message(.prefsEditSaved, ["file": .text(store.path)]), localizer)
            }
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem

/// A command that works on the preferences file itself, even a broken one (`prefs edit`, `prefs reset`): its errors
/// come in the language of `--lang` or the environment, and it runs holding the preferences lock, so a change another
/// command makes meanwhile (while the editor is open, say) waits instead of being lost.
protocol PreferencesFileCommand: ParsableCommand {
    var language: LanguageOption { get }

    func run(_ store: PreferencesStore, _ localizer: Localizer) throws(BreatheError)
}

extension PreferencesFileCommand {
    func run() throws {
        let store = PreferencesStore()
        let localizer = store.errorLocalizer(flagLanguage: language.language, environment: ProcessEnvironment.current)
        try CommandFailure.catching(localizer) { () throws(BreatheError) in
            try store.holdingLock { () throws(BreatheError) in try run(store, localizer) }
        }
    }
}

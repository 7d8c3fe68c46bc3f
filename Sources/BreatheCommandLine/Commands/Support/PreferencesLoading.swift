import ArgumentParser
import BreatheCore
import BreatheSystem

/// The preferences a command runs with, resolved once: the values, the file's contents and the language to speak.
struct LoadedPreferences {
    var preferences: Preferences
    var document: PreferencesDocument
    var localizer: Localizer
    var store: PreferencesStore
    /// Held from before the file is read until `save` has written the file back (see `save`), when the command will
    /// write it: a read-modify-write under one lock, so that a concurrent change is never lost.
    let lock: FileLock?

    /// Loads the file and resolves it against `flags` and the environment; a bad file is exit 78, a bad option 64.
    /// With `forUpdate`, the preferences lock is taken first and kept, so that a concurrent change is never lost.
    static func load(language: LanguageOption, flags: [PreferenceKey: String] = [:], forUpdate: Bool = false) throws
        -> LoadedPreferences
    {
        let store = PreferencesStore()
        var lock: FileLock?
        if forUpdate {
            let localizer = store.errorLocalizer(
                flagLanguage: language.language, environment: ProcessEnvironment.current)
            lock = try CommandFailure.catching(localizer) { () throws(BreatheError) in try store.lockForChange() }
        }
        var flags = flags
        flags[.language] = language.language
        var standardError = FileDescriptorSink.standardError
        switch store.resolve(flags: flags, environment: ProcessEnvironment.current, warnings: &standardError) {
        case .failure(let failure): throw CommandFailure(failure.error, localizer: failure.localizer)
        case .success(let loaded):
            // Only a command's own load tells (the help's and the language's reads of the file say nothing).
            ShadowedPatternNotice.tellOnce(
                saved: loaded.preferences.customPatterns, stateDirectory: XDGDirectories().stateDirectory,
                localizer: loaded.localizer, to: &standardError)
            return LoadedPreferences(
                preferences: loaded.preferences, document: loaded.document, localizer: loaded.localizer, store: store,
                lock: lock)
        }
    }
}

extension LoadedPreferences {
    /// Writes `document` back while the lock taken by `load(forUpdate: true)` is still held. Nothing else reads the
    /// lock after `load`, so without this an optimized build could free it (and unlock) before the write.
    func save(_ document: PreferencesDocument) throws(BreatheError) {
        try withExtendedLifetime(lock) { () throws(BreatheError) in
            try store.save(document)
        }
    }

    /// Runs `body`, reporting a `BreatheError` it throws in the preferences' language.
    func catching<Result>(_ body: () throws(BreatheError) -> Result) throws(CommandFailure) -> Result {
        try CommandFailure.catching(localizer, body)
    }
}

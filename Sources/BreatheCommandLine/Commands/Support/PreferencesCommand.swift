import ArgumentParser
import BreatheCore

/// A command that runs with the user's preferences: they are loaded here, once, for every such command (a bad file is
/// exit 78, a bad option 64), and the command's `run(_:)` gets them with the language to speak.
protocol PreferencesCommand: ParsableCommand {
    var language: LanguageOption { get }
    /// Options that override preferences, by preference key.
    var preferenceFlags: [PreferenceKey: String] { get }
    /// The command writes the file back: the preferences lock is taken before the file is read, and kept.
    static var updatesPreferences: Bool { get }

    func run(_ loaded: LoadedPreferences) throws
}

extension PreferencesCommand {
    var preferenceFlags: [PreferenceKey: String] { [:] }
    static var updatesPreferences: Bool { false }

    func run() throws {
        try run(LoadedPreferences.load(language: language, flags: preferenceFlags, forUpdate: Self.updatesPreferences))
    }
}

import BreatheCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The preferences file: read and checked, written atomically, moved aside on `prefs reset`.
///
/// A file that cannot be used is never rewritten: every command that reads it fails with exit 78 and one line naming
/// the file, the line and the column, and the way out.
package struct PreferencesStore: Sendable {
    package let path: String
    package let rules: PreferenceRules

    package init(
        directories: XDGDirectories = XDGDirectories(),
        rules: PreferenceRules = PreferenceRules(languages: LocaleCatalog.codes)
    ) {
        path = directories.preferencesFile
        self.rules = rules
    }

    package init(path: String, rules: PreferenceRules = PreferenceRules(languages: LocaleCatalog.codes)) {
        self.path = path
        self.rules = rules
    }

    /// The file's contents and its warnings (unknown keys); an empty document when there is no file.
    package func load() throws(BreatheError) -> (document: PreferencesDocument, warnings: [Message]) {
        guard let bytes = try read() else { return (PreferencesDocument(), []) }
        switch check(bytes) {
        case .failure(let error): throw error
        case .success(let result): return result
        }
    }

    /// The file's bytes, or nil when there is none. A folder that is not the user's own, a symbolic link, a folder or
    /// a FIFO or device in its place, an unreadable file and one over 1 MiB are all a bad preferences file (78).
    package func read() throws(BreatheError) -> [UInt8]? {
        try SecureDirectory.check(FileSystem.parent(of: path))
        switch SafeFile.read(path) {
        case .success(let bytes): return bytes
        case .failure(.system(ENOTDIR)): return nil
        case .failure(let problem):
            throw .badPreferences(
                Message(.errorPrefsFileUnusable, ["file": .text(path), "reason": .message(problem.reason)]))
        }
    }

    /// Up to this many unknown keys get a warning each; more get one summary.
    static let unknownKeysNamed = 5

    /// Checks bytes as a preferences file (used by `prefs edit` before it accepts an edit). An `edit`'s problem is
    /// told by its line and column alone (`prefs.editProblem`): the file is fine, and nothing is to be fixed in it.
    package func check(_ bytes: [UInt8], edit: Bool = false) -> Result<
        (document: PreferencesDocument, warnings: [Message]), BreatheError
    > {
        switch PreferencesDocument.decode(bytes, rules: rules) {
        case .failure(let problem) where edit:
            return .failure(
                .badPreferences(
                    Message(
                        .prefsEditProblem,
                        [
                            "line": .integer(problem.line), "column": .integer(problem.column),
                            "problem": .message(problem.message),
                        ])))
        case .failure(let problem):
            return .failure(
                .badPreferences(
                    Message(
                        problem.isNewerVersion ? .errorPrefsFileNewerFix : .errorPrefsFile,
                        [
                            "file": .text(path), "line": .integer(problem.line), "column": .integer(problem.column),
                            "problem": .message(problem.message),
                        ])))
        case .success(let (document, unknown)):
            // A few unknown keys are named one by one; many (a file from elsewhere) give one line in all.
            if unknown.count > PreferencesStore.unknownKeysNamed, let first = unknown.first {
                return .success(
                    (
                        document,
                        [
                            Message(
                                .warningUnknownKeys,
                                [
                                    "file": .text(path), "count": .integer(unknown.count), "key": .userValue(first.key),
                                    "line": .integer(first.line), "column": .integer(first.column),
                                ])
                        ]
                    ))
            }
            // A mistyped key gets the name it was probably meant to be, as a mistyped command does.
            let names = PreferenceKey.allCases.map(\.rawValue)
            let warnings = unknown.map { unknown in
                var arguments: [String: MessageArgument] = [
                    "file": .text(path), "line": .integer(unknown.line), "column": .integer(unknown.column),
                    "key": .userValue(unknown.key),
                ]
                guard let near = NearestName.suggestion(for: unknown.key, among: names) else {
                    return Message(.warningUnknownKey, arguments)
                }
                arguments["suggestion"] = .text(near)
                return Message(.warningUnknownKeySuggestion, arguments)
            }
            return .success((document, warnings))
        }
    }

    /// The preferences lock (`FileLock.preferences`), held as long as the value lives: taken before the file is read
    /// and kept until a change is written back, so that a concurrent change waits rather than being lost.
    package func lockForChange() throws(BreatheError) -> FileLock {
        try FileLock.preferences(path)
    }

    /// Runs `body` holding the preferences lock (`lockForChange`).
    package func holdingLock<Result>(_ body: () throws(BreatheError) -> Result) throws(BreatheError) -> Result {
        let lock = try lockForChange()
        return try withExtendedLifetime(lock) { () throws(BreatheError) in try body() }
    }

    /// Writes the document atomically.
    package func save(_ document: PreferencesDocument) throws(BreatheError) {
        try FileSystem.writeAtomically(path, Array(document.encoded().utf8))
    }

    /// Moves the file aside as `preferences.json.bak-<UTC timestamp>`; returns the backup's path, or nil when there
    /// was no file.
    package func reset(clock: WallClock = .live) throws(BreatheError) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let stamp = WallClock.utcStamp(epochSeconds: clock.epochSeconds())
        var backup = path + ".bak-" + stamp
        var attempt = 1
        while FileSystem.exists(backup) {
            attempt += 1
            backup = path + ".bak-" + stamp + "-" + String(attempt)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            // A folder cannot be hard-linked: it is renamed (the name was just checked to be free).
            guard rename(path, backup) == 0 else { throw FileSystem.cannotCreate(backup) }
        } else {
            // link(2) then unlink(2): a backup never overwrites an existing file, and the original vanishes only once
            // the backup exists. A symbolic link is moved itself, never followed.
            guard link(path, backup) == 0 else { throw FileSystem.cannotCreate(backup) }
            guard unlink(path) == 0 else { throw FileSystem.writeError(path) }
        }
        FileSystem.syncDirectory(FileSystem.parent(of: path))
        return backup
    }

    /// Loads the file and resolves every preference against the options and the environment.
    ///
    /// Unknown keys are written to `warnings`. Errors come with the localizer to word them in: the language the
    /// option, `BREATHE_VOICE_LANG` or the locale ask for, since the file could not be trusted to say.
    package func resolve<Sink: TextSink>(
        flags: [PreferenceKey: String], environment: [String: String], warnings: inout Sink
    ) -> Result<(preferences: Preferences, document: PreferencesDocument, localizer: Localizer), ResolveFailure> {
        let fallback = errorLocalizer(flagLanguage: flags[.language], environment: environment)
        let loaded: (document: PreferencesDocument, warnings: [Message])
        do {
            loaded = try load()
        } catch {
            return .failure(ResolveFailure(error: error, localizer: fallback))
        }
        switch Preferences.resolve(
            flags: flags, environment: environment, document: loaded.document, rules: rules,
            localeLanguage: LanguageChoice.fromEnvironment(environment)
        ) {
        case .failure(let refusal):
            let error: BreatheError =
                refusal.fromEnvironment ? .badPreferences(refusal.message) : .usage(refusal.message)
            return .failure(ResolveFailure(error: error, localizer: fallback))
        case .success(let preferences):
            let localizer = Localizer(language: preferences.language)
            for warning in loaded.warnings { warnings.write(PlainText.line(localizer.string(warning))) }
            return .success((preferences, loaded.document, localizer))
        }
    }

    /// The language to report a preferences problem in.
    package func errorLocalizer(flagLanguage: String?, environment: [String: String]) -> Localizer {
        for candidate in [flagLanguage, environment["BREATHE_VOICE_LANG"]] {
            if let candidate,
                case .success(let code) = LanguageChoice.resolve(flag: candidate, environment: environment)
            {
                return Localizer(language: code)
            }
        }
        return Localizer(language: LanguageChoice.fromEnvironment(environment))
    }
}

/// A failure to load or resolve preferences, with the localizer to word it in.
package struct ResolveFailure: Error {
    package var error: BreatheError
    package var localizer: Localizer
}

import BreatheCore

/// The language of the help and of a refused command line, found before (or without) a successful parse.
///
/// The same order as a session's: `--lang` on the command line, then `BREATHE_VOICE_LANG`, the `language`
/// preference, and `LC_ALL`, `LC_MESSAGES`, `LANG`. An unknown `--lang` falls through to the rest.
enum InterfaceLanguage {
    static func localizer(arguments: [String], environment: [String: String] = ProcessEnvironment.current) -> Localizer
    {
        var flag = langFlag(arguments)
        if let value = flag, case .failure = LanguageChoice.resolve(flag: value, environment: environment) {
            flag = nil
        }
        var flags: [PreferenceKey: String] = [:]
        flags[.language] = flag
        var ignored = DiscardingSink()
        switch PreferencesStore().resolve(flags: flags, environment: environment, warnings: &ignored) {
        case .success(let loaded): return loaded.localizer
        case .failure(let failure): return failure.localizer
        }
    }

    /// The last `--lang CODE` or `--lang=CODE` before a `--`.
    static func langFlag(_ arguments: [String]) -> String? {
        var value: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--lang", index + 1 < arguments.endIndex {
                value = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--lang=") {
                value = String(argument.dropFirst("--lang=".count))
            }
            index += 1
        }
        return value
    }

    /// Warnings about the preferences file are the command's to give, not the help's.
    private struct DiscardingSink: TextSink {
        mutating func write(_ text: String) {}
    }
}

import BreatheCore
import BreatheSystem

/// The language every command speaks, in one order: `--lang`, then `BREATHE_VOICE_LANG`, the `language` preference,
/// and `LC_ALL`, `LC_MESSAGES`, `LANG` (`Preferences.resolve` puts them in that order; `LanguageChoice` reads a code or
/// a locale name); English when none names a built-in language. A session, `voices`, `doctor`, `demo`, `schedule`, the
/// help and a refused command line all ask here (or load the preferences, which is the same).
enum InterfaceLanguage {
    /// The language of the help and of a refused command line, found before (or without) a successful parse. An
    /// unknown `--lang` falls through to the rest.
    static func localizer(arguments: [String], environment: [String: String] = ProcessEnvironment.current) -> Localizer
    {
        localizer(flag: langFlag(arguments), environment: environment)
    }

    /// The language for a `--lang` value (nil: none given; an unknown one falls through to the rest of the order).
    static func localizer(flag: String?, environment: [String: String]) -> Localizer {
        var flag = flag
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

    /// The words with the `--lang` options that come before a command's name moved after it, so that
    /// `breathe-voice --lang es history list` is `history list --lang es`: every command takes `--lang`, but the
    /// command line's parser looks for a command's name only as the first word, and would otherwise give everything to
    /// the default command (`start`), refusing `history list` as two extra words. Anything else is left as it is:
    /// `--lang es --pattern box` (no command named), `--lang` with nothing after it. Given more than once, wherever
    /// each stands, the last `--lang` wins.
    static func commandFirst(_ arguments: [String], commands: () -> Set<String>) -> [String] {
        var leading: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            if arguments[index] == "--lang", index + 1 < arguments.endIndex {
                leading += arguments[index...index + 1]
                index += 2
            } else if arguments[index].hasPrefix("--lang=") {
                leading.append(arguments[index])
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.endIndex, commands().contains(arguments[index]) else {
            return arguments
        }
        var rest = Array(arguments[index...])
        // Right after the command's names, before its first option (and before a `--`, after which every word is a
        // value), so that a `--lang` typed after the command still comes later and wins, as the last one given does
        // anywhere: `bv history --lang fr` with `bv='breathe-voice --lang es'` speaks French.
        rest.insert(contentsOf: leading, at: rest.firstIndex { $0.hasPrefix("-") } ?? rest.endIndex)
        return rest
    }

    /// The words without any `--lang CODE` or `--lang=CODE`: what a help request says besides its language.
    static func withoutLangFlag(_ arguments: [String]) -> [String] {
        var rest: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            if arguments[index] == "--lang" {
                index += 2
                continue
            }
            if !arguments[index].hasPrefix("--lang=") { rest.append(arguments[index]) }
            index += 1
        }
        return rest
    }

    /// Warnings about the preferences file are the command's to give, not the help's.
    private struct DiscardingSink: TextSink {
        mutating func write(_ text: String) {}
    }
}

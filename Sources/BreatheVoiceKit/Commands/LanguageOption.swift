import ArgumentParser
import BreatheCore

/// `--lang`, shared by every command that prints sentences.
struct LanguageOption: ParsableArguments {
    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            HelpText.filled(
                "Session language: {languages}. Default: from LC_ALL, LC_MESSAGES or LANG, else English."),
            valueName: "code"
        ))
    var language: String?

    /// The chosen language, from the flag or the environment.
    func resolve(environment: [String: String] = ProcessEnvironment.current) throws -> Localizer {
        switch LanguageChoice.resolve(flag: language, environment: environment) {
        case .success(let code): return Localizer(language: code)
        case .failure(let error):
            // An unknown --lang is reported in the language the environment asks for.
            let localizer = Localizer(language: LanguageChoice.fromEnvironment(environment))
            throw ValidationError(localizer.string(error.message))
        }
    }
}

import ArgumentParser
import BreatheCore
import BreatheSystem

/// `--lang`, shared by every command that prints sentences.
struct LanguageOption: ParsableArguments {
    @Option(name: .preference(.language), help: .preference(.language))
    var language: String?

    /// The language to speak, in the one order every command follows (`InterfaceLanguage`): this flag, then
    /// `BREATHE_VOICE_LANG`, the `language` preference, and `LC_ALL`, `LC_MESSAGES`, `LANG`. An unknown code given to
    /// the flag is a usage error, in the language the rest of that order gives.
    func resolve(environment: [String: String] = ProcessEnvironment.current) throws -> Localizer {
        if let language, case .failure(let error) = LanguageChoice.resolve(flag: language, environment: environment) {
            let localizer = InterfaceLanguage.localizer(flag: nil, environment: environment)
            throw ValidationError(localizer.string(error.message))
        }
        return InterfaceLanguage.localizer(flag: language, environment: environment)
    }
}

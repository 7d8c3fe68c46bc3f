import BreatheCore

/// Picks the session language: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX order), else English.
enum LanguageChoice {
    /// The chosen language code, or an error for a `--lang` value that is not built in.
    static func resolve(flag: String?, environment: [String: String]) -> Result<String, InputError> {
        if let flag {
            let code = normalize(flag)
            guard let code, LocaleCatalog.codes.contains(code) else {
                return .failure(
                    InputError(
                        Message(
                            .errorLanguageUnknown,
                            [
                                "value": .userValue(flag), "codes": .text(LocaleCatalog.codes.joined(separator: ", ")),
                            ])))
            }
            return .success(code)
        }
        return .success(fromEnvironment(environment))
    }

    /// The language the environment asks for, as POSIX orders the variables; English when none is built in.
    static func fromEnvironment(_ environment: [String: String]) -> String {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            // The first non-empty variable decides, as in setlocale(3); "C" and "POSIX" mean English.
            if let code = normalize(value), LocaleCatalog.codes.contains(code) { return code }
            return LocaleCatalog.fallbackCode
        }
        return LocaleCatalog.fallbackCode
    }

    /// The built-in language for a locale name or code: "es_ES.UTF-8" → "es", "EN" → "en", "es-419" → "es-419", and
    /// "es_MX.UTF-8" → "es-419", the variant whose `_regions` serve Mexico; nil when no built-in language fits.
    static func normalize(_ value: String) -> String? {
        let name = value.lowercased().prefix { $0 != "." && $0 != "@" }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first, !language.isEmpty, language.allSatisfy(\.isLetter) else { return nil }
        if parts.count > 1 {
            let region = parts[1]
            if LocaleCatalog.codes.contains(language + "-" + region) { return language + "-" + region }
            // Only the variants named after the language (es-419 for es) are parsed to read their regions.
            let variant = LocaleCatalog.codes.first { code in
                guard code.hasPrefix(language + "-"), let catalog = LocaleCatalog.named(code) else { return false }
                return catalog.parent == language && catalog.serves(region: region)
            }
            if let variant { return variant }
        }
        return language
    }
}

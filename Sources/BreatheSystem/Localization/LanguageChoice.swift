import BreatheCore

/// Picks the session language: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (POSIX order), else English.
package enum LanguageChoice {
    /// The chosen language code, or an error for a `--lang` value that is not built in.
    package static func resolve(flag: String?, environment: [String: String]) -> Result<String, InputError> {
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

    /// The built-in language for a locale name or code, in any case: "es_ES.UTF-8" → "es", "EN" → "en", "es-419" →
    /// "es-419", "pt_BR.UTF-8" → "pt-BR"; "es_MX.UTF-8" → "es-419", the variant whose `_regions` serve Mexico; and a
    /// language built in only with its region ("pt", "pt_PT") → that one ("pt-BR"). Nil when no built-in language fits.
    static func normalize(_ value: String) -> String? {
        let name = value.lowercased().prefix { $0 != "." && $0 != "@" }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first, !language.isEmpty, language.allSatisfy(\.isLetter) else { return nil }
        let codes = LocaleCatalog.codes
        func code(_ lowercased: String) -> String? { codes.first { $0.lowercased() == lowercased } }
        if parts.count > 1 {
            let region = parts[1]
            if let exact = code(language + "-" + region) { return exact }
            // Only the variants named after the language (es-419 for es) are parsed to read their regions.
            let variant = codes.first { code in
                guard code.lowercased().hasPrefix(language + "-"), let catalog = LocaleCatalog.named(code) else {
                    return false
                }
                return catalog.parent == language && catalog.serves(region: region)
            }
            if let variant { return variant }
        }
        if let whole = code(language) { return whole }
        // A language built in only with a region, such as pt-BR: it serves every speaker of the language.
        return codes.first { $0.lowercased().hasPrefix(language + "-") && LocaleCatalog.named($0)?.parent == nil }
            ?? language
    }
}

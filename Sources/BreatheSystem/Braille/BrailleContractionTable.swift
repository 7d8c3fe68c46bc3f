import BreatheCore

/// Which liblouis table contracts braille as BRLTTY's literary braille table says (BrlAPI's
/// `BRLAPI_PARAM_LITERARY_BRAILLE_TABLE`).
///
/// BRLTTY names either a liblouis table of its own choosing (`louis:fr-bfu-g2.ctb`, liblouis's name after the prefix)
/// or one of its own contraction tables (`/etc/brltty/Contraction/NAME.ctb`). Most of those share liblouis's name
/// (`en-us-g2`, `en-ueb-g2`, `de-g2`); the others are named here by the liblouis table for the same braille
/// (`es`, BRLTTY's Spanish grade 2, is liblouis's `es-g2.ctb`). A name liblouis does not know leaves computer braille.
/// Pure: whether liblouis has a table is the caller's to ask.
enum BrailleContractionTable {
    /// BRLTTY's own tables whose liblouis table has another name.
    static let renamed: [String: String] = [
        "en": "en-ueb-g2.ctb", "en_US": "en-us-g2.ctb", "es": "es-g2.ctb", "pt": "pt-pt-g2.ctb",
        "fr-g1": "fr-bfu-comp6.utb", "fr-g2": "fr-bfu-g2.ctb", "de": "de-g2.ctb",
    ]

    /// The liblouis tables to try for BRLTTY's table `name`, in order (the first liblouis can compile is the one).
    static func louisTables(brlttyTable name: String) -> [String] {
        let prefix = "louis:"
        if name.hasPrefix(prefix) {
            let table = String(name.dropFirst(prefix.count))
            return table.isEmpty ? [] : [table]
        }
        // A path is a file of the user's (liblouis reads a table of its own format, and refuses BRLTTY's); a list is
        // never what BRLTTY names.
        guard !name.isEmpty, !name.contains(",") else { return [] }
        if name.contains("/") { return [name] }
        let base = name.hasSuffix(".ctb") ? String(name.dropLast(4)) : name
        return [renamed[base], base + ".ctb", base + ".utb"].compactMap { $0 }
    }
}

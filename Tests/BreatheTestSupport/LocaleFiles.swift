import Foundation

/// The locale files of the source tree, as a newcomer adds them: the tests that must cover every language (man pages,
/// interface, sessions) take their list from here, so a new `Locales/xx.json` is tested without touching a test.
enum LocaleFiles {
    /// Every language code, sorted: the file names of `Locales/*.json`.
    static let codes: [String] = {
        let folder = BinaryRun.packageRoot.appendingPathComponent("Locales")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The whole languages: those that are not a regional variant of another (es-419 is Spanish's).
    static var wholeLanguages: [String] { codes.filter { metadata($0)["_parent"] == nil } }

    /// Every member of a locale file whose value is a string, by key (its `_` metadata included).
    static func metadata(_ code: String) -> [String: String] {
        let file = BinaryRun.packageRoot.appendingPathComponent("Locales/\(code).json")
        guard let data = try? Data(contentsOf: file),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return [:] }
        return object.compactMapValues { $0 as? String }
    }
}

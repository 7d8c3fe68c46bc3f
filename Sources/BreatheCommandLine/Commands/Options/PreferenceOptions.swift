import ArgumentParser
import BreatheCore

/// The options with a value that `start` and `remind` take from the preferences' rows alone (`option:` in
/// `PreferenceKey.declaration`): each named, described and completed by its row (its kind's words), and read and
/// checked with the other preferences (`Preferences.resolve`), so a new one needs no line here.
///
/// argument-parser finds a group's options by reflecting an empty instance; this group shows it one `Option` per row
/// (`customMirror`) and reads each back by the same name (`init(from:)`).
struct PreferenceOptions: ParsableArguments, CustomReflectable {
    /// The values given, as typed, by preference.
    private(set) var preferenceFlags: [PreferenceKey: String] = [:]

    /// The preferences whose option comes from their row, in the table's order (as `--help` lists them).
    static var keys: [PreferenceKey] { PreferenceKey.allCases.filter { $0.declaration.optionFromRow } }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Name.self)
        for key in Self.keys {
            let option = try container.decode(Option<String?>.self, forKey: Name(key))
            preferenceFlags[key] = option.wrappedValue
        }
    }

    var customMirror: Mirror {
        Mirror(
            self,
            children: Self.keys.map { key in
                let row = key.declaration
                let option = Option<String?>(
                    name: .preference(key), help: .preference(key),
                    completion: row.completionWords.isEmpty ? nil : .list(row.completionWords))
                return (label: Name(key).stringValue, value: option as Any)
            })
    }

    /// An option's key: its name without dashes.
    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ key: PreferenceKey) { stringValue = key.declaration.longName }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

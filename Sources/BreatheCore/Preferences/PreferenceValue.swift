/// One checked preference value.
package enum PreferenceValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
    /// on (true) or off (false).
    case onOff(Bool)
    /// Minutes in hundredths, as `--minutes` reads them.
    case minutes(hundredths: Int)
    case quietHours(QuietHours)
    /// A text for each language code: a preference kept per language (the voices, `voice.es`).
    case byLanguage([String: String])
    case patterns([BreathingPattern])

    /// The value as `prefs get` prints it and `prefs set` reads it back.
    package var displayText: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .onOff(let flag): flag ? "on" : "off"
        case .minutes(let hundredths): Self.hundredthsText(hundredths)
        case .quietHours(let hours): hours.text
        case .byLanguage(let voices): voices.keys.sorted().map { "\($0)=\(voices[$0]!)" }.joined(separator: ", ")
        case .patterns(let patterns): patterns.map { "\($0.name ?? "")=\($0.timingsText)" }.joined(separator: ", ")
        }
    }

    /// The value in the preferences file.
    package var json: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .integer(let value): .number(String(value))
        case .onOff(let flag): .bool(flag)
        case .minutes(let hundredths): .number(Self.hundredthsText(hundredths))
        case .quietHours(let hours): .object(["start": .string(hours.start.text), "end": .string(hours.end.text)])
        case .byLanguage(let voices):
            .object(voices.keys.sorted().map { (key: $0, node: JSONNode(.string(voices[$0]!))) })
        case .patterns(let patterns):
            .object(patterns.map { (key: $0.name ?? "", node: JSONNode(.string($0.timingsText))) })
        }
    }

    /// The value in `prefs show --json`: numbers as numbers, switches as true/false, the rest as in the file.
    package static func hundredthsText(_ hundredths: Int) -> String {
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    var flag: Bool? { if case .onOff(let value) = self { value } else { nil } }
    package var text: String? { if case .text(let value) = self { value } else { nil } }
}

/// Where a resolved preference came from, for `prefs show --origin`.
package enum PreferenceOrigin: Hashable, Sendable {
    /// A command-line option, such as `--rate`.
    case flag(String)
    /// An environment variable, such as `BREATHE_VOICE_RATE`.
    case environment(String)
    /// The preferences file.
    case file
    /// The built-in default.
    case builtIn

    /// A short word for `--origin` and `--json`.
    package var name: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .file: "file"
        case .builtIn: "default"
        }
    }
}

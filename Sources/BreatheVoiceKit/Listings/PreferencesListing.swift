import BreatheCore
import BreatheSystem

/// `prefs show` and `prefs get`: one line per preference, optionally with where its value came from, or JSON.
package struct PreferencesListing {
    let localizer: Localizer

    package init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// The value as `prefs get` prints it; one not set, as `prefs show` says it.
    package func value(_ key: PreferenceKey, in preferences: Preferences) -> String {
        preferences.values[key]?.displayText ?? unset(key)
    }

    /// What `prefs get` and `prefs show` say of a preference not set: "not set", or the language's own voice.
    package func unset(_ key: PreferenceKey) -> String {
        key.declaration.shown(nil, words: localizer.string, decimals: localizer.decimals)
    }

    func origin(_ origin: PreferenceOrigin) -> String {
        switch origin {
        case .flag(let flag): localizer.string(Message(.originFlag, ["flag": .text(flag)]))
        case .environment(let variable): localizer.string(Message(.originEnvironment, ["variable": .text(variable)]))
        case .file: localizer.string(Message(.originFile))
        case .builtIn: localizer.string(Message(.originDefault))
        }
    }

    /// A preference's name as `prefs show` prints it: the key, after its name in the user's language when that differs
    /// ("velocidad de la voz (rate)"), so the key to type stays in sight.
    func label(_ key: PreferenceKey) -> String {
        let label = localizer.text(forKey: key.labelKey) ?? key.rawValue
        return label == key.rawValue ? label : "\(label) (\(key.rawValue))"
    }

    /// Where a preference's name lives in each locale file (`PreferenceKey.labelKey`).
    static func labelKey(_ key: PreferenceKey) -> String { key.labelKey }

    /// A value as `prefs show` prints it, as its kind describes it (`PreferenceDeclaration.shown`).
    func shownValue(_ key: PreferenceKey, in preferences: Preferences) -> String {
        key.declaration.shown(preferences.values[key], words: localizer.string, decimals: localizer.decimals)
    }

    package func text(_ preferences: Preferences, origins: Bool) -> String {
        PreferenceKey.allCases.map { key in
            let row = { (label: String, value: String, from: PreferenceOrigin) in
                let arguments: [String: MessageArgument] = [
                    "key": .text(label), "value": .text(value), "origin": .text(origin(from)),
                ]
                return PlainText.line(localizer.string(Message(origins ? .prefsRowOrigin : .prefsRow, arguments)))
            }
            // A preference kept per language: the language's own, then what the file keeps for the others
            // (`voice.es: es-419`), under the names `prefs get` and `prefs set` take.
            let others = (preferences.otherLanguages[key] ?? [:]).sorted { $0.key < $1.key }.map {
                row("\(key.rawValue).\($0.key)", $0.value, .file)
            }
            return ([row(label(key), shownValue(key, in: preferences), preferences.origins[key] ?? .builtIn)] + others)
                .joined()
        }.joined()
    }

    /// `{"version": 1, "rate": {"value": 175, "origin": "default"}, …}` with `origins`, else the values alone.
    package func json(_ preferences: Preferences, origins: Bool) -> String {
        var members: [(key: String, node: JSONNode)] = []
        for key in PreferenceKey.allCases {
            let value = preferences.values[key]?.json ?? .null
            guard origins else {
                members.append((key.rawValue, JSONNode(value)))
                continue
            }
            let origin = preferences.origins[key] ?? .builtIn
            var detail: [(key: String, node: JSONNode)] = [
                ("value", JSONNode(value)), ("origin", JSONNode(.string(origin.name))),
            ]
            switch origin {
            case .flag(let name), .environment(let name): detail.append(("source", JSONNode(.string(name))))
            case .file, .builtIn: break
            }
            members.append((key.rawValue, JSONNode(.object(detail))))
        }
        // What a preference kept per language holds for the other languages, under the names `prefs get` takes.
        for key in PreferenceKey.allCases {
            guard let others = preferences.otherLanguages[key] else { continue }
            let index = (members.firstIndex { $0.key == key.rawValue } ?? members.count - 1) + 1
            let added = others.keys.sorted().map { language in
                let value = JSONNode(.string(others[language]!))
                let node =
                    origins
                    ? JSONNode(.object([("value", value), ("origin", JSONNode(.string(PreferenceOrigin.file.name)))]))
                    : value
                return (key: "\(key.rawValue).\(language)", node: node)
            }
            members.insert(contentsOf: added, at: index)
        }
        return JSONWriter.pretty(.object(members))
    }
}

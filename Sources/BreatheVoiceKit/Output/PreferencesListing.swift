import BreatheCore

/// `prefs show` and `prefs get`: one line per preference, optionally with where its value came from, or JSON.
public struct PreferencesListing {
    public let localizer: Localizer

    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// The value as `prefs get` prints it.
    public func value(_ key: PreferenceKey, in preferences: Preferences) -> String {
        guard let value = preferences.values[key] else {
            return localizer.string(Message(key == .voice ? .prefsLanguageVoice : .prefsNotSet))
        }
        return value.displayText
    }

    public func origin(_ origin: PreferenceOrigin) -> String {
        switch origin {
        case .flag(let flag): localizer.string(Message(.originFlag, ["flag": .text(flag)]))
        case .environment(let variable): localizer.string(Message(.originEnvironment, ["variable": .text(variable)]))
        case .file: localizer.string(Message(.originFile))
        case .builtIn: localizer.string(Message(.originDefault))
        }
    }

    public func text(_ preferences: Preferences, origins: Bool) -> String {
        PreferenceKey.allCases.map { key in
            let arguments: [String: MessageArgument] = [
                "key": .text(key.rawValue), "value": .text(value(key, in: preferences)),
                "origin": .text(origin(preferences.origins[key] ?? .builtIn)),
            ]
            return PlainText.line(localizer.string(Message(origins ? .prefsRowOrigin : .prefsRow, arguments)))
        }.joined()
    }

    /// `{"version": 1, "rate": {"value": 175, "origin": "default"}, …}` with `origins`, else the values alone.
    public func json(_ preferences: Preferences, origins: Bool) -> String {
        var members: [(key: String, node: JSONNode)] = []
        for key in PreferenceKey.allCases {
            let value = preferences.values[key]?.json ?? .null
            guard origins else { members.append((key.rawValue, JSONNode(value))); continue }
            let origin = preferences.origins[key] ?? .builtIn
            var detail: [(key: String, node: JSONNode)] = [("value", JSONNode(value)), ("origin", JSONNode(.string(origin.name)))]
            switch origin {
            case .flag(let name), .environment(let name): detail.append(("source", JSONNode(.string(name))))
            case .file, .builtIn: break
            }
            members.append((key.rawValue, JSONNode(.object(detail))))
        }
        return JSONWriter.pretty(.object(members))
    }
}

/// What each preference accepts, its default, and how it is read from typed text or from the file.
package struct PreferenceRules: Sendable {
    /// The built-in language codes, for `language` and the per-language voices.
    var languages: [String]

    package init(languages: [String]) {
        self.languages = languages
    }

    /// The newest file version this program reads and the one it writes.
    static let version = 1

    /// What most preferences hold, read, checked and described alike; the others have rules of their own below.
    enum Kind: Hashable, Sendable {
        /// On or off: `on`, `true`, `yes` or `1` typed, a JSON boolean in the file.
        case onOff
        /// A whole number in a range.
        case count(ClosedRange<Int>)
        /// One of a few words, typed in any case, saved in lowercase.
        case choice([String])
    }

    /// A preference's kind, from its row (`PreferenceKey.declaration`); nil for one read by a rule of its own (the
    /// language, the voices, the patterns, minutes, quiet hours, the reminder's wait, screen-reader mode).
    static func kind(_ key: PreferenceKey) -> Kind? { key.declaration.kind }

    /// The range of a whole-number preference (`kind`), or an empty one.
    package static func range(_ key: PreferenceKey) -> ClosedRange<Int> {
        if case .count(let range)? = kind(key) { range } else { 0...0 }
    }

    package static var rate: ClosedRange<Int> { range(.rate) }
    static var pitch: ClosedRange<Int> { range(.pitch) }
    static var volume: ClosedRange<Int> { range(.volume) }
    package static var toneVolume: ClosedRange<Int> { range(.toneVolume) }
    /// Custom pattern names: 1 to 32 characters.
    static let nameLength = 1...32

    /// The built-in default of a number preference (rate, pitch, volume, toneVolume): what the options, the audio
    /// choices and `Preferences` fall back to, from its row.
    package static func defaultInteger(_ key: PreferenceKey) -> Int { defaultValue(key)?.integer ?? 0 }

    /// The built-in default of a choice preference, as its type, from its row.
    package static func defaultSetting<Setting: RawRepresentable & CaseIterable>(_ key: PreferenceKey) -> Setting
    where Setting.RawValue == String {
        defaultValue(key)?.text.flatMap(Setting.init(rawValue:)) ?? Setting.allCases.first!
    }

    /// The built-in default of an on/off preference, from its row.
    package static func defaultFlag(_ key: PreferenceKey) -> Bool { defaultValue(key)?.flag ?? false }

    /// The built-in default, from its row (`PreferenceKey.declaration`), or nil where the default depends on something
    /// else (the language's own voice, the locale's language) or where there is none (quiet hours).
    package static func defaultValue(_ key: PreferenceKey) -> PreferenceValue? { key.declaration.defaultValue }

    /// What a key allows, for errors: "a whole number from 80 to 450".
    package func allowed(_ key: PreferenceKey) -> Message {
        func choice(_ words: [String]) -> Message {
            Message(.allowedChoice, ["choices": .text(words.joined(separator: ", "))])
        }
        switch Self.kind(key) {
        case .onOff?: return Message(.allowedOnOff)
        case .count(let range)?:
            return Message(.rangeCount, ["min": .integer(range.lowerBound), "max": .integer(range.upperBound)])
        case .choice(let words)?: return choice(words)
        case nil: break
        }
        switch key {
        case .language: return choice(languages)
        case .voice: return Message(.allowedVoice)
        case .screenReader: return choice(ScreenReaderSetting.allCases.map(\.rawValue))
        case .defaultPattern, .remindPattern: return Message(.allowedPattern)
        case .defaultMinutes, .remindMinutes: return NumberField.minutes.rangeMessage
        case .quietHours: return Message(.allowedQuietHours)
        case .remindDefer: return Message(.allowedDefer)
        default: return Message(.allowedCustomPatterns) // customPatterns; every other key has a kind (above)
        }
    }

    /// Reads a value typed by the user (`prefs set`, an environment variable, an option). Nil means "not allowed";
    /// the caller words the error with `allowed(key)`. Pattern names are checked against `customPatterns`.
    package func parse(_ key: PreferenceKey, _ text: String, customPatterns: [BreathingPattern] = [])
        -> PreferenceValue?
    {
        let trimmed = text.trimmingSpaces
        func integer(_ range: ClosedRange<Int>) -> PreferenceValue? {
            guard trimmed.count <= 9, !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit), let value = Int(trimmed),
                range.contains(value)
            else { return nil }
            return .integer(value)
        }
        switch Self.kind(key) {
        case .onOff?:
            switch trimmed.lowercased() {
            case "on", "true", "yes", "1": return .onOff(true)
            case "off", "false", "no", "0": return .onOff(false)
            default: return nil
            }
        case .count(let range)?: return integer(range)
        case .choice(let words)?:
            let word = trimmed.lowercased()
            return words.contains(word) ? .text(word) : nil
        case nil: break
        }
        switch key {
        case .language:
            // In any case ("ES", "pt-br"), saved as the locale file spells it ("pt-BR").
            let code = trimmed.lowercased()
            return languages.first { $0.lowercased() == code }.map { .text($0) }
        case .voice: return Self.isVoiceName(trimmed) ? .text(trimmed) : nil
        case .screenReader: return ScreenReaderSetting(typed: trimmed).map { .text($0.rawValue) }
        case .defaultPattern, .remindPattern:
            guard case .success = PatternSpec.resolve(trimmed, saved: customPatterns) else { return nil }
            return .text(trimmed)
        case .defaultMinutes, .remindMinutes:
            guard case .success(let hundredths) = NumberField.minutes.parse(trimmed) else { return nil }
            return .minutes(hundredths: hundredths)
        case .quietHours:
            guard case .success(let hours) = QuietHours.parse(trimmed) else { return nil }
            return .quietHours(hours)
        case .remindDefer:
            guard case .success(let wait) = ReminderDefer.parse(trimmed) else { return nil }
            return .text(wait.text)
        default:
            // customPatterns: changed only through `patterns add` and `patterns remove`, which check each name.
            return nil
        }
    }

    /// An eSpeak NG voice name: letters, digits and `-_+./`, 1 to 64 characters (e.g. en-us, es+f3, gmw/en-GB-x-rp).
    static func isVoiceName(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+./".unicodeScalars.contains($0))
            }
    }

    /// Checks a name for a new custom pattern (`patterns add`); nil when it is fine, else the refusal.
    package static func checkPatternName(_ name: String) -> Message? {
        if let problem = checkSavedPatternName(name) { return problem }
        if BreathingPattern.builtIn(named: name) != nil {
            return Message(.errorPatternBuiltIn, ["name": .userValue(name)])
        }
        return nil
    }

    /// Checks the name of a pattern read from the preferences file: its form only. One saved before a later version
    /// shipped a built-in of that name is kept, and keeps working (see `PatternSpec.resolve`).
    static func checkSavedPatternName(_ name: String) -> Message? {
        let scalars = name.unicodeScalars
        guard nameLength.contains(name.count), let first = scalars.first, first.properties.isAlphabetic,
            scalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_"
            })
        else { return Message(.errorPatternName, ["name": .userValue(name)]) }
        return nil
    }

    /// Reads a value from the file. On failure, returns what was wrong, as a sentence about `key`.
    func decode(_ key: PreferenceKey, _ node: JSONNode, customPatterns: [BreathingPattern]) -> Result<
        PreferenceValue, InputError
    > {
        func refuse() -> Result<PreferenceValue, InputError> {
            .failure(
                InputError(
                    Message(.errorPrefsFileValue, ["key": .text(key.rawValue), "allowed": .message(allowed(key))])))
        }
        switch Self.kind(key) {
        case .onOff?:
            guard case .bool(let flag) = node.value else { return refuse() }
            return .success(.onOff(flag))
        case .count?:
            guard let value = node.value.integer, let parsed = parse(key, String(value)) else { return refuse() }
            return .success(parsed)
        case .choice?:
            guard let text = node.value.string, let parsed = parse(key, text) else { return refuse() }
            return .success(parsed)
        case nil: break
        }
        switch key {
        case .screenReader:
            // Written as true or false before it had more than two values.
            if case .bool(let flag) = node.value { return .success(.text(flag ? "on" : "off")) }
            guard let text = node.value.string, let setting = ScreenReaderSetting(typed: text) else { return refuse() }
            return .success(.text(setting.rawValue))
        case .defaultMinutes, .remindMinutes:
            guard case .number(let text) = node.value, let parsed = parse(key, text) else { return refuse() }
            return .success(parsed)
        case .language, .defaultPattern, .remindPattern, .remindDefer:
            guard let text = node.value.string, let parsed = parse(key, text, customPatterns: customPatterns) else {
                return refuse()
            }
            return .success(parsed)
        case .quietHours:
            guard let start = node.value["start"]?.value.string.flatMap({ try? TimeOfDay.parse($0).get() }),
                let end = node.value["end"]?.value.string.flatMap({ try? TimeOfDay.parse($0).get() }),
                case .object(let members) = node.value, members.count == 2
            else { return refuse() }
            return .success(.quietHours(QuietHours(start: start, end: end)))
        case .voice:
            guard case .object(let members) = node.value else { return refuse() }
            var voices: [String: String] = [:]
            for member in members {
                guard languages.contains(member.key), let name = member.node.value.string, Self.isVoiceName(name)
                else { return refuse() }
                voices[member.key] = name
            }
            return .success(.voices(voices))
        default: // customPatterns; every other key has a kind (above)
            guard case .object(let members) = node.value else { return refuse() }
            var patterns: [BreathingPattern] = []
            for member in members {
                if let problem = Self.checkSavedPatternName(member.key) { return .failure(InputError(problem)) }
                guard let text = member.node.value.string, case .success(let timings) = PatternSpec.parseTimings(text)
                else { return refuse() }
                patterns.append(BreathingPattern(name: member.key, phases: timings.phases))
            }
            return .success(.patterns(patterns))
        }
    }
}

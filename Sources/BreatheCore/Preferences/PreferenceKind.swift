/// What a preference holds, and everything that follows from it: how typed text is read (`prefs set`, its environment
/// variable, its option), how the file's value is read, what an error says it allows, its option's value name and
/// completions, and how `prefs show` describes it. A row (`PreferenceKey.declaration`) names its kind; a new preference
/// of a kind below needs nothing else.
enum PreferenceKind: Sendable {
    /// On or off: `on`, `true`, `yes` or `1` typed, a JSON boolean in the file.
    case onOff
    /// A whole number in a range.
    case number(ClosedRange<Int>)
    /// One of a few words, typed in any case, saved in lowercase.
    case choice([String])
    /// A length of time (`PreferenceDuration`): a session's minutes, or a reminder's wait.
    case duration(PreferenceDuration)
    /// A value no kind above describes, read by a small named rule of its own (`PreferenceRule`).
    case rule(PreferenceRule)

    /// What it allows, for errors: "a whole number from 80 to 450".
    func allowed(_ rules: PreferenceRules) -> Message {
        switch self {
        case .onOff: Message(.allowedOnOff)
        case .number(let range):
            Message(.rangeCount, ["min": .integer(range.lowerBound), "max": .integer(range.upperBound)])
        case .choice(let words): Self.allowed(choices: words)
        case .duration(let duration): duration.allowed
        case .rule(let rule): rule.allowed(rules)
        }
    }

    /// "one of: auto, on, off".
    static func allowed(choices words: [String]) -> Message {
        Message(.allowedChoice, ["choices": .text(words.joined(separator: ", "))])
    }

    /// Reads typed text, spaces around it ignored; nil when it is not allowed.
    func parse(_ typed: String, _ rules: PreferenceRules, customPatterns: [BreathingPattern]) -> PreferenceValue? {
        let text = typed.trimmingSpaces
        switch self {
        case .onOff: return Self.onOff(text).map(PreferenceValue.onOff)
        case .number(let range):
            guard text.count <= 9, !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
                range.contains(value)
            else { return nil }
            return .integer(value)
        case .choice(let words):
            let word = text.lowercased()
            return words.contains(word) ? .text(word) : nil
        case .duration(let duration): return duration.parse(text)
        case .rule(let rule): return rule.parse(text, rules, customPatterns)
        }
    }

    /// On or off in the usual spellings, in any case; nil for anything else.
    static func onOff(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }

    /// Reads the file's value: nil when it is not allowed (the caller says what is), or a failure of its own.
    func decode(_ node: JSONNode, _ rules: PreferenceRules, customPatterns: [BreathingPattern]) -> Result<
        PreferenceValue, InputError
    >? {
        let parsed: PreferenceValue?
        switch self {
        case .onOff:
            guard case .bool(let flag) = node.value else { return nil }
            parsed = .onOff(flag)
        case .number: parsed = node.value.integer.flatMap { parse(String($0), rules, customPatterns: []) }
        case .choice: parsed = node.value.string.flatMap { parse($0, rules, customPatterns: []) }
        case .duration(let duration): parsed = duration.decode(node)
        case .rule(let rule): return rule.read(node, rules, customPatterns)
        }
        return parsed.map { .success($0) }
    }

    /// The option's value in `--help` when the row gives none: the choices ("on|off", "swell|off"), else "value".
    var valueName: String {
        switch self {
        case .onOff: "on|off"
        case .choice(let words): words.joined(separator: "|")
        case .number, .duration, .rule: "value"
        }
    }

    /// What the completions offer for its option: the words it takes; none for a number or a length of time.
    var completionWords: [String] {
        switch self {
        case .onOff: ["on", "off"]
        case .choice(let words): words
        case .number, .duration: []
        case .rule(let rule): rule.words
        }
    }

    /// Whether it is kept per language (`PreferenceRule.perLanguage`: the voice).
    var isPerLanguage: Bool { if case .rule(let rule) = self { rule.perLanguage } else { false } }

    /// Whether `prefs set` refuses it (`PreferenceRule.readOnly`: the saved patterns, changed by `patterns add`).
    var isReadOnly: Bool { if case .rule(let rule) = self { rule.readOnly } else { false } }

    /// What `prefs get` and `prefs show` say when it is not set: "not set", or the language's own voice.
    var unsetMessage: MessageKey { if case .rule(let rule) = self { rule.unsetMessage } else { .prefsNotSet } }

    /// The range of a whole number; nil for the other kinds.
    var range: ClosedRange<Int>? { if case .number(let range) = self { range } else { nil } }

    /// How `prefs show` says `value`: on and off in words (switches, and choices whose value is on or off), a wait in
    /// words, decimals with the language's separator.
    func description(of value: PreferenceValue) -> PreferenceDescription {
        if case .duration(let duration) = self, let message = duration.words(value) { return .message(message) }
        switch value {
        case .onOff(let flag): return .message(Message(flag ? .prefsOn : .prefsOff))
        // A choice whose value is on or off (screen-reader mode, the braille display) reads like the switches.
        case .text(let text) where text == "on" || text == "off":
            return .message(Message(text == "on" ? .prefsOn : .prefsOff))
        case .minutes, .patterns: return .decimals(value.displayText)
        default: return .text(value.displayText)
        }
    }
}

/// A value as `prefs show` says it, for the localizer to finish.
enum PreferenceDescription: Hashable, Sendable {
    /// A sentence of the locale files ("on", "15 minutes").
    case message(Message)
    /// Numbers whose decimal separator is the language's.
    case decimals(String)
    /// As it is.
    case text(String)
}

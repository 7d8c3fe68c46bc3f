/// Every preference, resolved: a command-line option, else an environment variable, else the file, else the default.
///
/// The CLI reads the typed properties; `prefs show` reads `values` and `origins`.
public struct Preferences: Hashable, Sendable {
    /// Each key's value (keys without a value, such as unset quiet hours, are absent).
    public var values: [PreferenceKey: PreferenceValue]
    /// Where each key's value came from; every key is present.
    public var origins: [PreferenceKey: PreferenceOrigin]
    /// The saved patterns, from the file.
    public var customPatterns: [BreathingPattern]

    public var language: String { values[.language]?.text ?? "en" }
    /// The eSpeak NG voice for `language`, or nil for the language's own default voice.
    public var voice: String? { values[.voice]?.text }
    public var rate: Int { values[.rate]?.integer ?? 175 }
    public var pitch: Int { values[.pitch]?.integer ?? 50 }
    public var volume: Int { values[.volume]?.integer ?? 100 }
    public var speech: Bool { values[.speech]?.flag ?? true }
    public var tones: Bool { values[.tones]?.flag ?? true }
    public var toneVolume: Int { values[.toneVolume]?.integer ?? 70 }
    public var count: Bool { values[.count]?.flag ?? false }
    /// auto, plain, visual or quiet.
    public var display: String { values[.display]?.text ?? "auto" }
    /// Phase lines without their cycle and units (`--terse`).
    public var terse: Bool { values[.terse]?.flag ?? false }
    /// Who says the phrases (`--speech-via`).
    public var speechVia: SpeechBackend { values[.speechVia]?.text.flatMap(SpeechBackend.init(rawValue:)) ?? .espeak }
    /// The SSIP priority of phrases sent to speech-dispatcher (`--speech-priority`).
    public var speechPriority: SpeechPriority { values[.speechPriority]?.text.flatMap(SpeechPriority.init(rawValue:)) ?? .message }
    /// Screen-reader mode (`--screen-reader`).
    public var screenReader: Bool { values[.screenReader]?.flag ?? false }
    public var defaultPattern: String { values[.defaultPattern]?.text ?? BreathingPattern.defaultName }
    public var defaultLength: SessionLength {
        if case .minutes(let hundredths)? = values[.defaultMinutes] { .minutes(hundredths: hundredths) } else { .default }
    }
    public var leadIn: Bool { values[.leadIn]?.flag ?? true }
    public var quietHours: QuietHours? {
        if case .quietHours(let hours)? = values[.quietHours] { hours } else { nil }
    }
    public var remindPattern: String { values[.remindPattern]?.text ?? BreathingPattern.defaultName }
    public var remindLength: SessionLength {
        if case .minutes(let hundredths)? = values[.remindMinutes] { .minutes(hundredths: hundredths) } else { .minutes(hundredths: 200) }
    }

    /// `cron` or `systemd`: how `schedule add` schedules a reminder.
    public var scheduleVia: String { values[.scheduleVia]?.text ?? "cron" }

    /// A value that came from an option or an environment variable and is not allowed.
    public struct Refusal: Error, Hashable, Sendable {
        public var message: Message
        /// True for an environment variable (a configuration problem, 78); false for an option (a usage error, 64).
        public var fromEnvironment: Bool
    }

    /// Resolves every key.
    /// - Parameters:
    ///   - flags: option values as typed, by key (only those given).
    ///   - environment: the process environment; `BREATHE_VOICE_*` variables are read from it.
    ///   - document: the file's contents.
    ///   - localeLanguage: the language LC_ALL/LC_MESSAGES/LANG ask for, used when nothing else names one.
    public static func resolve(
        flags: [PreferenceKey: String] = [:],
        environment: [String: String],
        document: PreferencesDocument,
        rules: PreferenceRules,
        localeLanguage: String
    ) -> Result<Preferences, Refusal> {
        var values: [PreferenceKey: PreferenceValue] = [:]
        var origins: [PreferenceKey: PreferenceOrigin] = [:]
        let patterns = document.customPatterns
        // The language first: the voice depends on it.
        let order = [PreferenceKey.language] + PreferenceKey.allCases.filter { $0 != .language }
        for key in order {
            if key == .customPatterns {
                values[key] = .patterns(patterns)
                origins[key] = patterns.isEmpty ? .builtIn : .file
                continue
            }
            if let flag = key.flag, let text = flags[key] {
                guard let value = rules.parse(key, text, customPatterns: patterns) else {
                    return .failure(Refusal(message: refusal(.prefNameFlag, ["flag": .text(flag)], text, rules.allowed(key)), fromEnvironment: false))
                }
                values[key] = value
                origins[key] = .flag(flag)
                continue
            }
            if let variable = key.environmentVariable, let text = environment[variable], !text.isEmpty {
                guard let value = rules.parse(key, text, customPatterns: patterns) else {
                    return .failure(Refusal(message: refusal(.prefNameEnvironment, ["variable": .text(variable)], text, rules.allowed(key)), fromEnvironment: true))
                }
                values[key] = value
                origins[key] = .environment(variable)
                continue
            }
            if key == .voice {
                if case .voices(let voices)? = document.values[.voice], let name = voices[values[.language]?.text ?? localeLanguage] {
                    values[key] = .text(name)
                    origins[key] = .file
                } else {
                    origins[key] = .builtIn
                }
                continue
            }
            if let value = document.values[key] {
                values[key] = value
                origins[key] = .file
                continue
            }
            values[key] = key == .language ? .text(localeLanguage) : PreferenceRules.defaultValue(key)
            origins[key] = .builtIn
        }
        return .success(Preferences(values: values, origins: origins, customPatterns: patterns))
    }

    static func refusal(_ nameKey: MessageKey, _ nameArguments: [String: MessageArgument], _ text: String, _ allowed: Message) -> Message {
        Message(.errorPrefValue, [
            "name": .message(Message(nameKey, nameArguments)), "value": .userValue(text), "allowed": .message(allowed),
        ])
    }

    /// The sentence for a value `prefs set` refuses.
    public static func refusal(key: String, value: String, allowed: Message) -> Message {
        refusal(.prefNameKey, ["key": .text(key)], value, allowed)
    }
}

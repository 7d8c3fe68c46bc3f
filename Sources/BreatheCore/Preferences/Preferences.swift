/// Every preference, resolved: a command-line option, else an environment variable, else the file, else the default.
///
/// The CLI reads the typed properties; `prefs show` reads `values` and `origins`.
package struct Preferences: Hashable, Sendable {
    /// Each key's value (keys without a value, such as unset quiet hours, are absent).
    package var values: [PreferenceKey: PreferenceValue]
    /// Where each key's value came from; every key is present.
    package var origins: [PreferenceKey: PreferenceOrigin]
    /// The saved patterns, from the file.
    package var customPatterns: [BreathingPattern]
    /// What a preference kept per language (the voice) holds in the file for the languages other than `language`, by
    /// language code: `prefs show` lists them after the language's own.
    package var otherLanguages: [PreferenceKey: [String: String]] = [:]

    /// A preference's value: the one resolved, else its built-in default (its row in `PreferenceKey.declaration`, the
    /// one place each default is written).
    func value(_ key: PreferenceKey) -> PreferenceValue? { values[key] ?? PreferenceRules.defaultValue(key) }
    /// An on/off preference.
    package func flag(_ key: PreferenceKey) -> Bool { value(key)?.flag ?? false }
    /// A whole-number preference.
    package func integer(_ key: PreferenceKey) -> Int { value(key)?.integer ?? 0 }
    /// A text or choice preference, as typed and checked.
    package func text(_ key: PreferenceKey) -> String { value(key)?.text ?? "" }
    /// A choice preference as its type.
    package func setting<Setting: RawRepresentable & CaseIterable>(_ key: PreferenceKey) -> Setting
    where Setting.RawValue == String {
        // Resolved values and defaults are among the choices (`PreferenceRules` checks them); an enum has a case.
        Setting(rawValue: text(key)) ?? Setting.allCases.first!
    }
    /// A minutes preference as a session length.
    func length(_ key: PreferenceKey) -> SessionLength {
        if case .minutes(let hundredths)? = value(key) { .minutes(hundredths: hundredths) } else { .default }
    }

    package var language: String { values[.language]?.text ?? "en" }
    /// The eSpeak NG voice for `language`, or nil for the language's own default voice.
    package var voice: String? { values[.voice]?.text }
    package var rate: Int { integer(.rate) }
    package var pitch: Int { integer(.pitch) }
    package var volume: Int { integer(.volume) }
    package var toneVolume: Int { integer(.toneVolume) }
    /// auto, plain, visual or quiet.
    package var display: String { text(.display) }
    /// Who says the phrases (`--speech-via`).
    package var speechVia: SpeechBackend { setting(.speechVia) }
    /// The SSIP priority of phrases sent to speech-dispatcher (`--speech-priority`).
    package var speechPriority: SpeechPriority { setting(.speechPriority) }
    /// Screen-reader mode (`--screen-reader`).
    package var screenReader: ScreenReaderSetting { setting(.screenReader) }
    /// Whether a session shows itself on a braille display (`--braille`).
    package var braille: BrailleSetting { setting(.braille) }
    package var defaultPattern: String { text(.defaultPattern) }
    package var defaultLength: SessionLength { length(.defaultMinutes) }
    package var quietHours: QuietHours? {
        if case .quietHours(let hours)? = values[.quietHours] { hours } else { nil }
    }
    package var remindPattern: String { text(.remindPattern) }
    package var remindLength: SessionLength { length(.remindMinutes) }

    /// How long a reminder waits while a call or a recording is in progress.
    package var remindDefer: ReminderDefer { (try? ReminderDefer.parse(text(.remindDefer)).get()) ?? .standard }

    /// `cron` or `systemd`: how `schedule add` schedules a reminder.
    package var scheduleVia: String { text(.scheduleVia) }

    /// A value that came from an option or an environment variable and is not allowed.
    package struct Refusal: Error, Hashable, Sendable {
        package var message: Message
        /// True for an environment variable (a configuration problem, 78); false for an option (a usage error, 64).
        package var fromEnvironment: Bool
    }

    /// Resolves every key.
    /// - Parameters:
    ///   - flags: option values as typed, by key (only those given).
    ///   - environment: the process environment; `BREATHE_VOICE_*` variables are read from it.
    ///   - document: the file's contents.
    ///   - localeLanguage: the language LC_ALL/LC_MESSAGES/LANG ask for, used when nothing else names one.
    package static func resolve(
        flags: [PreferenceKey: String] = [:],
        environment: [String: String],
        document: PreferencesDocument,
        rules: PreferenceRules,
        localeLanguage: String
    ) -> Result<Preferences, Refusal> {
        var values: [PreferenceKey: PreferenceValue] = [:]
        var origins: [PreferenceKey: PreferenceOrigin] = [:]
        var others: [PreferenceKey: [String: String]] = [:]
        let patterns = document.customPatterns
        // The language first: what is kept per language (the voice) depends on it.
        let order = [PreferenceKey.language] + PreferenceKey.allCases.filter { $0 != .language }
        for key in order {
            if key == .customPatterns {
                values[key] = .patterns(patterns)
                origins[key] = patterns.isEmpty ? .builtIn : .file
                continue
            }
            if let flag = key.flag, let text = flags[key] {
                guard let value = rules.parse(key, text, customPatterns: patterns) else {
                    return .failure(
                        Refusal(
                            message: refusal(.prefNameFlag, ["flag": .text(flag)], text, rules.allowed(key)),
                            fromEnvironment: false))
                }
                values[key] = value
                origins[key] = .flag(flag)
                continue
            }
            if let variable = key.environmentVariable, let text = environment[variable], !text.isEmpty {
                guard let value = rules.parse(key, text, customPatterns: patterns) else {
                    return .failure(
                        Refusal(
                            message: refusal(
                                .prefNameEnvironment, ["variable": .text(variable)], text, rules.allowed(key)),
                            fromEnvironment: true))
                }
                values[key] = value
                origins[key] = .environment(variable)
                continue
            }
            if key.declaration.isPerLanguage {
                let language = values[.language]?.text ?? localeLanguage
                if case .byLanguage(var texts)? = document.values[key] {
                    texts[language] = nil
                    if !texts.isEmpty { others[key] = texts }
                }
                if let name = document.text(key, for: language) {
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
        return .success(
            Preferences(values: values, origins: origins, customPatterns: patterns, otherLanguages: others))
    }

    static func refusal(
        _ nameKey: MessageKey, _ nameArguments: [String: MessageArgument], _ text: String, _ allowed: Message
    ) -> Message {
        Message(
            .errorPrefValue,
            [
                "name": .message(Message(nameKey, nameArguments)), "value": .userValue(text),
                "allowed": .message(allowed),
            ])
    }

    /// The sentence for a value `prefs set` refuses.
    static func refusal(key: String, value: String, allowed: Message) -> Message {
        refusal(.prefNameKey, ["key": .text(key)], value, allowed)
    }
}

/// The rule of a preference no kind of `PreferenceKind` describes, named and kept together: what it allows, how typed
/// text and the file's value are read. Each is one `static let` below.
struct PreferenceRule: Sendable {
    /// What it allows, for errors.
    let allowed: @Sendable (PreferenceRules) -> Message
    /// Reads typed text (spaces around it already removed); nil when it is not allowed.
    let parse: @Sendable (String, PreferenceRules, [BreathingPattern]) -> PreferenceValue?
    /// Reads the file's value: nil when it is not allowed, or a failure of its own. None: a string, read by `parse`.
    var decode: (@Sendable (JSONNode, PreferenceRules, [BreathingPattern]) -> Result<PreferenceValue, InputError>?)?
    /// The words its option's completions offer, if it takes a fixed set.
    var words: [String] = []
    /// Whether it is kept per language (`voice.es`, `voice.en`), one text each in the file's one member: typed for one
    /// language, resolved for the session's.
    var perLanguage = false
    /// What `prefs get` says when it is not set.
    var unsetMessage = MessageKey.prefsNotSet
    /// Whether `prefs set` refuses it: it is changed by commands of its own (the saved patterns).
    var readOnly = false

    /// Reads the file's value with `decode`, or as a string read by `parse`.
    func read(_ node: JSONNode, _ rules: PreferenceRules, _ saved: [BreathingPattern]) -> Result<
        PreferenceValue, InputError
    >? {
        if let decode { return decode(node, rules, saved) }
        return node.value.string.flatMap { parse($0.trimmingSpaces, rules, saved) }.map { .success($0) }
    }

    /// The session language: a built-in code, in any case ("ES", "pt-br"), saved as its locale file spells it ("pt-BR").
    static let language = PreferenceRule(
        allowed: { PreferenceKind.allowed(choices: $0.languages) },
        parse: { text, rules, _ in
            let code = text.lowercased()
            return rules.languages.first { $0.lowercased() == code }.map { .text($0) }
        })

    /// The eSpeak NG voice: typed as a name; in the file, one per language (`{"es": "es-419"}`).
    static let voice = PreferenceRule(
        allowed: { _ in Message(.allowedVoice) },
        parse: { text, _, _ in PreferenceRules.isVoiceName(text) ? .text(text) : nil },
        decode: { node, rules, _ in
            guard case .object(let members) = node.value else { return nil }
            var voices: [String: String] = [:]
            for member in members {
                guard rules.languages.contains(member.key), let name = member.node.value.string,
                    PreferenceRules.isVoiceName(name)
                else { return nil }
                voices[member.key] = name
            }
            return .success(.byLanguage(voices))
        }, perLanguage: true, unsetMessage: .prefsLanguageVoice)

    /// Screen-reader mode: one of `ScreenReaderSetting`'s words, on and off in the usual spellings; written as true or
    /// false in the file before it had more than two values.
    static let screenReader = PreferenceRule(
        allowed: { _ in PreferenceKind.allowed(choices: ScreenReaderSetting.allCases.map(\.rawValue)) },
        parse: { text, _, _ in ScreenReaderSetting(typed: text).map { .text($0.rawValue) } },
        decode: { node, _, _ in
            if case .bool(let flag) = node.value { return .success(.text(flag ? "on" : "off")) }
            return node.value.string.flatMap(ScreenReaderSetting.init(typed:)).map { .success(.text($0.rawValue)) }
        },
        words: ScreenReaderSetting.allCases.map(\.rawValue))

    /// A pattern: a built-in or saved name, or timings.
    static let pattern = PreferenceRule(
        allowed: { _ in Message(.allowedPattern) },
        parse: { text, _, saved in
            guard case .success = PatternSpec.resolve(text, saved: saved) else { return nil }
            return .text(text)
        })

    /// Quiet hours: "22:00-07:00" typed; a start and an end in the file.
    static let quietHours = PreferenceRule(
        allowed: { _ in Message(.allowedQuietHours) },
        parse: { text, _, _ in
            guard case .success(let hours) = QuietHours.parse(text) else { return nil }
            return .quietHours(hours)
        },
        decode: { node, _, _ in
            guard let start = node.value["start"]?.value.string.flatMap({ try? TimeOfDay.parse($0).get() }),
                let end = node.value["end"]?.value.string.flatMap({ try? TimeOfDay.parse($0).get() }),
                case .object(let members) = node.value, members.count == 2
            else { return nil }
            return .success(.quietHours(QuietHours(start: start, end: end)))
        })

    /// The saved patterns: never typed (`patterns add` and `patterns remove` check each name); in the file, names and
    /// their timings.
    static let customPatterns = PreferenceRule(
        allowed: { _ in Message(.allowedCustomPatterns) },
        parse: { _, _, _ in nil },
        decode: { node, _, _ in
            guard case .object(let members) = node.value else { return nil }
            var patterns: [BreathingPattern] = []
            for member in members {
                if let problem = PreferenceRules.checkSavedPatternName(member.key) {
                    return .failure(InputError(problem))
                }
                guard let text = member.node.value.string, case .success(let timings) = PatternSpec.parseTimings(text)
                else { return nil }
                patterns.append(BreathingPattern(name: member.key, phases: timings.phases))
            }
            return .success(.patterns(patterns))
        }, readOnly: true)
}

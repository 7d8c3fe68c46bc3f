import BreatheCore

/// The `voice` preference checked by one rule wherever it comes from: refused when it is saved unless it names a voice
/// installed for its language (eSpeak NG's own list, as `voices` reads it: no sound server needed), and, when a voice
/// that does not work is met at use (uninstalled since, a hand-edited file, an environment variable, an option), the
/// error names the preference, where it came from and the fix.
package enum VoicePreference {
    /// Checks `name` (a voice, with or without a variant: `en-us+f3`) against the voices installed for `language`: a
    /// usage error (64) naming close matches and `breathe-voice voices` when it is not installed, or when it does not
    /// speak the language (its base language: `es` serves `es-419`).
    package static func check(_ name: String, language: String, speech: Speech) throws(BreatheError) {
        let voice = try speech.voice(named: name)
        let base = String(language.prefix { $0 != "-" })
        guard voice.speaks(base) else {
            throw .usage(
                Message(
                    .errorVoiceOtherLanguage,
                    [
                        "value": .userValue(name), "language": .text(Localizer(language: language).catalog.name),
                        "code": .text(language),
                    ]))
        }
    }

    /// The voice keys of `Speech.voice(named:)`'s errors.
    private static let voiceProblems: Set<MessageKey> = [
        .errorVoiceUnknown, .errorVoiceUnknownNoMatch, .errorVoiceVariantUnknown, .errorVoiceOtherLanguage,
    ]

    /// `error` again, naming where the voice came from when it is a voice that does not work: an option stays a usage
    /// error (64); the environment or the preferences file is a configuration problem (78) with its fix. Any other error
    /// is returned as it is.
    package static func explain(
        _ error: BreatheError, origin: PreferenceOrigin, language: String, file: @autoclosure () -> String
    ) -> BreatheError {
        guard case .usage(let problem) = error, voiceProblems.contains(problem.key) else { return error }
        switch origin {
        case .flag(let flag):
            return .usage(Message(.errorVoiceFromFlag, ["flag": .text(flag), "problem": .message(problem)]))
        case .environment(let variable):
            return .badPreferences(
                Message(.errorVoiceFromEnvironment, ["variable": .text(variable), "problem": .message(problem)]))
        case .file:
            return .badPreferences(
                Message(
                    .errorVoiceFromFile,
                    ["key": .text("voice." + language), "file": .text(file()), "problem": .message(problem)]))
        case .builtIn:
            return error
        }
    }
}

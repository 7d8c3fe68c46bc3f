import BreatheCore
import Synchronization

/// A `--voice` checked against the installed voices only when a phrase must be synthesized: a session whose phrases
/// are all in the phrase cache never opens eSpeak NG. The phrase cache keys such phrases by `label` (the name as
/// given, marked as a `--voice` value), so they never mix with another voice's, nor with the language's default voice.
package final class CheckedVoice: Sendable {
    /// The name given to `--voice`, such as `es-419` or `en-us+f3`.
    let name: String
    /// What stands for the voice in `SpeechSettings.voice` until it is checked: the phrase cache's key.
    package let label: String
    /// The eSpeak NG identifier the name stands for, or the usage error naming close matches; found once.
    private let checked = Mutex<Result<String, BreatheError>?>(nil)

    package init(name: String) {
        self.name = name
        label = "--voice=" + name
    }

    /// The voice's eSpeak NG identifier, checked (once) by `speech`.
    package func identifier(_ speech: Speech) throws(BreatheError) -> String {
        let result = checked.withLock { checked -> Result<String, BreatheError> in
            if let checked { return checked }
            let result: Result<String, BreatheError>
            do throws(BreatheError) {
                result = .success(try speech.voice(named: name).identifier)
            } catch {
                result = .failure(error)
            }
            checked = result
            return result
        }
        return try result.get()
    }

    /// `speech`, whose synthesis (whole or streamed) first turns this voice's `label` into the checked identifier.
    package func speaking(with speech: Speech) -> Speech {
        var checking = speech
        checking.synthesize = { [self] (text: String, settings: SpeechSettings) throws(BreatheError) -> AudioClip in
            var settings = settings
            if settings.voice == label { settings.voice = try identifier(speech) }
            return try speech.synthesize(text, settings)
        }
        checking.stream = { [self] (text: String, settings: SpeechSettings, sink) throws(BreatheError) -> Void in
            var settings = settings
            if settings.voice == label { settings.voice = try identifier(speech) }
            try speech.stream(text, settings, sink)
        }
        return checking
    }
}
